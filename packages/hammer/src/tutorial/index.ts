/**
 * The Hammer of the Scots tutorial: the player is Scotland in the first turns of Braveheart (seed "tut": the
 * hands and dice the steps expect). Turn 1 teaches cards and initiative, a group move over a border with its
 * limit, and a battle with reserves and a retreat; in turn 2 both sides play events, so the year ends and
 * Winter follows.
 */
import type { LogEntry, Tutorial } from '@tabula/engine';
import type { Action } from '../types.js';
import type { State } from '../state.js';
import { HAMMER_RULES as R } from '../rule-ids.js';

const E = (action: Action): LogEntry<Action> => ({ role: 'England', action });
const S = (action: Action): LogEntry<Action> => ({ role: 'Scotland', action });

export const tutorial: Tutorial<State, Action> = {
  id: 'hammer-of-the-scots',
  title: { en: 'Hammer of the Scots: the first year', de: 'Hammer of the Scots: das erste Jahr', es: 'Hammer of the Scots: el primer año', 'zh-Hans': '苏格兰之锤：第一年' },
  role: 'Scotland',
  start: { seed: 'tut' },
  steps: [
    {
      actions: [{ type: 'card', card: 6 }], rule: R.cards,
      text: {
        en: 'Each turn both sides play a card face down. Play your Move 3: the higher move card makes you Player 1, and you get 3 group moves.',
        de: 'In jedem Zug spielen beide Seiten verdeckt eine Karte. Spiel deine Bewegung 3: Die höhere Bewegungskarte macht dich zum Spieler 1, und du hast 3 Gruppenbewegungen.',
        es: 'Cada turno los dos bandos juegan una carta boca abajo. Juega tu Movimiento 3: la carta de movimiento más alta te hace Jugador 1 y te da 3 movimientos de grupo.',
        'zh-Hans': '每回合双方各面朝下打出一张牌。打出你的“移动3”：移动值较高的一方成为起始玩家，你获得3次群体移动。',
      },
      replies: [E({ type: 'card', card: 13 })],
    },
    {
      actions: [{ type: 'group', area: 'fife' }], rule: R.groupMoves,
      text: {
        en: 'England played Move 2, so you move first. Activate your group in Fife: all blocks in one area form a group, and one group move lets any of them move.',
        de: 'England hat Bewegung 2 gespielt, also ziehst du zuerst. Aktiviere deine Gruppe in Fife: Alle Blöcke in einem Gebiet sind eine Gruppe, und eine Gruppenbewegung lässt jeden von ihnen ziehen.',
        es: 'Inglaterra jugó Movimiento 2, así que mueves primero. Activa tu grupo en Fife: todos los bloques de un área forman un grupo, y un movimiento de grupo permite mover cualquiera de ellos.',
        'zh-Hans': '英格兰打出“移动2”，所以你先移动。激活你在Fife的群：同一区域的所有木块算一群，一次群体移动可让其中任意木块移动。',
      },
    },
    {
      actions: [{ type: 'block', block: 'S-wallace' }], rule: R.groupMoves,
      text: {
        en: 'Choose Wallace, your leader.',
        de: 'Wähle Wallace, deinen Anführer.',
        es: 'Elige a Wallace, tu líder.',
        'zh-Hans': '选择你的领袖华勒斯。',
      },
    },
    {
      actions: [{ type: 'to', area: 'atholl' }], rule: R.borderLimits,
      text: {
        en: 'Move Wallace into Atholl, held by an English noble: that starts a battle. The border from Fife is red (minor): a block must stop after crossing it, and only 2 blocks may cross it this turn.',
        de: 'Zieh Wallace nach Atholl, das ein englischer Adliger hält: Das führt zu einer Schlacht. Die Grenze von Fife ist rot (klein): Ein Block muss nach dem Überqueren anhalten, und nur 2 Blöcke dürfen sie in diesem Zug überqueren.',
        es: 'Mueve a Wallace a Atholl, en manos de un noble inglés: eso inicia una batalla. La frontera desde Fife es roja (menor): un bloque debe detenerse tras cruzarla y solo 2 bloques pueden cruzarla este turno.',
        'zh-Hans': '把华勒斯移入由英格兰贵族占据的Atholl：这将引发战斗。Fife这条边界是红色（小边界）：木块越过后必须停下，本回合只能有2个木块越过它。',
      },
    },
    {
      actions: [{ type: 'block', block: 'S-douglas' }], rule: R.groupMoves,
      text: {
        en: 'Now choose Douglas from the same group.',
        de: 'Wähle jetzt Douglas aus derselben Gruppe.',
        es: 'Ahora elige a Douglas del mismo grupo.',
        'zh-Hans': '现在选择同一群中的Douglas。',
      },
    },
    {
      actions: [{ type: 'to', area: 'atholl' }], rule: R.borderLimits,
      text: {
        en: 'Send Douglas after Wallace into Atholl. That is the second block over this border: it is now full.',
        de: 'Schick Douglas hinter Wallace nach Atholl. Das ist der zweite Block über diese Grenze: Sie ist jetzt voll.',
        es: 'Envía a Douglas tras Wallace a Atholl. Es el segundo bloque por esta frontera: ya está llena.',
        'zh-Hans': '让Douglas跟随华勒斯进入Atholl。这是越过这条边界的第二个木块：它已满。',
      },
    },
    {
      actions: [{ type: 'end' }], rule: R.borderLimits,
      text: {
        en: 'Barclay could not follow over the full border. End this group move; you end your Move Phase too, and England moves.',
        de: 'Barclay könnte über die volle Grenze nicht folgen. Beende diese Gruppenbewegung; du beendest auch deine Bewegungsphase, dann zieht England.',
        es: 'Barclay no podría seguirlos por la frontera llena. Termina este movimiento de grupo; también terminas tu fase de movimiento y mueve Inglaterra.',
        'zh-Hans': 'Barclay无法越过已满的边界跟上。结束这次群体移动；你的移动阶段也随之结束，轮到英格兰移动。',
      },
      replies: [S({ type: 'end' }), E({ type: 'group', area: 'mentieth' }), E({ type: 'block', block: 'E-noble-mentieth' }), E({ type: 'to', area: 'atholl' }), E({ type: 'end' }), E({ type: 'end' })],
    },
    {
      actions: [{ type: 'fire', block: 'S-wallace' }], rule: R.combatTurns,
      text: {
        en: 'England sent the Mentieth noble into Atholl too: he entered after the battle began, so he waits in reserve until round 2. Blocks fight in initiative order A, B, C. Wallace is an A block: fire!',
        de: 'England hat auch den Adligen von Mentieth nach Atholl geschickt: Er kam nach Beginn der Schlacht und wartet als Reserve bis Runde 2. Blöcke kämpfen in der Reihenfolge A, B, C. Wallace ist ein A-Block: Feuer!',
        es: 'Inglaterra también envió al noble de Mentieth a Atholl: llegó después de empezar la batalla, así que espera en reserva hasta la ronda 2. Los bloques luchan por iniciativa A, B, C. Wallace es un bloque A: ¡dispara!',
        'zh-Hans': '英格兰也把Mentieth贵族派入Atholl：他在战斗开始后才到，作为后备部队等到第2轮。木块按先攻字母A、B、C的顺序作战。华勒斯是A级木块：开火！',
      },
      replies: [E({ type: 'fire', block: 'E-noble-atholl' })],
    },
    {
      actions: [{ type: 'hit', block: 'S-douglas' }], rule: R.takingHits,
      text: {
        en: 'The Atholl noble hit twice. Each hit goes to your strongest block; Wallace and Douglas are equal, so you choose. Give the first to Douglas.',
        de: 'Der Adlige von Atholl hat zweimal getroffen. Jeder Treffer geht an deinen stärksten Block; Wallace und Douglas sind gleich stark, also wählst du. Gib den ersten Douglas.',
        es: 'El noble de Atholl impactó dos veces. Cada impacto va a tu bloque más fuerte; Wallace y Douglas tienen la misma fuerza, así que eliges tú. Da el primero a Douglas.',
        'zh-Hans': 'Atholl贵族造成2点伤害。每点伤害都分配给你战斗力最高的木块；华勒斯和Douglas一样强，由你选择。把第一点给Douglas。',
      },
    },
    {
      actions: [{ type: 'fire', block: 'S-douglas' }], rule: R.capturedNobles,
      text: {
        en: 'Douglas fires last (C). If the Atholl noble falls, he is captured and joins your side.',
        de: 'Douglas feuert als Letzter (C). Fällt der Adlige von Atholl, wird er gefangen und wechselt auf deine Seite.',
        es: 'Douglas dispara el último (C). Si cae el noble de Atholl, es capturado y se pasa a tu bando.',
        'zh-Hans': 'Douglas最后开火（C）。如果Atholl贵族被击败，他会被俘并加入你这一方。',
      },
    },
    {
      actions: [{ type: 'fire', block: 'S-wallace' }], rule: R.mainAttack,
      text: {
        en: 'Round 2: the captured noble fights for you, and the English reserve has arrived. With the defenders gone, England now attacks. Fire with Wallace.',
        de: 'Runde 2: Der gefangene Adlige kämpft für dich, und die englische Reserve ist da. Da die Verteidiger weg sind, greift jetzt England an. Feuere mit Wallace.',
        es: 'Ronda 2: el noble capturado lucha por ti y ha llegado la reserva inglesa. Sin los defensores, ahora ataca Inglaterra. Dispara con Wallace.',
        'zh-Hans': '第2轮：被俘的贵族为你作战，英格兰的后备部队也已到达。守方已不在，现在由英格兰进攻。用华勒斯开火。',
      },
    },
    {
      actions: [{ type: 'retreat', block: 'S-noble-atholl', to: 'fife' }], rule: R.retreats,
      text: {
        en: 'The Atholl noble has 1 step left. Instead of firing, a block may retreat to a friendly area over a border it may use. Retreat him to Fife.',
        de: 'Der Adlige von Atholl hat nur noch 1 Stärkepunkt. Statt zu feuern, darf sich ein Block über eine erlaubte Grenze in ein eigenes Gebiet zurückziehen. Zieh ihn nach Fife zurück.',
        es: 'Al noble de Atholl le queda 1 punto de fuerza. En vez de disparar, un bloque puede retirarse a un área amiga por una frontera permitida. Retíralo a Fife.',
        'zh-Hans': 'Atholl贵族只剩1点战斗力。木块可以不开火，而是经允许的边界撤退到己方区域。让他撤退到Fife。',
      },
      replies: [E({ type: 'fire', block: 'E-noble-mentieth' }), S({ type: 'hit', block: 'S-douglas' }), S({ type: 'fire', block: 'S-douglas' }), S({ type: 'fire', block: 'S-wallace' }),
        E({ type: 'fire', block: 'E-noble-mentieth' }), S({ type: 'fire', block: 'S-douglas' }), E({ type: 'retreat', block: 'E-noble-mentieth', to: 'lochaber' }), S({ type: 'done' })],
    },
    {
      actions: [{ type: 'card', card: 1 }], rule: R.events,
      text: {
        en: 'The battle played on: after round 3 the English attacker had to retreat, and Atholl is yours. Turn 2: play Herald, an event card. When both sides play events, the year ends after this turn.',
        de: 'Die Schlacht lief weiter: Nach Runde 3 musste sich der englische Angreifer zurückziehen, Atholl gehört dir. Zug 2: Spiel Herald, eine Ereigniskarte. Spielen beide Seiten Ereignisse, endet das Jahr nach diesem Zug.',
        es: 'La batalla siguió: tras la ronda 3 el atacante inglés tuvo que retirarse, y Atholl es tuyo. Turno 2: juega Heraldo, una carta de evento. Si los dos bandos juegan eventos, el año acaba tras este turno.',
        'zh-Hans': '战斗继续进行：第3轮后英格兰进攻方必须撤退，Atholl归你了。第2回合：打出事件牌“传令官”。若双方都打出事件牌，本回合结束后这一年就结束。',
      },
      replies: [E({ type: 'card', card: 2 }), E({ type: 'pass' })],
    },
    {
      actions: [{ type: 'herald', noble: 'Lennox' }], rule: R.events,
      text: {
        en: 'England played Pillage and passed on it. Herald: name an English noble, Lennox. A die of 1 to 4 brings him to your side.',
        de: 'England hat Pillage gespielt und darauf verzichtet. Herald: Nenne einen englischen Adligen, Lennox. Eine 1 bis 4 auf dem Würfel bringt ihn auf deine Seite.',
        es: 'Inglaterra jugó Saqueo y renunció a él. Heraldo: nombra a un noble inglés, Lennox. Un dado de 1 a 4 lo pasa a tu bando.',
        'zh-Hans': '英格兰打出“劫掠”并放弃了它。传令官：指定一名英格兰贵族Lennox。骰子掷出1到4，他就转投你这一方。',
      },
      replies: [E({ type: 'home', block: 'E-noble-comyn', area: 'lochaber' })],
    },
    {
      actions: [{ type: 'home', block: 'S-noble-bruce', area: 'annan' }], rule: R.noblesHome,
      text: {
        en: 'The herald failed, and Winter has come. Nobles go home for the winter; Bruce has two homes: send him to Annan.',
        de: 'Der Herald ist gescheitert, und der Winter ist da. Adlige gehen im Winter nach Hause; Bruce hat zwei Heimatgebiete: Schick ihn nach Annan.',
        es: 'El heraldo fracasó y ha llegado el invierno. Los nobles vuelven a casa en invierno; Bruce tiene dos áreas natales: envíalo a Annan.',
        'zh-Hans': '传令官失败了，冬季来临。贵族在冬季返回家园；Bruce有两个贵族家园：让他去Annan。',
      },
      replies: [E({ type: 'disband', block: 'E-northumber-infantry' }), E({ type: 'disband', block: 'E-cumbria-infantry' })],
    },
    {
      actions: [{ type: 'wallace', selkirk: true }], rule: R.wallace,
      text: {
        en: 'England disbanded blocks over its castle limits. Wallace may winter in Selkirk and gain 2 steps there: send him.',
        de: 'England hat Blöcke über dem Castle Limit aufgelöst. Wallace darf in Selkirk überwintern und dort 2 Stärkepunkte gewinnen: Schick ihn hin.',
        es: 'Inglaterra disolvió bloques por encima del límite del castillo. Wallace puede invernar en Selkirk y ganar allí 2 puntos de fuerza: envíalo.',
        'zh-Hans': '英格兰解散了超过城堡限制的木块。华勒斯可以在Selkirk过冬并获得2点战斗力：派他去。',
      },
      replies: [S({ type: 'done' })],
    },
    {
      actions: [{ type: 'step', block: 'S-noble-atholl' }], rule: R.scottishBuilds,
      text: {
        en: 'Builds: each area you hold gives replacement points. Add a step to the Atholl noble, at home in Atholl.',
        de: 'Aufbau: Jedes Gebiet, das du hältst, gibt Replacement Points. Gib dem Adligen von Atholl in seiner Heimat Atholl einen Stärkepunkt.',
        es: 'Refuerzos: cada área que controlas da puntos de reemplazo. Añade un punto de fuerza al noble de Atholl, en su área natal de Atholl.',
        'zh-Hans': '补充：你控制的每个区域都提供补充点数。给在Atholl家园的Atholl贵族增加1点战斗力。',
      },
    },
    {
      actions: [{ type: 'draw', area: 'fife' }], rule: R.scottishBuilds,
      text: {
        en: 'You may also draw a new block from your pool into an area you hold, at strength 1. Draw one into Fife.',
        de: 'Du darfst auch einen neuen Block aus deinem Vorrat in ein Gebiet ziehen, das du hältst, mit Stärke 1. Zieh einen nach Fife.',
        es: 'También puedes sacar un bloque nuevo de tu bolsa a un área que controlas, con fuerza 1. Saca uno en Fife.',
        'zh-Hans': '你还可以从预备区抽一个新木块放入你控制的区域，战斗力为1。抽一个放到Fife。',
      },
    },
  ],
  done: {
    en: 'You have played a year of Hammer of the Scots: cards and initiative, group moves and border limits, a battle with reserves and a retreat, and Winter.',
    de: 'Du hast ein Jahr Hammer of the Scots gespielt: Karten und Initiative, Gruppenbewegungen und Grenzlimits, eine Schlacht mit Reserven und Rückzug, und den Winter.',
    es: 'Has jugado un año de Hammer of the Scots: cartas e iniciativa, movimientos de grupo y límites de frontera, una batalla con reservas y retirada, y el invierno.',
    'zh-Hans': '你已经玩过苏格兰之锤的一年：出牌与先手、群体移动与边界限制、有后备部队和撤退的战斗，以及冬季。',
  },
};

export const tutorials: Tutorial<State, Action>[] = [tutorial];
