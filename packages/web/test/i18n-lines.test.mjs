// Log lines as the client shows them, in every language: fixed lines of the shapes the engines emit (compared with
// the expected sentences), and every line of seeded random games (no placeholder left, no raw id, no English list).
// Needs the built game packages (`npx tsc -b`); runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '@tabula/engine';
import { GAMES, LANGS, render } from './i18n-harness.mjs';

/** [game, line, { en, de, es, 'zh-Hans' }] */
const CASES = [
  // Carcassonne: one player and several players scoring, one sheep and several, a shared flock lost to the wolf.
  ['carcassonne', { role: null, key: 'log.score', args: { players: ['red'], count: 1, points: 1, feature: 'road', reason: 'majority' } }, {
    en: 'Red scores 1 point for a completed road (majority)',
    de: 'Rot erhält 1 Punkt für eine fertige Straße (Mehrheit)',
    es: 'Rojo gana 1 punto por un camino completado (mayoría)',
    'zh-Hans': '红方因完成的道路得1分（多数）' }],
  ['carcassonne', { role: null, key: 'log.score', args: { players: ['red', 'blue', 'green'], count: 3, points: 8, feature: 'city', reason: 'tie' } }, {
    en: 'Red, Blue, and Green score 8 points for a completed city (tie, all share)',
    de: 'Rot, Blau und Grün erhalten je 8 Punkte für eine fertige Stadt (Gleichstand, alle werten)',
    es: 'Rojo, Azul y Verde ganan 8 puntos cada uno por una ciudad completada (empate, todos puntúan)',
    'zh-Hans': '红方、蓝方和绿方因完成的城市得8分（平局，全部得分）' }],
  ['carcassonne', { role: null, key: 'log.finalScore', args: { players: ['red', 'blue'], count: 2, points: 4, feature: 'cloister', reason: 'hill' } }, {
    en: 'Red and Blue score 4 points for a cloister (tie broken by a follower on a hill)',
    de: 'Rot und Blau erhalten je 4 Punkte für ein Kloster (Gleichstand durch Gefolgsmann auf einem Hügel entschieden)',
    es: 'Rojo y Azul ganan 4 puntos cada uno por un monasterio (empate resuelto por un seguidor en una colina)',
    'zh-Hans': '红方和蓝方因修道院得4分（山丘上的随从打破平局）' }],
  ['carcassonne', { role: 'red', key: 'log.sheep', args: { count: 1 } }, {
    en: 'draws a token with 1 sheep', de: 'zieht eine Schafsmarke mit 1 Schaf', es: 'saca una ficha de 1 oveja', 'zh-Hans': '抽到一枚1只羊的羊标记' }],
  ['carcassonne', { role: 'red', key: 'log.sheep', args: { count: 3 } }, {
    en: 'draws a token with 3 sheep', de: 'zieht eine Schafsmarke mit 3 Schafen', es: 'saca una ficha de 3 ovejas', 'zh-Hans': '抽到一枚3只羊的羊标记' }],
  ['carcassonne', { role: 'red', key: 'log.wolf', args: { players: ['red', 'blue'] } }, {
    en: 'draws the wolf: the flock of Red and Blue is lost',
    de: 'zieht die Wolfsmarke: die Herde von Rot und Blau ist verloren',
    es: 'saca el lobo: se pierde el rebaño de Rojo y Azul',
    'zh-Hans': '抽到狼：红方和蓝方的羊群全部失去' }],
  ['carcassonne', { role: 'blue', key: 'log.stable', args: { players: ['red', 'blue'], count: 2, points: 5 } }, {
    en: 'flock to the stable: Red and Blue score 5 points',
    de: 'Herde im Stall: Rot und Blau erhalten je 5 Punkte',
    es: 'rebaño al establo: Rojo y Azul ganan 5 puntos cada uno',
    'zh-Hans': '羊群进圈：红方和蓝方得5分' }],
  ['carcassonne', { role: 'red', key: 'log.draw', args: { tile: 'base-E' } }, {
    en: 'draws a city cap', de: 'zieht einen Stadtrand', es: 'roba un borde de ciudad', 'zh-Hans': '抽到城市边' }],
  ['carcassonne', { role: 'red', key: 'log.follower', args: { feature: 'cloister' } }, {
    en: 'deploys a follower in a cloister', de: 'setzt einen Gefolgsmann in ein Kloster', es: 'coloca un seguidor en un monasterio', 'zh-Hans': '在修道院上放置了随从' }],
  // Hammer: plurals on count, block names with their place, number-neutral Spanish and German block lines.
  ['hammer-of-the-scots', { role: null, key: 'log.fire', args: { block: 'E-wales-archers', dice: '2', count: 1, fire: 3 } }, {
    en: 'Wales Archers fires (hits on 3 or less): 2 = 1 hit.',
    de: 'Block Bogenschützen aus Wales feuert (Treffer bis 3): 2 = 1 Treffer.',
    es: 'El bloque Arqueros de Gales dispara (impacta con 3 o menos): 2 = 1 impacto.',
    'zh-Hans': '韦尔斯弓箭手开火（掷出3点或以下造成伤害）：2 = 1点伤害。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.fire', args: { block: 'E-northumber-infantry', dice: '1,2,6', count: 2, fire: 2 } }, {
    en: 'Northumber Infantry fires (hits on 2 or less): 1,2,6 = 2 hits.',
    de: 'Block Fußvolk aus Northumberland feuert (Treffer bis 2): 1,2,6 = 2 Treffer.',
    es: 'El bloque Infantería de Northumberland dispara (impacta con 2 o menos): 1,2,6 = 2 impactos.',
    'zh-Hans': 'Northumberland步兵开火（掷出2点或以下造成伤害）：1,2,6 = 2点伤害。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.pillage-hits', args: { area: 'fife', count: 1 } }, {
    en: 'Fife loses 1 step to pillage.', de: 'Fife verliert 1 Stufe durch Pillage.',
    es: 'Fife pierde 1 punto de fuerza por el saqueo.', 'zh-Hans': 'Fife因劫掠损失1点战斗力。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.levy', args: { count: 1 } }, {
    en: 'Feudal levy: 1 block enters England.', de: 'Feudal Levy: 1 Block erscheint in England.',
    es: 'Leva feudal: 1 bloque entra en Inglaterra.', 'zh-Hans': '英格兰征兵：1个木块进入英格兰。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.levy', args: { count: 4 } }, {
    en: 'Feudal levy: 4 blocks enter England.', de: 'Feudal Levy: 4 Blöcke erscheinen in England.',
    es: 'Leva feudal: 4 bloques entran en Inglaterra.', 'zh-Hans': '英格兰征兵：4个木块进入英格兰。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.captured', args: { block: 'S-french-knights', now: 'England' } }, {
    en: 'French Knights is captured and now fights for England.',
    de: 'Block Französische Ritter wird gefangen und kämpft nun für England.',
    es: 'El bloque Caballeros franceses es capturado y ahora lucha por Inglaterra.',
    'zh-Hans': '法国骑士被俘，现为英格兰作战。' }],
  ['hammer-of-the-scots', { role: null, key: 'log.norse-move', args: { from: 'ross', to: 'argyll' } }, {
    en: 'The Norse sail from Ross to Argyll.', de: 'Die Nordmänner segeln von Ross nach Argyll.',
    es: 'Los Nórdicos navegan de Ross a Argyll.', 'zh-Hans': '挪威海军从Ross航行至Argyll。' }],
  // HACSE: a unit with an order and without one; zones said with their preposition; cards taken; whose turn.
  ['hacse', { role: 'axis', key: 'log.resolve', args: { uid: 'u1', card: 'de.mg34', order: 'order.flank', defender: 'su.t26' } }, {
    en: 'resolves MG 34 team with the order Flank attack',
    de: 'wertet das Gefecht von MG-34-Trupp aus (Kampfbefehl: Flankenangriff)',
    es: 'resuelve el combate de Equipo de MG 34 (orden: Ataque de flanco)',
    'zh-Hans': '结算MG 34机枪组的交战（作战命令：侧翼攻击）' }],
  ['hacse', { role: 'axis', key: 'log.resolveNoOrder', args: { uid: 'u1', card: 'de.pz4kurz', order: null, defender: null } }, {
    en: 'resolves Panzer IV (short 75), which attacks without a combat order',
    de: 'wertet das Gefecht von Panzer IV (kurz) aus (ohne Kampfbefehl)',
    es: 'resuelve el combate de Panzer IV (75 corto) (sin orden de combate)',
    'zh-Hans': '结算四号坦克（短管75）的交战（无作战命令）' }],
  ['hacse', { role: 'allies', key: 'log.place', args: { card: 'su.t34_76', zone: 'front' } }, {
    en: 'places T-34/76 at the front', de: 'platziert T-34/76 an der Front', es: 'coloca T-34/76 en el frente', 'zh-Hans': '将T-34/76部署到前线' }],
  ['hacse', { role: 'allies', key: 'log.move', args: { uid: 'u2', card: 'su.maxim', to: 'hinterland' } }, {
    en: 'moves Maxim MG to the hinterland', de: 'verlegt Maxim-MG ins Hinterland', es: 'mueve Ametralladora Maxim a la retaguardia', 'zh-Hans': '将马克沁机枪调往后方' }],
  ['hacse', { role: 'axis', key: 'log.stolen', args: { count: 1 } }, {
    en: 'takes 1 card from the enemy hand', de: 'zieht 1 Karte von der Hand des Feindes', es: 'toma 1 carta de la mano enemiga', 'zh-Hans': '从敌方手牌中抽取1张' }],
  ['hacse', { role: 'axis', key: 'log.stolen', args: { count: 2 } }, {
    en: 'takes 2 cards from the enemy hand', de: 'zieht 2 Karten von der Hand des Feindes', es: 'toma 2 cartas de la mano enemiga', 'zh-Hans': '从敌方手牌中抽取2张' }],
  ['hacse', { role: 'allies', key: 'log.turn', args: { turn: 3, player: 'allies' } }, {
    en: 'turn 3: Allies to play', de: 'Zug 3: Zug der Alliierten', es: 'turno 3: le toca a los Aliados', 'zh-Hans': '第3回合：轮到同盟国' }],
];

