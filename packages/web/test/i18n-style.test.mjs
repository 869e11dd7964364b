// The style guides (docs/glossary/style-*.md) as tests, over every string a player can meet in each language: the
// templates of every dictionary, the rules references, mails and the unsubscribe page, and the lines rendered from
// seeded games (i18n-corpus.mjs). Needs the built packages (`npx tsc -b`); runs in Node, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CORPUS } from './i18n-corpus.mjs';
import { CHECKS } from './i18n-style.mjs';

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
});
