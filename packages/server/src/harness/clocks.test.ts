/** Clocks, timeouts and abandonment through the API, with the service's clock under the test's control. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Live } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { DUEL, TALLY } from './testgame.js';

const MIN = 60_000, DAY = 24 * 60 * MIN;

/** A settable clock for the service. */
function fakeClock(start = Date.UTC(2030, 0, 1)): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => { t += ms; } };
}

/**
 * A game between two new accounts. A tally game with a clock is played past each seat's first action (a
 * pass each, at once), so that the banks run from there on (a seat's time is not charged before its first action).
 */
async function twoPlayers(r: Running, body: { game: string; [k: string]: unknown }, roles = ['north', 'east']): Promise<{ id: string; a: string; b: string }> {
  const a = await r.api.signUp(uniqueName('a'));
  const b = await r.api.signUp(uniqueName('b'));
  const id = (await r.api.post('/api/games', body, a)).body.id as string;
  assert.equal((await r.api.post(`/api/games/${id}/seats`, { role: roles[0] }, a)).status, 200);
  assert.equal((await r.api.post(`/api/games/${id}/seats`, { role: roles[1] }, b)).status, 200);
  if (body.game === TALLY && body.timeControl !== undefined) {
    for (const t of [a, b]) {
      const v = (await r.api.get(`/api/games/${id}`, t)).body.version as number;
      assert.equal((await r.api.post(`/api/games/${id}/actions`, { version: v, action: { type: 'pass' } }, t)).status, 200);
    }
  }
  return { id, a, b };
}

