// Issue 23: each game is playable with the keyboard alone. Per game: sign up, create a game against a
// bot and make three legal moves with Tab, Enter, Space and arrow keys only (no clicks, no fills), and
// check where focus is after each step: on the new page's heading after a route change, inside a choice
// list when one opens, and never on <body> after a move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, server, skip, uid, useServerAndBrowser } from './helpers.mjs';
import { GAMES } from './pages.mjs';

useServerAndBrowser();

/** What has focus: tag, test id, text; `where` tells if it is inside a selector. */
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { tag: e?.tagName.toLowerCase() ?? 'none', testid: e?.getAttribute('data-testid') ?? '', text: (e?.textContent ?? '').trim().slice(0, 60), inPick: !!e?.closest('.pick, [data-testid$="-choice"]') };
});

/** Presses Tab until the focused element matches `selector` (at most `max` presses). */
async function tabTo(page, selector, max = 150) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return i;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${JSON.stringify(await focused(page))}`);
}

/** Types text key by key (keyboard.type sends key events, unlike fill). */
const type = (page, text) => page.keyboard.type(text, { delay: 0 });

async function assertHeadingFocused(page, pattern) {
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', null, { timeout: 10_000 }).catch(async (e) => { throw new Error(`${e.message}: focus on ${JSON.stringify(await focused(page))} url ${page.url()}`); });
  const f = await focused(page);
  assert.match(f.text, pattern, `focus on the page heading: ${JSON.stringify(f)}`);
  assert.match(await page.getByTestId('page-announce').innerText(), pattern, 'the new page is announced');
}

// A move's controls, per board, in the order tried: the board's own controls first, then the action list.
const MOVE = {
  carcassonne: '[data-testid=carc-spot], [data-testid=carc-skip]',
  'hammer-of-the-scots': '.hammer-card.hl, [data-block][role=button], g.spot[role=button], button.action:not(:disabled)',
  hacse: '.hacse-card.hl button.hc-name, button.action:not(:disabled)',
};

/**
 * Counts the server's answers to this page's game-socket frames: a move is made when the server acknowledged it
 * (some legal actions, such as activating a Hammer group, write no log line). A refused frame is an error.
 */
function watchAcks(page) {
  const seen = { acks: 0, errors: [] };
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    let m;
    try { m = JSON.parse(String(payload)); } catch { return; }
    if (m.type === 'ack') seen.acks++;
    if (m.type === 'error') seen.errors.push(m);
  }));
  return seen;
}

/**
 * What the page asks of the keyboard player now, read in one pass: a Place button or a choice list took focus,
 * a warning waits for "go", or a choice list is open without focus. Elements already pressed are marked.
 */
const pageStep = (page) => page.evaluate(() => {
  const fresh = (e) => !!e && !e.hasAttribute('data-kb-pressed');
  const a = document.activeElement;
  if (fresh(a) && a.getAttribute('data-testid') === 'carc-confirm') return 'confirm';
  if (fresh(a) && a.closest('.pick')) return 'pick';
  if (fresh(document.querySelector('[data-testid=hammer-warning-go]'))) return 'warning';
  if (document.querySelector('.pick') && !a?.closest('.pick')) return 'pick-unfocused';
  return 'none';
});

const pressEnter = async (page) => {
  await page.evaluate(() => document.activeElement?.setAttribute('data-kb-pressed', ''));
  await page.keyboard.press('Enter');
};

/** One legal move with the keyboard, done when the server acknowledges it; returns what had focus after each key step. */
async function keyboardMove(page, game, seen) {
  await page.locator('.prompt.mine').waitFor({ timeout: 30_000 });
  const acked = seen.acks;
  const prompt = await page.getByTestId('prompt').innerText();
  const steps = [];
  await tabTo(page, MOVE[game]);
  const target = await focused(page);
  await pressEnter(page);
  const deadline = Date.now() + 30_000;
  let unfocusedSince = 0;
  while (seen.acks === acked) {
    assert.deepEqual(seen.errors, [], 'the server refused a frame');
    if (Date.now() > deadline) throw new Error(`no move acknowledged after Enter on ${JSON.stringify(target)}; focus on ${JSON.stringify(await focused(page))}; prompt "${await page.getByTestId('prompt').innerText()}"`);
    const step = await pageStep(page);
    if (step === 'none') { await page.waitForTimeout(50); continue; }
    if (step === 'pick-unfocused') {
      // A choice list takes focus when it opens; the render gets a moment, no more.
      unfocusedSince ||= Date.now();
      assert.ok(Date.now() - unfocusedSince < 5000, `focus inside the choice list: ${JSON.stringify(await focused(page))}`);
      await page.waitForTimeout(50);
      continue;
    }
    unfocusedSince = 0;
    // Hammer asks before an irreversible move (the last Group Move, a costly border crossing): go ahead, by keyboard.
    if (step === 'warning') await tabTo(page, '[data-testid=hammer-warning-go]');
    const f = await focused(page);
    if (step === 'pick') assert.ok(f.inPick, `focus inside the choice list: ${JSON.stringify(f)}`);
    steps.push(f);
    await pressEnter(page);
  }
  // The acknowledgement comes just before the new state: wait for the page to show it (a new prompt), briefly.
  await page.waitForFunction((p) => document.querySelector('[data-testid=prompt]')?.textContent !== p, prompt, { timeout: 3000 }).catch(() => {});
  await page.waitForTimeout(150);
  const after = await focused(page);
  assert.notEqual(after.tag, 'body', `focus fell to <body> after moving with ${JSON.stringify(target)}`);
  steps.push(after);
  return { target, steps };
}

for (const game of GAMES) {
  test(`issue 23: ${game} with the keyboard alone: sign up, start a game against a bot, three legal moves, focus followed at each step`, { skip, timeout: 120_000 }, async (t) => {
    const { ctx, page, errors } = await newPage();
    const seen = watchAcks(page);
    await page.goto(`${server.url}/signin`);
    await page.getByTestId('auth-submit').waitFor();

    await tabTo(page, '[data-testid=tab-signup]');
    await page.keyboard.press('Enter');
    await tabTo(page, 'input[name=name]');
    await type(page, `kb${uid()}`);
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).tag, 'input');
    await type(page, 'correct horse battery');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/`);
    await assertHeadingFocused(page, /Lobby/);

    await tabTo(page, '[data-testid=new-game]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/new$/);
    await assertHeadingFocused(page, /New online game/);
    await tabTo(page, '[data-testid=setup-game]');
    for (let i = 0; i < 6 && (await page.getByTestId('setup-game').inputValue()) !== game; i++) await page.keyboard.press('ArrowDown');
    for (let i = 0; i < 6 && (await page.getByTestId('setup-game').inputValue()) !== game; i++) await page.keyboard.press('ArrowUp');
    assert.equal(await page.getByTestId('setup-game').inputValue(), game);
    await tabTo(page, '[data-testid=setup-submit]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/games\/[^/]+$/);
    await assertHeadingFocused(page, /./);
    const id = page.url().split('/').pop();

    const moves = [];
    while (moves.length < 3) moves.push(await keyboardMove(page, game, seen));
    t.diagnostic(moves.map((m) => `${m.target.tag}${m.target.testid ? `#${m.target.testid}` : ''} "${m.target.text.slice(0, 25)}" -> ${m.steps.map((f) => `${f.tag}${f.inPick ? '(in choice list)' : ''} "${f.text.slice(0, 20)}"`).join(' -> ')}`).join(' | '));
    // The server holds at least our three moves (and the bot's answers), all accepted as legal.
    const token = await page.evaluate(() => localStorage.getItem('tabula.token'));
    const replayable = await (await fetch(`${server.url}/api/games/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    assert.ok(replayable.version >= 3, `version ${replayable.version}`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}
