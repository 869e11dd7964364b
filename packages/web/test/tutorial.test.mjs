// Issue 47, tutorials: a newcomer completes each game's tutorial at /learn/<game> by clicking the board (the map's
// areas and blocks, the tile spots, the cards; a board's own choice buttons where a click opens one), in English and
// Carcassonne also in German; a wrong click is answered by the engine with its rule link, which opens the rules panel
// at that section. Needs the built packages and web client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, server, skip, useServerAndBrowser } from './helpers.mjs';
import { manifestOf } from '@tabula/games/registry';
import { playStep, progress } from './tutorial-drive.mjs';

useServerAndBrowser();

async function completeTutorial(page, gameId, lang) {
  const [tutorial] = await manifestOf(gameId).tutorials();
  await page.goto(`${server.url}/learn/${gameId}`);
  for (const [i, step] of tutorial.steps.entries()) {
    const text = page.getByTestId('tutorial-text');
    await text.waitFor();
    assert.equal((await text.textContent()).replace(/§[\w.]+$/, '').trim(), step.text[lang], `${gameId} step ${i + 1} text`);
    assert.equal(await text.getByTestId('rule-link').getAttribute('data-rule'), step.rule);
    await playStep(page, gameId, step.actions[0]);
  }
  await page.getByTestId('tutorial-done').waitFor();
  assert.ok((await page.getByTestId('tutorial-step').textContent()).includes(tutorial.done[lang]));
  await page.getByTestId('tutorial-play-bot').waitFor();
  return tutorial;
}

for (const gameId of ['carcassonne', 'hammer-of-the-scots', 'hacse']) {
  test(`${gameId}: a newcomer completes the tutorial by clicking the board (English)`, { skip }, async () => {
    const { ctx, page, errors } = await newPage();
    try {
      const tutorial = await completeTutorial(page, gameId, 'en');
      assert.match(await page.getByTestId('board-area').evaluate((el) => el.closest('.game-screen').querySelector('h1').textContent), new RegExp(tutorial.title.en.replace(/[&]/g, '.')));
      // The end offers a game against a bot: it starts one on this device.
      await page.getByTestId('tutorial-play-bot').click();
      await page.waitForURL(/\/local\/play$/);
      assert.deepEqual(errors, []);
    } finally { await ctx.close(); }
  });
}

test('carcassonne: the tutorial in German (texts, progress and rule link in German)', { skip }, async () => {
  const { ctx, page, errors } = await newPage({ locale: 'de-DE' });
  try {
    await page.addInitScript(() => localStorage.setItem('tabula.lang', 'de'));
    await page.goto(`${server.url}/learn/carcassonne`);
    await page.getByTestId('tutorial-progress').waitFor();
    assert.match(await page.getByTestId('tutorial-progress').textContent(), /^Schritt 1 von 13$/);
    await completeTutorial(page, 'carcassonne', 'de');
    assert.match(await page.getByTestId('tutorial-done').textContent(), /Einführung/);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

test('hammer: a wrong click is answered by the engine with its rule link, which opens the rules panel there, as the step\'s own link does; a legal but other move is "not this one"', { skip }, async () => {
  const { ctx, page, errors } = await newPage();
  try {
    await page.goto(`${server.url}/learn/hammer-of-the-scots`);
    await playStep(page, 'hammer-of-the-scots', { type: 'card', card: 6 });
    // Step 2 asks to activate Fife. Lothian holds no Scottish block: the engine says why (4.2).
    await page.locator('path[data-area=lothian]').click({ force: true });
    const why = page.getByTestId('why-not');
    await why.waitFor();
    assert.match(await why.textContent(), /^You have no blocks in Lothian\.§4\.2$/);
    await why.getByTestId('rule-link').click();
    const current = page.getByTestId('rule-panel').locator('.rule.current');
    await current.waitFor();
    assert.equal(await current.getAttribute('data-rule'), '4.2');
    await page.getByTestId('rule-panel-close').click();
    // The step's own rule link opens the panel at the step's section (4.2, group moves) too.
    await page.getByTestId('tutorial-text').getByTestId('rule-link').click();
    await page.waitForFunction(() => document.querySelector('[data-testid=rule-panel] .rule.current')?.getAttribute('data-rule') === '4.2');
    await page.getByTestId('rule-panel-close').click();
    // Moray's group could move in a real game, but this step asks for Fife (asked with "?" on the area).
    await page.locator('path[data-area=moray]').focus();
    await page.keyboard.press('?');
    await page.waitForFunction(() => /Not this one/.test(document.querySelector('[data-testid=why-not]')?.textContent ?? ''));
    assert.match(await progress(page), /^Step 2 of 18$/);
    // The asked move still works.
    await playStep(page, 'hammer-of-the-scots', { type: 'group', area: 'fife' });
    assert.match(await progress(page), /^Step 3 of 18$/);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});