describe('clocks (service clock controlled by the test)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-clock-'));
  const running: Running[] = [];
  after(async () => {
    for (const r of running) await r.server.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async (clock: ReturnType<typeof fakeClock>, db = 'sqlite::memory:', thinkMs = 5): Promise<Running> => {
    const r = await startServer(db, { now: clock.now, sweepMs: false, bots: { threads: 0, thinkMs } });
    running.push(r);
    return r;
  };

  it('live 5+3: the lobby and the game show the control; the player to move is charged, gains 3 s per action', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const { id, a, b } = await twoPlayers(r, { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 300, incrementSeconds: 3 } });
    const lobby = (await r.api.get('/api/games?status=active&mine=true', a)).body.games as { id: string; timeControl: unknown }[];
    assert.deepEqual(lobby.find((g) => g.id === id)!.timeControl, { kind: 'live', baseSeconds: 300, incrementSeconds: 3 });
    let s = (await r.api.get(`/api/games/${id}`, a)).body;
    assert.deepEqual(s.clock.remaining, { north: 300_000, east: 300_000 });
    assert.deepEqual(s.clock.running, ['north']);
    clock.advance(20_000);
    s = (await r.api.get(`/api/games/${id}`, b)).body;
    assert.deepEqual(s.clock.remaining, { north: 280_000, east: 300_000 }, 'counted while north thinks');
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, a)).body;
    assert.deepEqual(s.clock.remaining, { north: 283_000, east: 300_000 });
    assert.deepEqual(s.clock.running, ['east']);
    clock.advance(7000);
    s = (await r.api.get(`/api/games/${id}`, a)).body;
    assert.deepEqual(s.clock.remaining, { north: 283_000, east: 293_000 });
  });

  it('live 1+0: a seat that stops moving loses on time, flagged once by the sweeper; moving afterwards is refused', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const { id, a, b } = await twoPlayers(r, { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 60, incrementSeconds: 0 } });
    const live = await Live.open(r.base, id, b);
    const first = await live.next((m) => m.type === 'state');
    clock.advance(59_999);
    assert.equal(await r.server.games.timeouts.sweep(), 0, 'not yet');
    clock.advance(1);
    assert.equal(await r.server.games.timeouts.sweep(), 1);
    assert.equal(await r.server.games.timeouts.sweep(), 0, 'flagged once');
    const pushed = await live.next((m) => m.type === 'state' && m.status === 'finished');
    assert.equal(pushed.version, first.version + 1);
    assert.deepEqual(pushed.outcome, { winners: ['east'], reason: 'timeout', by: 'north' });
    assert.equal(pushed.clock.remaining.north, 0);
    const late = await r.api.post(`/api/games/${id}/actions`, { version: first.version, action: { type: 'pass' } }, a);
    assert.equal(late.status, 409);
    live.close();
  });

  it('a timeout is flagged when anyone loads or acts, without a sweep', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const g1 = await twoPlayers(r, { game: TALLY, timeControl: { kind: 'live', baseSeconds: 60, incrementSeconds: 0 } });
    clock.advance(61_000);
    const s = (await r.api.get(`/api/games/${g1.id}`)).body;
    assert.equal(s.status, 'finished');
    assert.equal(s.outcome.reason, 'timeout');
    const g2 = await twoPlayers(r, { game: TALLY, timeControl: { kind: 'live', baseSeconds: 60, incrementSeconds: 0 } });
    const v = (await r.api.get(`/api/games/${g2.id}`)).body.version as number;
    clock.advance(60_000);
    // An action sent by north after its time ran out: refused, and the game ends.
    const late = await r.api.req('POST', `/api/games/${g2.id}/actions`, { version: v, action: { type: 'pass' } }, g2.a);
    assert.equal(late.status, 409);
    const after = (await r.api.get(`/api/games/${g2.id}`)).body;
    assert.deepEqual(after.outcome, { winners: ['east'], reason: 'timeout', by: 'north' });
  });

  it('correspondence 1 day: a move adds a day, the bank is capped at two days; out after the bank is used up', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const { id, a } = await twoPlayers(r, { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'correspondence', days: 1 } });
    let s = (await r.api.get(`/api/games/${id}`, a)).body;
    clock.advance(2 * 60 * MIN);
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'add', n: 1 } }, a)).body;
    assert.equal(s.clock.remaining.north, 2 * DAY - 2 * 60 * MIN);
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'add', n: 1 } }, a)).body;
    assert.equal(s.clock.remaining.north, 2 * DAY, 'capped');
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, a)).body;
    assert.equal(s.clock.remaining.east, DAY);
    clock.advance(DAY - 1);
    assert.equal(await r.server.games.timeouts.sweep(), 0);
    clock.advance(1);
    assert.equal(await r.server.games.timeouts.sweep(), 1);
    s = (await r.api.get(`/api/games/${id}`)).body;
    assert.deepEqual(s.outcome, { winners: ['north'], reason: 'timeout', by: 'east' });
  });

  it('a simultaneous step charges both seats until each has acted', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const { id, a, b } = await twoPlayers(r, { game: DUEL, timeControl: { kind: 'live', baseSeconds: 60, incrementSeconds: 2 } }, ['left', 'right']);
    let s = (await r.api.get(`/api/games/${id}`, a)).body;
    assert.deepEqual([...s.clock.running].sort(), ['left', 'right']);
    // The first round at once: first actions are not charged and earn no increment.
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pick', v: 'a' } }, a)).body;
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pick', v: 'b' } }, b)).body;
    assert.deepEqual(s.clock.remaining, { left: 60_000, right: 60_000 });
    clock.advance(10_000);
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pick', v: 'a' } }, a)).body;
    assert.deepEqual(s.clock.remaining, { left: 52_000, right: 50_000 });
    assert.deepEqual(s.clock.running, ['right']);
    clock.advance(5000);
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pick', v: 'b' } }, b)).body;
    assert.deepEqual(s.clock.remaining, { left: 52_000, right: 47_000 });
    // Next round: both run again; right runs out first.
    clock.advance(47_000);
    assert.equal(await r.server.games.timeouts.sweep(), 1);
    assert.deepEqual((await r.api.get(`/api/games/${id}`)).body.outcome, { winners: ['left'], reason: 'timeout', by: 'right' });
  });

  it('bots never run out: a bot seat\'s clock is not charged', async () => {
    const clock = fakeClock();
    const r = await start(clock, 'sqlite::memory:', 300); // the bot waits until the test has moved the clock on
    const a = await r.api.signUp(uniqueName('a'));
    const id = (await r.api.post('/api/games', { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 60, incrementSeconds: 0 } }, a)).body.id as string;
    await r.api.post(`/api/games/${id}/seats`, { role: 'north' }, a);
    await r.api.post(`/api/games/${id}/seats`, { role: 'east', bot: 'random' }, a);
    let s = (await r.api.get(`/api/games/${id}`, a)).body;
    // The service's clock stands still while the bot thinks in real time: north's pass hands over to it.
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, a)).body;
    assert.deepEqual(s.clock.running, [], 'the bot seat is not running');
    clock.advance(10 * MIN);
    assert.equal(await r.server.games.timeouts.sweep(), 0);
    for (let i = 0; i < 100 && !s.yourTurn; i++) {
      await new Promise((res) => setTimeout(res, 20));
      s = (await r.api.get(`/api/games/${id}`, a)).body;
    }
    assert.equal(s.yourTurn, true);
    assert.deepEqual(s.clock.remaining, { north: 60_000, east: 60_000 });
    assert.deepEqual(s.clock.running, ['north']);
  });

  it('a restart in the middle of a running clock keeps the remaining times and charges nobody for the time no server ran', async () => {
    const clock = fakeClock();
    const db = `sqlite:${join(dir, 'restart.db')}`;
    let r = await start(clock, db);
    const { id, a } = await twoPlayers(r, { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 600, incrementSeconds: 5 } });
    let s = (await r.api.get(`/api/games/${id}`, a)).body;
    clock.advance(30_000);
    s = (await r.api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, a)).body;
    clock.advance(40_000);
    await r.server.close();
    running.splice(running.indexOf(r), 1);
    clock.advance(20_000); // down for 20 s: no server ran, so nobody is charged for it
    r = await start(clock, db);
    s = (await r.api.get(`/api/games/${id}`, a)).body;
    assert.deepEqual(s.clock.remaining, { north: 575_000, east: 560_000 });
    clock.advance(559_999);
    assert.equal(await r.server.games.timeouts.sweep(), 0);
    clock.advance(1);
    assert.equal(await r.server.games.timeouts.sweep(), 1);
    assert.equal((await r.api.get(`/api/games/${id}`)).body.outcome.by, 'east');
  });

  it('abort: allowed before the second action (the creator\'s: no winner), refused after it', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const g = await twoPlayers(r, { game: TALLY, variants: { target: 1000 } });
    let s = (await r.api.get(`/api/games/${g.id}`, g.b)).body;
    assert.equal(s.abortable, true);
    s = (await r.api.post(`/api/games/${g.id}/actions`, { version: s.version, action: { type: 'pass' } }, g.a)).body;
    s = (await r.api.post(`/api/games/${g.id}/abort`, {}, g.a)).body;
    assert.equal(s.status, 'finished');
    assert.deepEqual(s.outcome, { winners: [], reason: 'aborted', by: 'north' }, 'the creator aborts: it ends (a joiner\'s abort reopens it: api-suite.ts)');
    const h = await twoPlayers(r, { game: TALLY, variants: { target: 1000 } });
    s = (await r.api.get(`/api/games/${h.id}`, h.a)).body;
    s = (await r.api.post(`/api/games/${h.id}/actions`, { version: s.version, action: { type: 'pass' } }, h.a)).body;
    s = (await r.api.post(`/api/games/${h.id}/actions`, { version: s.version, action: { type: 'pass' } }, h.b)).body;
    assert.equal(s.abortable, false);
    const late = await r.api.post(`/api/games/${h.id}/abort`, {}, h.a);
    assert.equal(late.status, 409);
    assert.equal(late.body.error.code, 'too-late-to-abort');
  });

  it('claim: refused while the opponent is connected or gone under 2 minutes; allowed after 2 minutes away from a live game', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const { id, a, b } = await twoPlayers(r, { game: TALLY, variants: { target: 1000 }, timeControl: { kind: 'live', baseSeconds: 3600, incrementSeconds: 0 } });
    const bLive = await Live.open(r.base, id, b);
    await bLive.next((m) => m.type === 'state');
    clock.advance(5 * MIN);
    let c = await r.api.post(`/api/games/${id}/claim`, {}, a);
    assert.equal(c.status, 409, 'east is connected');
    assert.equal(c.body.error.code, 'opponent-connected');
    bLive.close();
    await new Promise((res) => setTimeout(res, 100)); // the close reaches the server
    clock.advance(2 * MIN - 1);
    assert.equal((await r.api.get(`/api/games/${id}`, a)).body.away.east, 2 * MIN - 1);
    assert.equal((await r.api.post(`/api/games/${id}/claim`, {}, a)).status, 409);
    clock.advance(1);
    c = await r.api.post(`/api/games/${id}/claim`, {}, a);
    assert.equal(c.status, 200, JSON.stringify(c.body));
    assert.deepEqual(c.body.outcome, { winners: ['north'], reason: 'abandoned', by: 'east' });
    // Correspondence games cannot be claimed.
    const g = await twoPlayers(r, { game: TALLY, timeControl: { kind: 'correspondence', days: 3 } });
    clock.advance(DAY);
    assert.equal((await r.api.post(`/api/games/${g.id}/claim`, {}, g.a)).body.error.code, 'not-live');
  });

  it('an open game nobody joined expires after 14 days', async () => {
    const clock = fakeClock();
    const r = await start(clock);
    const a = await r.api.signUp(uniqueName('a'));
    const id = (await r.api.post('/api/games', { game: TALLY }, a)).body.id as string;
    clock.advance(14 * DAY);
    assert.equal(await r.server.games.timeouts.sweep(), 0);
    clock.advance(1);
    assert.equal(await r.server.games.timeouts.sweep(), 1);
    const s = (await r.api.get(`/api/games/${id}`)).body;
    assert.equal(s.status, 'finished');
    assert.deepEqual(s.outcome, { winners: [], reason: 'expired' });
  });

  it('time controls outside the bounds are refused', async () => {
    const r = await start(fakeClock());
    const a = await r.api.signUp(uniqueName('a'));
    for (const timeControl of [{ kind: 'live', baseSeconds: 5, incrementSeconds: 0 }, { kind: 'live', baseSeconds: 60, incrementSeconds: 61 }, { kind: 'correspondence', days: 15 }, { kind: 'blitz' }]) {
      const res = await r.api.post('/api/games', { game: TALLY, timeControl }, a);
      assert.equal(res.status, 400, JSON.stringify(timeControl));
    }
  });
});