for (const lang of LANGS) {
  test(`i18n log lines (${lang}): fixed lines of every game read as expected`, () => {
    for (const [gameId, line, want] of CASES) assert.equal(render(lang, gameId, line), want[lang], `${gameId} ${line.key} ${JSON.stringify(line.args)}`);
  });
}

/** Every log line of a few seeded random games, for every viewer. */
function playedLines(gameId, setups, maxSteps = 4000) {
  const { game } = GAMES[gameId];
  const lines = [];
  for (const [i, setup] of setups.entries()) {
    let s = game.setup(setup);
    const rng = new Rng(`lines-${gameId}-${i}`);
    const viewers = [...game.roles(setup), null];
    for (let step = 0; step < maxSteps && game.active(s).length > 0; step++) {
      const role = game.active(s)[0];
      const acts = game.actions(s, role);
      const a = acts[rng.int(acts.length)];
      const n = game.apply(s, role, a);
      for (const v of viewers) lines.push(...game.describe(s, n, role, a, v));
      s = n;
    }
  }
  return lines;
}

const PLAYED = {
  carcassonne: playedLines('carcassonne', [0, 1, 2, 3].map((g) => ({ seed: `i18n-lines-${g}`, players: 3 + (g % 3) }))),
  'hammer-of-the-scots': playedLines('hammer-of-the-scots', ['braveheart', 'the-bruce'].map((scenario) => ({ seed: `i18n-lines-${scenario}`, scenario }))),
  hacse: playedLines('hacse', [0, 1, 2, 3].map((g) => ({ seed: `i18n-lines-${g}`, scenario: g % 2 ? 'late' : 'early' }))),
};

