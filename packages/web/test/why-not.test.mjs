// Issue 47, "Why can't I?": on the Hammer map, an area that allows nothing now, focused and asked with "?",
// says why in one sentence from the engine (whyNot) with its rule link, which opens the rules panel there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, b, newPage, server, skip, uid, useServerAndBrowser } from './helpers.mjs';
import { openLocal } from './drive.mjs';
import { hammerGame } from '@tabula/hammer';
import { hacseGame } from '@tabula/hacse';
import { randInt, seedRng } from '@tabula/engine';

useServerAndBrowser();

const AREAS = ['ross', 'garmoran', 'lochaber', 'badenoch', 'mar', 'angus', 'atholl', 'fife', 'lennox', 'carrick', 'lanark', 'lothian', 'dunbar', 'selkirk', 'teviot', 'annan', 'galloway', 'argyll', 'mentieth', 'buchan', 'moray', 'strathspey', 'england'];

/** A local Hammer game played at random up to a Move Phase, and an area the side to act has no blocks in. */
function toMovePhase() {
  const f = { game: 'hammer-of-the-scots', seed: 'why-not', options: {}, actions: [], seats: { England: 'me', Scotland: 'me' } };
  const rng = seedRng('why-not');
  let s = hammerGame.setup({ seed: f.seed });
  while (s.phase !== 'move') {
    const active = hammerGame.active(s);
    const role = active[randInt(rng, active.length)];
    const acts = hammerGame.actions(s, role);
    const action = acts[randInt(rng, acts.length)];
    f.actions.push({ role, action });
    s = hammerGame.apply(s, role, action);
  }
  const role = hammerGame.active(s)[0];
  const area = AREAS.find((a) => hammerGame.whyNot(s, role, { kind: 'area', id: a })?.code === 'why-no-blocks');
  return { f, area };
}

test('Hammer: "?" on an area without your blocks says why, with rule 4.2, and the link opens the rules panel there', { skip }, async () => {
  const { f, area } = toMovePhase();
  assert.ok(area, 'an area without blocks of the side to act');
  const { ctx, page, errors } = await openLocal(b.browser, server.url, f);
  try {
    const path = page.locator(`path[data-area=${area}]`);
    await path.focus();
    await page.keyboard.press('?');
    const why = page.getByTestId('why-not');
    await why.waitFor();
    assert.match(await why.textContent(), /^You have no blocks in [A-Z][\w ]+\.§4\.2$/);
    await why.getByTestId('rule-link').click();
    const current = page.getByTestId('rule-panel').locator('.rule.current');
    await current.waitFor();
    assert.equal(await current.getAttribute('data-rule'), '4.2');
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

test('Hammer online: "?" on an area asks the server (POST /why) and shows the engine\'s reason with its rule link', { skip }, async () => {
  const api = (method, path, body, token) => apiCall(server.url, method, path, body, token);
  const name = `why${uid()}`;
  const { body: { token } } = await api('POST', '/accounts', { name, password: 'correct horse battery' });
  const { body: { id } } = await api('POST', '/games', { game: 'hammer-of-the-scots' }, token);
  await api('POST', `/games/${id}/seats`, { role: 'England' }, token);
  await api('POST', `/games/${id}/seats`, { role: 'Scotland', bot: 'random' }, token);
  // Play England's first listed actions until it is to move groups (the bot plays Scotland).
  let st;
  for (let i = 0; i < 200; i++) {
    st = (await api('GET', `/games/${id}`, null, token)).body;
    if (st.yourTurn && st.prompt?.key === 'prompt.move') break;
    if (st.yourTurn) await api('POST', `/games/${id}/actions`, { version: st.version, action: st.actions[0] }, token);
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(st.prompt?.key, 'prompt.move', 'England reached its Move Phase');
  let area;
  for (const a of AREAS) {
    const r = await api('POST', `/games/${id}/why`, { target: { kind: 'area', id: a } }, token);
    if (r.body.reason?.code === 'why-no-blocks') { area = a; break; }
  }
  assert.ok(area, 'an area without English blocks');
  const { ctx, page, errors } = await newPage();
  try {
    await page.addInitScript(([t, n]) => { localStorage.setItem('tabula.token', t); localStorage.setItem('tabula.name', n); }, [token, name]);
    await page.goto(`${server.url}/games/${id}`);
    const path = page.locator(`path[data-area=${area}]`);
    await path.focus();
    await page.keyboard.press('?');
    const why = page.getByTestId('why-not');
    await why.waitFor();
    assert.match(await why.textContent(), /^You have no blocks in [A-Z][\w ]+\.§4\.2$/);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});

test('HACSE: a long-press (context menu) on a hand card that cannot be played says why, with its rule link', { skip }, async () => {
  const f = { game: 'hacse', seed: 'why-card', options: {}, actions: [], seats: { axis: 'me', allies: 'me' } };
  const rng = seedRng('why-card');
  let s = hacseGame.setup({ seed: f.seed });
  let found = null;
  for (let i = 0; i < 400 && !found; i++) {
    const role = hacseGame.active(s)[0];
    if (s.phase === 'main') {
      for (const id of s.players[role].hand) {
        const e = hacseGame.whyNot(s, role, { kind: 'card', id });
        if (e) { found = { id, e }; break; }
      }
      if (found) break;
    }
    const acts = hacseGame.actions(s, role);
    const action = acts[randInt(rng, acts.length)];
    f.actions.push({ role, action });
    s = hacseGame.apply(s, role, action);
  }
  assert.ok(found, 'a hand card with a reason');
  const { ctx, page, errors } = await openLocal(b.browser, server.url, f);
  try {
    await page.locator(`[data-testid=hacse-hand-card][data-card="${found.id}"]`).first().click({ button: 'right' });
    const why = page.getByTestId('why-not');
    await why.waitFor();
    const text = await why.textContent();
    assert.ok(!text.includes(found.id) && text.length > 15, text);
    assert.equal(await why.getByTestId('rule-link').getAttribute('data-rule'), found.e.rule);
    assert.deepEqual(errors, []);
  } finally { await ctx.close(); }
});
