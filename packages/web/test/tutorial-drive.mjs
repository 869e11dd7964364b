// Plays tutorial steps at /learn/<game> by clicking the board, as a player would (tutorial.test.mjs, tutorial-screenshots.mjs).
import assert from 'node:assert/strict';

/** The board element that stands for `action` (the thing a player clicks first), or null: the board's buttons only. */
export function boardTarget(gameId, a) {
  if (gameId === 'carcassonne') {
    if (a.type === 'place') return `[data-testid=carc-spot][data-x="${a.x}"][data-y="${a.y}"]`;
    if (a.type === 'follower' || a.type === 'shepherd') return `[data-testid=carc-deploy][data-feature="${a.feature}"]`;
    if (a.type === 'grow') return '[data-testid=carc-grow]';
    return null;
  }
  if (gameId === 'hammer-of-the-scots') {
    if (a.type === 'card') return `.hammer-card[data-card="${a.card}"]`;
    if (typeof a.block === 'string') return `.battle-block [data-block="${a.block}"], [data-block="${a.block}"]`;
    if (a.type === 'group' || a.type === 'to' || a.type === 'draw') return `path[data-area="${a.area ?? a.to}"]`;
    return null;
  }
  if (gameId === 'hacse') {
    if (typeof a.card === 'string' && (a.type === 'place' || a.type === 'pay' || a.type === 'play')) return `[data-testid=hacse-hand-card][data-card="${a.card}"] button`;
    const unit = a.type === 'hq' || a.type === 'spread' || a.type === 'flank' ? a.target : a.uid;
    if (typeof unit === 'string') return `[data-testid=hacse-unit][data-uid="${unit}"] button`;
    return null;
  }
  return null;
}

export const progress = (page) => page.evaluate(() => document.querySelector('[data-testid=tutorial-progress]')?.textContent ?? 'done');

/** Plays one step by clicking: the board element, then (if the board opened a choice, or has no element for it) the board's button for exactly this action. */
export async function playStep(page, gameId, action) {
  const before = await progress(page);
  const moved = () => page.waitForFunction((p) => (document.querySelector('[data-testid=tutorial-progress]')?.textContent ?? 'done') !== p, before, { timeout: 1500 }).then(() => true, () => false);
  const sel = boardTarget(gameId, action);
  if (sel) {
    // force: a map area's click lands on whatever lies on top of it there (its blocks), as a player's would.
    await page.locator(sel).first().click({ force: gameId === 'hammer-of-the-scots' });
    if (gameId === 'carcassonne' && action.type === 'place') await page.getByTestId('carc-confirm').click();
    if (await moved()) return;
  }
  const go = page.getByTestId('hammer-warning-go');
  if (await go.isVisible()) { await go.click(); if (await moved()) return; }
  // The board's button for exactly this action: in the choice it opened, else in its list (folded lists are opened).
  const buttons = page.locator(`button[data-action='${JSON.stringify(action)}']:not(:disabled)`);
  const visible = buttons.locator('visible=true');
  if (await visible.count() === 0) await page.locator('details:has(button[data-action]) > summary').first().click();
  await visible.first().click();
  if (await go.isVisible().catch(() => false)) await go.click();
  assert.ok(await moved(), `${gameId}: step "${before}" went on after ${JSON.stringify(action)}`);
}

