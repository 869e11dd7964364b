// The style guides (docs/glossary/style-*.md) as tests, over every string a player can meet in each language: the
// templates of every dictionary, the rules references, mails and the unsubscribe page, and the lines rendered from
// seeded games (i18n-corpus.mjs). Needs the built packages (`npx tsc -b`); runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS } from './i18n-corpus.mjs';
import { CHECKS } from './i18n-style.mjs';
import { tFor } from './i18n-harness.mjs';

for (const [lang, checks] of Object.entries(CHECKS)) {
  for (const [name, check] of Object.entries(checks)) {
    test(`i18n style (${lang}): ${name}`, () => {
      const bad = [];
      for (const [key, text] of CORPUS[lang]) {
        for (const problem of check(text, key)) bad.push(`${key}: ${problem} in "${text.slice(0, 160)}"`);
      }
      assert.deepEqual(bad, []);
    });
  }
}

test('i18n style: the checks catch each kind of problem they stand for', () => {
  const fails = (lang, name, text, key = 'x') => CHECKS[lang][name](text, key).length > 0;
  assert.ok(fails('de', 'one register: du, never Sie', 'Das ist Ihre letzte Gruppenbewegung: danach ist Ihre Bewegungsphase vorbei.'));
  assert.ok(fails('de', 'one register: du, never Sie', 'Wählen Sie eine Karte.'));
  assert.ok(fails('de', 'one register: du, never Sie', 'Ihre Möglichkeiten jetzt'));
  assert.ok(!fails('de', 'one register: du, never Sie', 'Die Nordmänner segeln. Sie dürfen angreifen.'));
  assert.ok(fails('de', 'prepositions take their case', 'an der Ostseite von die Karte'));
  assert.ok(fails('es', 'one register: tú, never usted', 'Es su último movimiento de grupo: después termina su fase de movimiento.'));
  assert.ok(fails('es', 'one register: tú, never usted', '{{block}}: haga clic en un área del mapa o elija abajo.'));
  assert.ok(!fails('es', 'one register: tú, never usted', 'Elige un área; su dueño recibe 2 impactos.'));
  assert.ok(fails('es', 'log lines in one tense (present)', 'sacó una ficha de 1 oveja', 'carcassonne:log.sheep'));
  assert.ok(fails('zh-Hans', 'no space between Chinese and Latin letters or digits', '造成 0 伤害'));
  assert.ok(fails('zh-Hans', 'no space between Chinese and Latin letters or digits', '将 掷弹兵 部署到后备部队'));
  assert.ok(fails('zh-Hans', 'a number and its noun carry a measure word', '造成0伤害'));
  assert.ok(fails('zh-Hans', 'Chinese punctuation, not Latin', '东 2, 北 1'));
  assert.ok(!fails('zh-Hans', 'Chinese punctuation, not Latin', '东2，北1'));
  assert.ok(fails('zh-Hans', 'Chinese punctuation, not Latin', '苏格兰之锤 (勇敢的心)'));
  assert.ok(fails('zh-Hans', 'one register: 你, never 您', '轮到您了'));
  assert.ok(fails('zh-Hans', 'no space between Chinese and Latin letters or digits', '一个木块从 Selkirk 移动到Dunbar'));
  for (const lang of ['de', 'es', 'zh-Hans']) {
    assert.ok(fails(lang, 'no English left over', 'Any'));
    assert.ok(fails(lang, 'no English left over', 'Won'));
    assert.ok(fails(lang, 'no English left over', 'This unsubscribe link is not valid.'));
  }
  // Whole words with Unicode letters: accented letters belong to the word, Chinese characters do not.
  assert.ok(!fails('es', 'no English left over', 'Tú y un jugador bloqueado no veis los mensajes del otro ni podéis invitaros.'));
  assert.ok(fails('es', 'no English left over', 'El jugador is bloqueado.'));
  assert.ok(fails('es', 'no English left over', 'podéis is'));
  assert.ok(!fails('de', 'no English left over', 'Gebäude, Tür und Würfel'));
  assert.ok(fails('zh-Hans', 'no English left over', '在the对局中'));
  assert.ok(!fails('zh-Hans', 'no English left over', '在Hammer of the Scots中'));
});

// The Carcassonne board's screen-reader labels, composed as Board.tsx composes them (whereWords, sideWord): the
// inserted forms carry their case, article and measure word, so each language reads as one sentence.

function carcLabels(lang) {
  const t = tFor(lang);
  const ns = 'carcassonne';
  const where = (x, y) => {
    if (x === 0 && y === 0) return t('board.start', { ns });
    const parts = [];
    if (x) parts.push(t(x > 0 ? 'board.east' : 'board.west', { ns, count: Math.abs(x) }));
    if (y) parts.push(t(y > 0 ? 'board.south' : 'board.north', { ns, count: Math.abs(y) }));
    return parts.join(t('board.whereSep', { ns }));
  };
  const tile = (x, y) => t('board.tileAt', { ns, where: where(x, y) });
  return [
    t('board.spot', { ns, kind: t('carc.kind.road'), side: t('board.side.e', { ns }), tile: tile(2, 1) }),
    t('board.spot', { ns, kind: t('carc.kind.city'), side: t('board.side.c', { ns }), tile: tile(0, 0) }),
    t('board.placeHere', { ns, where: where(-1, 0) }),
  ];
}

test('i18n style: the Carcassonne board labels read as sentences in every language', () => {
  assert.deepEqual(carcLabels('en'), ['Put a figure on the road at the east side of the tile at 2 east, 1 south',
    'Put a figure on the city at the centre of the tile at the start tile', 'Place the tile at 1 west']);
  assert.deepEqual(carcLabels('de'), ['Figur setzen: Straße an der Ostseite der Karte 2 Felder östlich, 1 Feld südlich',
    'Figur setzen: Stadt in der Mitte der Karte an der Startposition', 'Karte hierhin legen: 1 Feld westlich']);
  assert.deepEqual(carcLabels('es'), ['Poner una figura: camino, en el lado este de la loseta a 2 casillas al este, a 1 casilla al sur',
    'Poner una figura: ciudad, en el centro de la loseta en la posición inicial', 'Colocar la loseta a 1 casilla al oeste']);
  assert.deepEqual(carcLabels('zh-Hans'), ['在位于东2格、南1格的板块的东侧的道路上放置人物',
    '在位于起始位置的板块的中央的城市上放置人物', '把板块放在西1格']);
});
