/**
 * The HACSE tutorial: the player is the Soviet Union (allies, Early era) against a scripted Germany, from the
 * first turn (seed "tut": the hands and draws the steps expect). It teaches the three actions, placing and
 * paying, front/reserve/hinterland, an attack with a combat order, and the defence: a reserve unit assigned
 * and HQ fire.
 */
import type { LogEntry, Tutorial } from '@tabula/engine';
import type { HacseAction, HacseState } from '../types.js';
import { HACSE_RULES as R } from '../rule-ids.js';

const X = (action: HacseAction): LogEntry<HacseAction> => ({ role: 'axis', action });
const A = (action: HacseAction): LogEntry<HacseAction> => ({ role: 'allies', action });

export const tutorial: Tutorial<HacseState, HacseAction> = {
  id: 'hacse',
  title: { en: 'HACSE: the first turns', de: 'HACSE: die ersten Züge', es: 'HACSE: los primeros turnos', 'zh-Hans': 'HACSE：最初几个回合' },
  role: 'allies',
  start: { seed: 'tut', variants: { earlyVsLate: 'none' } },
  steps: [
    {
      actions: [{ type: 'place', card: 'su.strelki', zone: 'front' }], rule: R['Einheiten platzieren'],
      text: {
        en: 'You have three actions per turn. Place your Rifle squad (Strelki) in the front: front units fight the enemy\'s front.',
        de: 'Du hast drei Aktionen pro Zug. Platziere deine Schützen (Strelki) an der Front: Fronteinheiten kämpfen gegen die gegnerische Front.',
        es: 'Tienes tres acciones por turno. Coloca tus Fusileros (Strelki) en el frente: las unidades del frente luchan contra el frente enemigo.',
        'zh-Hans': '每回合你有三个行动。把步枪班放到前线：前线部队与敌方前线作战。',
      },
    },
    {
      actions: [{ type: 'pay', card: 'su.guards' }], rule: R['Einheiten platzieren'],
      text: {
        en: 'A unit costs hand cards: the Rifle squad costs 1. Pay with Guards designation and keep your Assault orders for the attack.',
        de: 'Eine Einheit kostet Handkarten: Die Schützen kosten 1. Bezahl mit dem Gardetitel und behalte deine Sturmangriff-Befehle für den Angriff.',
        es: 'Una unidad cuesta cartas de la mano: los Fusileros cuestan 1. Paga con el Título de Guardia y guarda tus órdenes de Asalto para el ataque.',
        'zh-Hans': '部队需用手牌支付：步枪班费用为1。用“近卫称号”支付，把“突击”命令留给进攻。',
      },
    },
    {
      actions: [{ type: 'draw' }], rule: R.Aktionen,
      text: {
        en: 'Your second action: draw a card.',
        de: 'Deine zweite Aktion: Zieh eine Karte.',
        es: 'Tu segunda acción: roba una carta.',
        'zh-Hans': '你的第二个行动：抽一张牌。',
      },
    },
    {
      actions: [{ type: 'place', card: 'su.m30', zone: 'reserve' }], rule: R['Einheiten platzieren'],
      text: {
        en: 'Third action: place the 122 mm M-30 in the reserve. Reserve units can be assigned against attackers when the enemy attacks.',
        de: 'Dritte Aktion: Platziere die 122-mm-M-30 in der Reserve. Reserveeinheiten kannst du angreifenden Einheiten zuweisen, wenn der Gegner angreift.',
        es: 'Tercera acción: coloca el M-30 de 122 mm en la reserva. Las unidades de reserva se pueden asignar contra los atacantes cuando ataca el enemigo.',
        'zh-Hans': '第三个行动：把122毫米M-30榴弹炮放入预备队。敌方进攻时，可以把预备队部队指派给进攻的部队。',
      },
    },
    {
      actions: [{ type: 'pay', card: 'su.il2' }], rule: R['Einheiten platzieren'],
      text: {
        en: 'It costs 2: pay with the Il-2 Shturmovik; one Assault order pays the rest. Then Germany takes its turn.',
        de: 'Sie kostet 2: Bezahl mit der Il-2 Sturmowik; ein Sturmangriff-Befehl zahlt den Rest. Dann ist Deutschland am Zug.',
        es: 'Cuesta 2: paga con el Il-2 Shturmovik; una orden de Asalto paga el resto. Luego juega Alemania.',
        'zh-Hans': '费用为2：用伊尔-2强击机支付；再用一张“突击”命令付清其余。然后轮到德国。',
      },
      replies: [A({ type: 'pay', card: 'order.assault' }),
        X({ type: 'place', card: 'de.schuetzen', zone: 'front' }), X({ type: 'pay', card: 'de.funk' }),
        X({ type: 'place', card: 'de.pz3', zone: 'front' }), X({ type: 'pay', card: 'de.kampferfahrung' }), X({ type: 'pay', card: 'de.auftragstaktik' }), X({ type: 'end' })],
    },
    {
      actions: [{ type: 'attack' }], rule: R['Angriff durchführen'],
      text: {
        en: 'Germany placed two units in its front. Your units placed last turn may attack now: attack.',
        de: 'Deutschland hat zwei Einheiten an seine Front gestellt. Deine Einheiten aus dem letzten Zug dürfen jetzt angreifen: Greif an.',
        es: 'Alemania colocó dos unidades en su frente. Tus unidades del turno pasado ya pueden atacar: ataca.',
        'zh-Hans': '德国在前线放了两支部队。你上回合放置的部队现在可以进攻：发起进攻。',
      },
    },
    {
      actions: [{ type: 'commit', uid: 'a1', order: 'order.assault' }], rule: R['Angreifer und Kampfbefehle'],
      text: {
        en: 'Give the Rifle squad a combat order face down: Assault. A unit without an order deals no damage.',
        de: 'Gib den Schützen verdeckt einen Kampfbefehl: Sturmangriff. Eine Einheit ohne Befehl richtet keinen Schaden an.',
        es: 'Da a los Fusileros una orden de combate boca abajo: Asalto. Una unidad sin orden no causa daño.',
        'zh-Hans': '给步枪班面朝下下达战斗命令：突击。没有命令的部队不造成伤害。',
      },
    },
    {
      actions: [{ type: 'declared' }], rule: R['Angreifer und Kampfbefehle'],
      text: {
        en: 'Keep the M-30 back for defence: you are done choosing attackers.',
        de: 'Halte die M-30 für die Verteidigung zurück: Du bist mit der Wahl der Angreifer fertig.',
        es: 'Guarda el M-30 para la defensa: ya has elegido a los atacantes.',
        'zh-Hans': '把M-30留作防守：你已选好进攻部队。',
      },
    },
    {
      actions: [{ type: 'assign', uid: 'a1', target: 'x3' }], rule: R['Fronteinheiten zuweisen'],
      text: {
        en: 'Germany has no reserve to assign. Pair your Rifle squad with an enemy front unit: take their Rifle squad (Schützen), which has no armour.',
        de: 'Deutschland hat keine Reserve zum Zuweisen. Paare deine Schützen mit einer gegnerischen Fronteinheit: Nimm deren Schützen, sie haben keine Panzerung.',
        es: 'Alemania no tiene reserva que asignar. Empareja tus Fusileros con una unidad enemiga del frente: elige sus Fusileros (Schützen), que no tienen blindaje.',
        'zh-Hans': '德国没有预备队可指派。让你的步枪班与敌方一支前线部队配对：选择没有装甲的德国步枪班。',
      },
    },
    {
      actions: [{ type: 'resolve', uid: 'a1' }], rule: R['Schadensformel'],
      text: {
        en: 'Resolve the engagement: your order is revealed, and damage is the order\'s value minus (armour minus penetration). The defender strikes back with its Manoeuvre value.',
        de: 'Werte das Gefecht aus: Dein Befehl wird aufgedeckt, der Schaden ist der Befehlswert minus (Panzerung minus Durchschlag). Der Verteidiger schlägt mit seinem Taktieren-Wert zurück.',
        es: 'Resuelve el enfrentamiento: tu orden se revela, y el daño es el valor de la orden menos (blindaje menos penetración). El defensor devuelve su valor de Maniobra.',
        'zh-Hans': '结算这场交战：你的命令被揭示，伤害 = 命令数值 −（装甲 − 穿甲）。防守方以其“机动”数值反击。',
      },
      replies: [X({ type: 'hqPass' })],
    },
    {
      actions: [{ type: 'draw' }], rule: R['Geländegewinn'],
      text: {
        en: 'Your attack gained ground: the front die moved your way. You have two actions left; draw a card to have one for HQ fire later.',
        de: 'Dein Angriff hat Gelände gewonnen: Der Frontwürfel hat sich zu deinen Gunsten bewegt. Du hast noch zwei Aktionen; zieh eine Karte, damit du später eine für den HQ-Einsatz hast.',
        es: 'Tu ataque ganó terreno: el dado del frente se movió a tu favor. Te quedan dos acciones; roba una carta para tener una para el Apoyo del cuartel general.',
        'zh-Hans': '你的进攻夺得了地盘：前线骰子向你这边移动了。你还有两个行动；抽一张牌，留着之后用于指挥部支援。',
      },
    },
    {
      actions: [{ type: 'move', uid: 'a1', to: 'hinterland' }], rule: R['Einheiten platzieren'],
      text: {
        en: 'The Rifle squad took 1 damage. Move it to the hinterland: units there never fight and heal 2 damage at the start of your turn.',
        de: 'Die Schützen haben 1 Schaden. Zieh sie ins Hinterland: Einheiten dort kämpfen nie und heilen zu Beginn deines Zugs 2 Schaden.',
        es: 'Los Fusileros recibieron 1 de daño. Muévelos a la retaguardia: allí las unidades nunca luchan y curan 2 de daño al empezar tu turno.',
        'zh-Hans': '步枪班受到1点伤害。把它移到后方：后方部队从不作战，并在你的回合开始时治疗2点伤害。',
      },
      replies: [X({ type: 'attack' }), X({ type: 'commit', uid: 'x4', order: 'order.flank' }), X({ type: 'declared' })],
    },
    {
      actions: [{ type: 'block', uid: 'a2', attacker: 'x4' }], rule: R['Reserveeinheiten zuweisen'],
      text: {
        en: 'Germany attacks with its Panzer III. Assign your reserve unit, the M-30, to it: it fights back with its Manoeuvre value 3.',
        de: 'Deutschland greift mit seinem Panzer III an. Weise ihm deine Reserveeinheit zu, die M-30: Sie schlägt mit ihrem Taktieren-Wert 3 zurück.',
        es: 'Alemania ataca con su Panzer III. Asígnale tu unidad de reserva, el M-30: devuelve el golpe con su valor de Maniobra 3.',
        'zh-Hans': '德国用三号坦克进攻。把你的预备队部队M-30指派给它：它以机动数值3反击。',
      },
      replies: [X({ type: 'resolve', uid: 'x4' })],
    },
    {
      actions: [{ type: 'hq', card: 'order.assault', target: 'x4' }, { type: 'hq', card: 'order.assault', target: 'x3' }], rule: R['Schaden des Verteidigers und HQ-Einsatz'],
      text: {
        en: 'HQ fire: as the defender you may discard hand cards, each for 1 damage to an enemy unit in the front or reserve. Discard your Assault order and hit a German unit.',
        de: 'HQ-Einsatz: Als Verteidiger darfst du Handkarten abwerfen, jede für 1 Schaden an einer gegnerischen Einheit an der Front oder in der Reserve. Wirf deinen Sturmangriff ab und triff eine deutsche Einheit.',
        es: 'Apoyo del cuartel general: como defensor puedes descartar cartas de la mano, cada una por 1 de daño a una unidad enemiga del frente o la reserva. Descarta tu orden de Asalto y golpea a una unidad alemana.',
        'zh-Hans': '指挥部支援：作为防守方，你可以弃掉手牌，每张对敌方前线或预备队的一支部队造成1点伤害。弃掉你的“突击”命令，打击一支德国部队。',
      },
    },
    {
      actions: [{ type: 'hqPass' }], rule: R['Schaden des Verteidigers und HQ-Einsatz'],
      text: {
        en: 'Keep your last card: stop the HQ fire. The engagement\'s damage lands now.',
        de: 'Behalte deine letzte Karte: Beende den HQ-Einsatz. Jetzt wird der Schaden des Gefechts verteilt.',
        es: 'Guarda tu última carta: termina el Apoyo del cuartel general. Ahora se aplica el daño del enfrentamiento.',
        'zh-Hans': '保留最后一张牌：结束指挥部支援。现在结算这场交战的伤害。',
      },
      replies: [X({ type: 'end' })],
    },
    {
      actions: [{ type: 'move', uid: 'a1', to: 'front' }], rule: R['Beginn des Zugs'],
      text: {
        en: 'The Panzer III is suppressed, and your turn began: the Rifle squad in the hinterland healed. Move it back to the front.',
        de: 'Der Panzer III ist niedergehalten, und dein Zug hat begonnen: Die Schützen im Hinterland sind geheilt. Zieh sie zurück an die Front.',
        es: 'El Panzer III está suprimido y tu turno ha empezado: los Fusileros de la retaguardia se han curado. Devuélvelos al frente.',
        'zh-Hans': '三号坦克被压制，你的回合开始了：后方的步枪班已经治愈。把它移回前线。',
      },
    },
  ],
  done: {
    en: 'You know the HACSE basics: three actions, placing and paying, front, reserve and hinterland, attacks with combat orders, reserve units and HQ fire.',
    de: 'Du kennst die Grundlagen von HACSE: drei Aktionen, Platzieren und Bezahlen, Front, Reserve und Hinterland, Angriffe mit Kampfbefehlen, Reserveeinheiten und HQ-Einsatz.',
    es: 'Ya conoces lo básico de HACSE: tres acciones, colocar y pagar, frente, reserva y retaguardia, ataques con órdenes de combate, unidades de reserva y Apoyo del cuartel general.',
    'zh-Hans': '你已掌握HACSE的基础：三个行动、放置与支付、前线、预备队与后方、带战斗命令的进攻、预备队部队和指挥部支援。',
  },
};

export const tutorials: Tutorial<HacseState, HacseAction>[] = [tutorial];
