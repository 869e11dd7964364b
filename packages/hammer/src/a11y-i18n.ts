/** Texts of the web board for screen readers ('board.<key>'): what a block shows, an area's borders, the summary key. [en, de, es, zh-Hans] */
export const A11Y_BOARD: Record<string, [string, string, string, string]> = {
  'shows': ['{{visible}}: {{label}}', '{{visible}}: {{label}}', '{{visible}}: {{label}}', '{{visible}}：{{label}}'],
  'borders': ['Borders: {{list}}', 'Grenzen: {{list}}', 'Fronteras: {{list}}', '边界：{{list}}'],
  'borderTo': ['{{area}} ({{kind}})', '{{area}} ({{kind}})', '{{area}} ({{kind}})', '{{area}}（{{kind}}）'],
  'kind.major': ['major border', 'schwarze Grenze', 'frontera negra', '黑色边界'],
  'kind.minor': ['minor border, must stop', 'rote Grenze, Halt', 'frontera roja, hay que parar', '红色边界，须停下'],
  'kind.angloScottish': ['Anglo-Scottish', 'anglo-schottisch', 'anglo-escocesa', '英－苏国界'],
  'coast': ['coast on the {{seas}}', 'Küste an: {{seas}}', 'costa en: {{seas}}', '濒临{{seas}}'],
  'noCoast': ['no coast', 'keine Küste', 'sin costa', '无海岸'],
  'blocksHere': ['Blocks: {{list}}', 'Blöcke: {{list}}', 'Bloques: {{list}}', '木块：{{list}}'],
  'neighbours': ['Across the borders: {{list}}', 'Jenseits der Grenzen: {{list}}', 'Al otro lado de las fronteras: {{list}}', '边界对面：{{list}}'],
  'summaryKey': ['Keys: the arrow keys move between areas; I reads the area in focus with its blocks, borders and neighbours.',
    'Tasten: die Pfeiltasten wechseln zwischen Gebieten; I liest das Gebiet im Fokus mit Blöcken, Grenzen und Nachbarn vor.',
    'Teclas: las flechas pasan de un área a otra; I lee el área enfocada con sus bloques, fronteras y vecinas.',
    '按键：方向键在地区间移动；按I键朗读当前地区的木块、边界和相邻地区。'],
  'summaryRegion': ['Summary of the area in focus', 'Zusammenfassung des Gebiets im Fokus', 'Resumen del área enfocada', '当前地区摘要'],
};