test('i18n log lines: the random games hold the shapes the fixed lines stand for', () => {
  const carc = PLAYED.carcassonne;
  const scores = carc.filter((l) => l.key === 'log.score' || l.key === 'log.finalScore');
  assert.ok(scores.some((l) => l.args.players.length === 1 && l.args.count === 1), 'one player scores');
  assert.ok(scores.some((l) => l.args.players.length >= 2 && l.args.count === l.args.players.length), 'several players score');
  assert.ok(carc.some((l) => l.key === 'log.sheep' && l.args.count === 1), 'one sheep');
  assert.ok(carc.some((l) => l.key === 'log.sheep' && l.args.count > 1), 'several sheep');
  const fire = PLAYED['hammer-of-the-scots'].filter((l) => l.key === 'log.fire');
  assert.ok(fire.some((l) => l.args.count === 1) && fire.some((l) => l.args.count > 1), 'one hit and several');
  const hacse = PLAYED.hacse;
  assert.ok(hacse.some((l) => l.key === 'log.resolve' && typeof l.args.order === 'string'), 'a unit with an order');
  assert.ok(hacse.some((l) => l.key === 'log.resolveNoOrder' && l.args.order === null), 'a unit without an order');
  assert.ok(!hacse.some((l) => l.key === 'log.resolve' && l.args.order === null), 'no resolve line with an empty order');
});

// What must never show: an unfilled placeholder or nesting, a missing nested key, an id, an English-joined list.
const LEFTOVER = /\{\{|\}\}|\$t\(|undefined|\bnull\b|\b(reason|featureDone|featureAny|featureOn|zoneIn|zoneTo|roleTo|roleOf|pts|block|area|noble|card|log)\.[\w-]+|\b(red|blue|green|yellow|black|axis|allies),|\b(base|hs)-[A-Za-z]|\s{2,}|\(\)|（）/;

for (const lang of LANGS) {
  test(`i18n log lines (${lang}): every line of seeded random games renders without leftovers`, () => {
    for (const [gameId, lines] of Object.entries(PLAYED)) {
      const seen = new Set();
      for (const line of lines) {
        const text = render(lang, gameId, line);
        if (seen.has(text)) continue;
        seen.add(text);
        assert.ok(!LEFTOVER.test(text), `${gameId} ${lang} ${line.key} ${JSON.stringify(line.args)}: "${text}"`);
      }
      assert.ok(seen.size > 30, `${gameId}: ${seen.size} lines`);
    }
  });
}
