/** The prompts of the game's `prompt` in each language. */
type Table = Record<string, string>;

const en: Table = {
  'prompt.main': 'Your turn: play a card from your hand (the highlighted ones can be played now), attack with a unit at the front, draw a card, or end your turn.',
  'prompt.doctrine': 'Choose the support card you start with.',
  'prompt.pay': 'Pay the cost: choose the cards to discard.',
  'prompt.effect': 'Choose a target for the card.',
  'prompt.combat': 'Combat: choose what to do in this fight.',
  'prompt.combat-declare': "Attack: choose the units that attack and give each a face-down combat order, then confirm.",
  'prompt.combat-block': "Defend: put your reserve units in the way of attackers, or confirm to let them through.",
  'prompt.combat-assign': "Choose which enemy front unit each attacker engages.",
  'prompt.combat-resolve': "Choose the next engagement to resolve.",
  'prompt.combat-flank': "Place the flank damage on an enemy unit.",
  'prompt.combat-hq': "HQ fire: discard a card to deal 1 more damage, or go without.",
  'prompt.combat-spread': "Spread the unopposed damage over enemy units.",
};

const de: Table = {
  'prompt.main': 'Du bist am Zug: spiele eine Karte aus deiner Hand (hervorgehobene sind jetzt spielbar), greife mit einer Einheit an der Front an, ziehe eine Karte oder beende deinen Zug.',
  'prompt.doctrine': 'Wähle die Unterstützungskarte, mit der du beginnst.',
  'prompt.pay': 'Bezahle die Kosten: wähle die Karten, die du ablegst.',
  'prompt.effect': 'Wähle ein Ziel für die Karte.',
  'prompt.combat': 'Kampf: wähle, was du in diesem Gefecht tust.',
  'prompt.combat-declare': "Angriff: wähle die angreifenden Einheiten und gib jeder einen verdeckten Kampfbefehl, dann bestätige.",
  'prompt.combat-block': "Verteidigung: weise Angreifern Reserveeinheiten zu oder bestätige, um sie durchzulassen.",
  'prompt.combat-assign': "Wähle, welche feindliche Fronteinheit jeder Angreifer angreift.",
  'prompt.combat-resolve': "Wähle das nächste Gefecht.",
  'prompt.combat-flank': "Lege den Flankenschaden auf eine feindliche Einheit.",
  'prompt.combat-hq': "HQ-Einsatz: wirf eine Karte ab für 1 zusätzlichen Schaden, oder verzichte.",
  'prompt.combat-spread': "Verteile den freien Schaden auf feindliche Einheiten.",
};

const es: Table = {
  'prompt.main': 'Tu turno: juega una carta de tu mano (las resaltadas se pueden jugar ahora), ataca con una unidad del frente, roba una carta o termina tu turno.',
  'prompt.doctrine': 'Elige la carta de apoyo con la que empiezas.',
  'prompt.pay': 'Paga el coste: elige las cartas que descartas.',
  'prompt.effect': 'Elige un objetivo para la carta.',
  'prompt.combat': 'Combate: elige qué hacer en esta lucha.',
  'prompt.combat-declare': "Ataque: elige las unidades que atacan y da a cada una una orden de combate boca abajo; luego confirma.",
  'prompt.combat-block': "Defensa: interpón tus unidades de reserva ante los atacantes, o confirma para dejarlos pasar.",
  'prompt.combat-assign': "Elige a qué unidad enemiga del frente se enfrenta cada atacante.",
  'prompt.combat-resolve': "Elige el siguiente combate que se resuelve.",
  'prompt.combat-flank': "Coloca el daño de flanco en una unidad enemiga.",
  'prompt.combat-hq': "Apoyo del cuartel general: descarta una carta para 1 daño más, o renuncia.",
  'prompt.combat-spread': "Reparte el daño sin oposición entre unidades enemigas.",
};

const zh: Table = {
  'prompt.main': '轮到你：从手牌中打出一张牌（高亮的牌现在可以打出）、用前线的部队进攻、抽一张牌，或结束回合。',
  'prompt.doctrine': '选择你开局使用的支援牌。',
  'prompt.pay': '支付费用：选择要弃掉的牌。',
  'prompt.effect': '为这张牌选择一个目标。',
  'prompt.combat': '战斗：选择在这场战斗中的行动。',
  'prompt.combat-declare': "进攻：选择进攻的部队并为每个部队下达暗置作战命令，然后确认。",
  'prompt.combat-block': "防守：用预备部队阻挡进攻者，或确认放行。",
  'prompt.combat-assign': "为每个进攻者选择要交战的敌方前线部队。",
  'prompt.combat-resolve': "选择下一场要结算的交战。",
  'prompt.combat-flank': "将侧翼伤害分配给一个敌方部队。",
  'prompt.combat-hq': "指挥部支援：弃一张牌多造成 1 点伤害，或放弃。",
  'prompt.combat-spread': "将无阻挡伤害分配给敌方部队。",
};

export const promptMessages = { en, de, es, 'zh-Hans': zh };
