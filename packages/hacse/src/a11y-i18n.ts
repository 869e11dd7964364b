/** Texts of the web board for screen readers: a card's symbols in words, a unit's side and zone, the summary key. [key, en, de, es, zh-Hans] */
export const A11Y_UI: [string, string, string, string, string][] = [
  ['board.shows', '{{visible}}: {{label}}', '{{visible}}: {{label}}', '{{visible}}: {{label}}', '{{visible}}：{{label}}'],
  ['board.words.damage', 'damage by order: assault {{a}}, manoeuvre {{m}}, flank {{f}}', 'Schaden je Befehl: Sturm {{a}}, Taktieren {{m}}, Flanke {{f}}', 'daño por orden: asalto {{a}}, maniobra {{m}}, flanco {{f}}', '按命令伤害：突击{{a}}，机动{{m}}，侧翼{{f}}'],
  ['board.words.armour', 'armour {{n}}', 'Panzerung {{n}}', 'blindaje {{n}}', '装甲{{n}}'],
  ['board.words.pen', 'penetration {{n}}', 'Durchschlag {{n}}', 'penetración {{n}}', '穿透{{n}}'],
  ['board.words.gain', 'ground gain {{n}}', 'Geländegewinn {{n}}', 'avance de terreno {{n}}', '地面推进{{n}}'],
  ['board.words.gainUnopposed', 'ground gain {{n}} only when unopposed', 'Geländegewinn {{n}} nur ohne Gegner', 'avance de terreno {{n}} solo sin oposición', '仅在无人阻挡时地面推进{{n}}'],
  ['board.unitDetail', '{{side}}, {{zone}}; {{stats}}; damage taken {{n}} of {{max}}', '{{side}}, {{zone}}; {{stats}}; Schaden {{n}} von {{max}}', '{{side}}, {{zone}}; {{stats}}; daño recibido {{n}} de {{max}}', '{{side}}，{{zone}}；{{stats}}；已受伤害{{n}}/{{max}}'],
  ['board.row', '{{side}}, {{zone}}: {{list}}', '{{side}}, {{zone}}: {{list}}', '{{side}}, {{zone}}: {{list}}', '{{side}}，{{zone}}：{{list}}'],
  ['board.rowEmpty', 'empty', 'leer', 'vacía', '空'],
  ['board.facing', 'Facing it: {{list}}', 'Gegenüber: {{list}}', 'Enfrente: {{list}}', '对面：{{list}}'],
  ['board.summaryKey', 'Keys: Tab moves between the units and cards that can act; I reads the unit or card in focus with the units facing it, or else every row of the board.',
    'Tasten: Tab wechselt zwischen den Einheiten und Karten, die handeln können; I liest die Einheit oder Karte im Fokus mit den gegenüberliegenden Einheiten vor, sonst jede Reihe des Spielfelds.',
    'Teclas: Tab pasa por las unidades y cartas que pueden actuar; I lee la unidad o carta enfocada con las unidades de enfrente, o si no cada fila del tablero.',
    '按键：Tab键在可行动的部队和卡牌之间移动；按I键朗读当前部队或卡牌及其对面的部队，否则朗读棋盘的每一行。'],
  ['board.summaryRegion', 'Summary of the unit in focus', 'Zusammenfassung der Einheit im Fokus', 'Resumen de la unidad enfocada', '当前部队摘要'],
];
