/**
 * "Why can't I?" outside the Move Phase (why-not.ts): one sentence per refusal code, one table per
 * language. Area arguments are ids: shown as names.
 */
import { textTables, type TextRow, type TextTables } from '@tabula/engine';

const A = '$t(area.{{areaId}})';

const ROWS: TextRow[] = [
  ['rule.why-card-played', 'You have played your card for this turn: the turn goes on once both sides have played.', 'Du hast deine Karte für diesen Zug gespielt: Es geht weiter, sobald beide Seiten gespielt haben.', 'Ya jugaste tu carta de este turno: se sigue cuando ambos bandos hayan jugado.', '你已打出本回合的卡牌：双方都出牌后回合继续。'],
  ['rule.why-not-cards-phase', 'Cards are played only at the start of a turn, both sides at once.', 'Karten werden nur zu Beginn eines Zuges gespielt, von beiden Seiten gleichzeitig.', 'Las cartas solo se juegan al inicio de un turno, ambos bandos a la vez.', '卡牌只在回合开始时由双方同时打出。'],
  ['rule.why-cards-first', 'First both sides play a card: moves and battles follow it.', 'Zuerst spielen beide Seiten eine Karte: Bewegung und Schlachten folgen danach.', 'Primero ambos bandos juegan una carta: después vienen los movimientos y las batallas.', '双方先各打出一张卡牌，之后才是移动和战斗。'],
  ['rule.why-no-battle-here', 'There is no battle to fight in ' + A + '.', 'In ' + A + ' gibt es keine Schlacht.', 'En ' + A + ' no hay batalla que librar.', A + '没有要进行的战斗。'],
  ['rule.why-battle-elsewhere', 'The battle in ' + A + ' is fought to its end first.', 'Zuerst wird die Schlacht in ' + A + ' zu Ende gekämpft.', 'Primero se libra hasta el final la batalla de ' + A + '.', '须先把' + A + '的战斗打完。'],
  ['rule.why-regroup', 'The winner regroups now: each of its blocks may move to an adjacent friendly or empty area.', 'Der Sieger gruppiert jetzt um: Jeder seiner Blöcke darf in ein angrenzendes eigenes oder leeres Gebiet ziehen.', 'El vencedor se reagrupa ahora: cada bloque suyo puede ir a un área adyacente amiga o vacía.', '胜方正在重组：其每个木块可移到相邻的己方或空地区。'],
  ['rule.why-hits-strongest', 'Each hit goes to your strongest block; you choose only among equally strong ones.', 'Jeder Treffer geht an deinen stärksten Block; du wählst nur unter gleich starken.', 'Cada impacto va a tu bloque más fuerte; solo eliges entre los igual de fuertes.', '每次伤害由你最强的木块承受；只能在同样最强的木块中选择。'],
  ['rule.why-attacker-withdraws', 'After the third round the attacker must withdraw: the blocks retreat now.', 'Nach der dritten Runde muss der Angreifer abziehen: Die Blöcke ziehen sich jetzt zurück.', 'Tras la tercera ronda el atacante debe retirarse: los bloques se retiran ahora.', '第三轮后进攻方必须撤退：木块现在撤离。'],
  ['rule.why-reserve', 'That block is in reserve: reserves join the battle in round 2.', 'Dieser Block ist in Reserve: Reserven greifen ab Runde 2 ein.', 'Ese bloque está en reserva: las reservas entran en la ronda 2.', '该木块是后备部队：后备部队从第2轮起参战。'],
  ['rule.why-not-its-letter', 'Blocks fire by letter, A before B before C, defender first: this {{letter}} block has not its turn now.', 'Blöcke feuern nach Buchstaben, A vor B vor C, der Verteidiger zuerst: Dieser {{letter}}-Block ist jetzt nicht dran.', 'Los bloques disparan por letra, A antes que B y que C, primero el defensor: este bloque {{letter}} no actúa ahora.', '木块按字母顺序开火，A先于B先于C，防守方优先：这个{{letter}}木块现在还没轮到。'],
  ['rule.why-event', 'An event card is being carried out: finish its choices first.', 'Eine Ereigniskarte wird ausgeführt: Triff zuerst ihre Entscheidungen.', 'Se está resolviendo una carta de evento: termina antes sus elecciones.', '正在执行事件卡：请先完成它的选择。'],
  ['rule.why-raid', 'Border raids are settled now: only blocks in England that raided can choose.', 'Jetzt werden Grenzüberfälle abgewickelt: Nur Blöcke in England können wählen.', 'Ahora se resuelven las incursiones fronterizas: solo eligen los bloques que asaltaron Inglaterra.', '现在结算边境袭掠：只有袭掠英格兰的木块可以选择。'],
  ['rule.why-main-attack', 'The attacker declares its main attack now: which group entered first.', 'Der Angreifer erklärt jetzt seinen Hauptangriff: welche Gruppe zuerst eintrat.', 'El atacante declara ahora su ataque principal: qué grupo entró primero.', '进攻方现在宣布主攻：哪个部队先进入。'],
  ['rule.why-winter-home', 'Winter: nobles go home now; only a noble with a home to choose is asked.', 'Winter: Die Adligen gehen jetzt heim; gefragt wird nur ein Adliger mit Wahl des Heimatgebiets.', 'Invierno: los nobles vuelven a casa; solo se pregunta por un noble que puede elegir área natal.', '冬季：贵族现在回家；只有可选家乡的贵族需要选择。'],
  ['rule.why-winter-edward', 'Winter: Edward decides now whether he winters in Scotland.', 'Winter: Edward entscheidet jetzt, ob er in Schottland überwintert.', 'Invierno: Eduardo decide ahora si inverna en Escocia.', '冬季：爱德华现在决定是否在苏格兰过冬。'],
  ['rule.why-winter-disband', 'Winter: armies above the castle limit disband now; only blocks over the limit can be chosen.', 'Winter: Heere über dem Burglimit lösen sich jetzt auf; wählbar sind nur Blöcke über dem Limit.', 'Invierno: los ejércitos por encima del límite del castillo se disuelven; solo se eligen bloques por encima.', '冬季：超出城堡限制的部队现在解散；只能选择超限的木块。'],
  ['rule.why-winter-wallace', 'Winter: Wallace decides now whether he goes to Selkirk Forest.', 'Winter: Wallace entscheidet jetzt, ob er nach Selkirk geht.', 'Invierno: Wallace decide ahora si va a Selkirk.', '冬季：华勒斯现在决定是否前往Selkirk。'],
  ['rule.why-winter-build', 'Winter builds: a step goes only to a block in an area you control, up to its castle limit, or a new block from the pool.', 'Winteraufbau: Eine Stufe geht nur an einen Block in einem Gebiet, das du kontrollierst, bis zum Burglimit, oder ein neuer Block kommt aus dem Pool.', 'Refuerzos de invierno: un punto de fuerza solo va a un bloque en un área que controlas, hasta su límite, o sale un bloque nuevo de la reserva.', '冬季补充：兵力只能加给你控制地区内的木块（不超过城堡限制），或从池中抽新木块。'],
];

export const whyMessages: TextTables = textTables(ROWS);
