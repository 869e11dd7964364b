// A live game with a clock in a real browser: two accounts play, one stops, its clock runs out on
// screen and both pages show the timeout result (the server flags it; the page only counts down).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, server, signUp, skip, uid, useServerAndBrowser } from './helpers.mjs';

useServerAndBrowser();

async function signedInPage(name) {
  const { ctx, page, errors } = await newPage();
  await signUp(page, name);
  const token = await page.evaluate(() => localStorage.getItem('tabula.token'));
  return { ctx, page, errors, token };
}

const post = async (path, body, token) => {
  const r = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  if (!r.ok) assert.fail(`${path}: ${r.status} ${await r.text()}`);
  return r.json();
};

test('live 0:15+0: both play, one stops, its clock runs out on screen and both pages show the timeout', { skip, timeout: 90_000 }, async () => {
  const A = await signedInPage(`anna${uid()}`);
  const B = await signedInPage(`ben${uid()}`);
  // A fast clock so the test takes seconds: the same code path as 1+0 (60 s).
  const game = await post('/api/games', { game: 'hacse', timeControl: { kind: 'live', baseSeconds: 15, incrementSeconds: 0 } }, A.token);
  const st = await (await fetch(`${server.url}/api/games/${game.id}`)).json();
  const [r0, r1] = st.seats.map((s) => s.role);
  await post(`/api/games/${game.id}/seats`, { role: r0 }, A.token);
  await post(`/api/games/${game.id}/seats`, { role: r1 }, B.token);
  await A.page.goto(`${server.url}/games/${game.id}`);
  await B.page.goto(`${server.url}/games/${game.id}`);
  for (const p of [A.page, B.page]) await p.getByTestId('clocks').waitFor();
  // Whoever is to act moves once through the board's generic buttons, then the other stops for good.
  const state = async (tok) => (await fetch(`${server.url}/api/games/${game.id}`, { headers: { authorization: `Bearer ${tok}` } })).json();
  let s = await state(A.token);
  const first = s.yourTurn ? A : B;
  const idle = first === A ? B : A;
  const firstState = await state(first.token);
  await post(`/api/games/${game.id}/actions`, { version: firstState.version, action: firstState.actions[0] }, first.token);
  s = await state(idle.token);
  // Keep moving `first` whenever it is to act, until the idle seat is the only one running.
  for (let i = 0; i < 20 && !s.yourTurn; i++) {
    const f = await state(first.token);
    if (f.yourTurn) await post(`/api/games/${game.id}/actions`, { version: f.version, action: f.actions[0] }, first.token);
    s = await state(idle.token);
  }
  assert.equal(s.yourTurn, true, 'the idle player is to act');
  // A seat that has never acted is not charged (its first-move window aborts the game instead): the idle
  // player plays its first turn, then `first` plays until the idle player is to act again.
  for (let i = 0; i < 20 && s.yourTurn; i++) {
    await post(`/api/games/${game.id}/actions`, { version: s.version, action: s.actions.find((a) => a.type === 'end') ?? s.actions[0] }, idle.token);
    s = await state(idle.token);
  }
  for (let i = 0; i < 20 && !s.yourTurn; i++) {
    const f = await state(first.token);
    if (f.yourTurn) await post(`/api/games/${game.id}/actions`, { version: f.version, action: f.actions[0] }, first.token);
    s = await state(idle.token);
  }
  assert.equal(s.yourTurn, true, 'the idle player is to act again');
  const idleRole = s.role;
  const clock = (p) => p.getByTestId(`clock-${idleRole}`);
  // The idle seat's clock counts down in both browsers.
  const ms0 = Number(await clock(idle.page).getAttribute('data-ms'));
  await idle.page.waitForTimeout(1500);
  const ms1 = Number(await clock(idle.page).getAttribute('data-ms'));
  assert.ok(ms1 < ms0 - 800, `counting down: ${ms0} -> ${ms1}`);
  assert.match(await clock(idle.page).getAttribute('class'), /running/);
  // Out of time: both pages show 0:00 and the result with the reason in words.
  for (const p of [idle.page, first.page]) {
    await p.getByTestId('result').waitFor({ timeout: 30_000 });
    assert.match(await clock(p).innerText(), /0:00/);
    assert.match(await p.getByTestId('result-reason').innerText(), /ran out of time/);
    assert.equal(await p.getByTestId('prompt').innerText().then((t) => /your turn/i.test(t)), false, 'nobody is "to move" after the end');
    await p.getByTestId('result-replay').waitFor();
  }
  const end = await state(first.token);
  assert.deepEqual(end.outcome, { winners: [first === A ? r0 : r1], reason: 'timeout', by: idleRole });
  for (const width of [360, 1280, 1920]) {
    await idle.page.setViewportSize({ width, height: 900 });
    await idle.page.screenshot({ path: `/tmp/clocks-timeout-${width}.png` });
  }
  assert.deepEqual([...A.errors, ...B.errors], []);
  await A.ctx.close();
  await B.ctx.close();
});
