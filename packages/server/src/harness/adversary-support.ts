/** What the adversarial tests share: raw requests, error checks, and the audit of what each caller may see. */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { Rng, type AnyGame, type LogLine, type Role } from '@tabula/engine';
import { getGame } from '@tabula/games';
import { Live } from './client.js';
import { uniqueName, type Running } from './fixtures.js';
import { describeFor } from '../games/replay-cache.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

export const plain = (x: unknown): unknown => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

export function assertError(r: { status: number; body: any }, status: number | null, code?: string, what = ''): void {
  const msg = `${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  if (status === null) assert.ok(r.status >= 400 && r.status < 500, msg);
  else assert.equal(r.status, status, msg);
  assert.equal(typeof r.body?.error?.code, 'string', msg);
  assert.equal(typeof r.body?.error?.message, 'string', msg);
  if (code) assert.equal(r.body.error.code, code, msg);
}

/** Every key name anywhere in a JSON value. */
export function keysDeep(x: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(x)) for (const v of x) keysDeep(v, out);
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) { out.add(k); keysDeep(v, out); }
  return out;
}

/** A raw HTTP request (no URL normalisation by fetch): for path traversal and odd headers. */
export function raw(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; text: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, method, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface Observation { who: string; role: Role | null; k: number; body: any; via: 'http' | 'ws' }

/**
 * Plays `steps` random legal moves of a two-seat game through the API (each seat with its own token),
 * recording what each seat, a spectator and a seatless stranger see after every move, over HTTP and
 * WebSocket; then resigns, reads the replay (seed + actions) and checks every recorded state is exactly
 * what the engine shows that viewer (view, legal actions, log lines), never more.
 */
export async function playAndAudit(run: Running, game: string, body: Record<string, unknown>, steps: number, extraCheck: (o: Observation, state: any, g: AnyGame) => void): Promise<void> {
  const api = run.api;
  const g = getGame(game)!;
  const [a, b, stranger] = await Promise.all([api.signUp(uniqueName('pa')), api.signUp(uniqueName('pb')), api.signUp(uniqueName('ps'))]);
  const created = await api.post('/api/games', { game, ...body }, a);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id as string;
  const roles = (await api.get(`/api/games/${id}`, a)).body.seats.map((s: any) => s.role) as Role[];
  assert.equal(roles.length, 2);
  const tok: Record<string, string> = { [roles[0]!]: a, [roles[1]!]: b };
  for (const r of roles) assert.equal((await api.post(`/api/games/${id}/seats`, { role: r }, tok[r])).status, 200);
  const start = (await api.get(`/api/games/${id}`, a)).body;
  assert.equal(start.status, 'active');
  const v0 = start.version as number;

  const obs: Observation[] = [];
  const lives: { who: string; role: Role | null; live: Live }[] = [];
  for (const [who, t, role] of [['seat0', a, roles[0]!], ['seat1', b, roles[1]!], ['anon', null, null], ['stranger', stranger, null]] as const) {
    lives.push({ who, role, live: await Live.open(run.base, id, t) });
  }
  const rng = new Rng(`audit-${game}`);
  let k = 0;
  for (let step = 0; step < steps; step++) {
    const seen: Record<string, any> = {};
    for (const [who, t, role] of [['seat0', a, roles[0]!], ['seat1', b, roles[1]!], ['anon', null, null], ['stranger', stranger, null]] as const) {
      const r = await api.get(`/api/games/${id}`, t);
      assert.equal(r.status, 200);
      seen[who] = r.body;
      obs.push({ who, role, k, body: r.body, via: 'http' });
    }
    if (step === 0) for (const t of [a, b, stranger, null]) assertError(await api.get(`/api/games/${id}/replay`, t), 409, 'game-not-finished', 'early replay');
    if (seen.seat0.status !== 'active') break;
    const movers = roles.filter((_r, i) => seen[`seat${i}`].yourTurn);
    assert.ok(movers.length > 0, 'someone is to act');
    const mover = movers[rng.int(movers.length)]!;
    const st = seen[`seat${roles.indexOf(mover)}`];
    const action = st.actions[rng.int(st.actions.length)];
    // Out of turn / for the other seat: the seat not to act tries the mover's action.
    const idle = roles.find((r) => !movers.includes(r));
    if (idle && step % 4 === 0) {
      assertError(await api.post(`/api/games/${id}/actions`, { version: st.version, action }, tok[idle]), 403, 'not-your-turn', 'out of turn');
      assertError(await api.post(`/api/games/${id}/actions`, { version: st.version, action, role: mover }, tok[idle]), 403, 'not-your-seat', 'for the other seat');
      assertError(await api.post(`/api/games/${id}/actions`, { version: st.version, action }, stranger), 403, 'not-your-seat', 'stranger');
    }
    if (step % 5 === 1) {
      // The legal action with an extra field, and a stale version: refused, nothing applied.
      if (action && typeof action === 'object' && !Array.isArray(action)) {
        assertError(await api.post(`/api/games/${id}/actions`, { version: st.version, action: { ...action, sneaky: 1 } }, tok[mover]), 422, 'illegal-action', 'extra field');
      }
      // A version the mover never saw (an older one is taken while only other seats acted since: see the service tests).
      assertError(await api.post(`/api/games/${id}/actions`, { version: st.version + 1, action }, tok[mover]), 409, 'stale-version', 'unseen version');
    }
    const r = await api.post(`/api/games/${id}/actions`, { version: st.version, action }, tok[mover]);
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    assert.equal(r.body.version, st.version + 1);
    k++;
  }
  // Replay (with the seed) is closed to everyone until the end.
  const over = (await api.get(`/api/games/${id}`, a)).body.status === 'finished';
  if (!over) for (const t of [a, b, stranger, null]) assertError(await api.get(`/api/games/${id}/replay`, t), 409, 'game-not-finished', 'early replay');
  // The lobby lists, as each caller.
  const lists: string[] = [];
  for (const t of [a, b, stranger, null]) {
    for (const q of ['?status=active', '?status=open', '?status=finished', ...(t ? ['?status=active&mine=true'] : [])]) {
      const r = await api.get(`/api/games${q}`, t);
      assert.equal(r.status, 200);
      lists.push(JSON.stringify(r.body));
      for (const s of r.body.games) assert.deepEqual(Object.keys(s).sort(), ['active', 'createdAt', 'game', 'id', 'learning', 'outcome', 'players', 'scenario', 'seats', 'status', 'timeControl', 'updatedAt', 'version', 'yourRoles', 'yourTurn']);
    }
  }
  // Let the pushes of the last move arrive, then end the game.
  const last = v0 + k;
  for (const l of lives) await l.live.next((m) => m.type === 'state' && m.version === last);
  for (const l of lives) {
    for (const m of l.live.messages) if (m.type === 'state') obs.push({ who: l.who, role: l.role, k: m.version - v0, body: m, via: 'ws' });
    l.live.close();
  }
  if (!over) assert.equal((await api.post(`/api/games/${id}/resign`, {}, b)).status, 200);
  const rep = await api.get(`/api/games/${id}/replay`, stranger);
  assert.equal(rep.status, 200);
  assert.equal(rep.body.actions.length, k);

  // Recompute every state from the seed.
  const opts = { seed: rep.body.seed as string, ...rep.body.options };
  const states: unknown[] = [g.setup(opts)];
  for (const e of rep.body.actions) states.push(g.apply(states[states.length - 1], e.role, e.action));
  const linesFor = (viewer: Role | null, upto: number): unknown => {
    const out: (LogLine & { seq: number })[] = [];
    for (let i = 0; i < upto; i++) for (const l of describeFor(g, states[i], states[i + 1], rep.body.actions[i], viewer)) out.push({ seq: i, ...l });
    return plain(out);
  };
  const secrets = [rep.body.seed as string];
  for (const s of states) {
    const rngState = (s as { rng?: number[] }).rng;
    if (Array.isArray(rngState)) secrets.push(JSON.stringify(rngState), ...rngState.filter((n) => n > 99_999).map(String));
  }
  for (const l of lists) for (const sec of [rep.body.seed as string]) assert.ok(!l.includes(sec), 'a lobby list names the seed');
  const roleOf = (o: Observation): Role | null => o.role;
  let checked = 0, undoSeen = 0;
  for (const o of obs) {
    const state = states[o.k];
    assert.ok(state !== undefined, `${o.who} k=${o.k}`);
    const role = roleOf(o);
    const where = `${game} ${o.via} ${o.who} after ${o.k} moves`;
    assert.equal(o.body.role, role, `${where}: the view is for the caller's own seat`);
    assert.deepEqual(o.body.view, plain(g.view(state, role)), `${where}: view is exactly the engine's view for this viewer`);
    const active = g.active(state) as Role[];
    assert.deepEqual(o.body.actions, role !== null && active.includes(role) ? plain(g.actions(state, role)) : [], `${where}: actions`);
    // A push carries the lines from `logFrom` on (the client keeps those before it).
    const from = (o.body.logFrom as number | undefined) ?? 0;
    assert.deepEqual(o.body.log, (linesFor(role, o.k) as { seq: number }[]).filter((l) => l.seq >= from), `${where}: log lines from ${from}`);
    const text = JSON.stringify(o.body);
    for (const sec of secrets) assert.ok(!text.includes(sec), `${where}: names the seed or an RNG state (${sec})`);
    const keys = keysDeep(o.body);
    for (const bad of ['seed', 'rng', 'pile', 'under']) assert.ok(!keys.has(bad), `${where}: has a "${bad}" key`);
    // Undo never takes back a move that drew on the RNG (a peek at a die, card or tile, then a do-over).
    if (role !== null && o.body.undo > 0) {
      undoSeen++;
      for (let i = o.k - o.body.undo; i < o.k; i++) {
        assert.equal(rep.body.actions[i].role, role, `${where}: undo reaches another seat's move`);
        const r0 = JSON.stringify((states[i] as { rng?: unknown }).rng), r1 = JSON.stringify((states[i + 1] as { rng?: unknown }).rng);
        assert.equal(r1, r0, `${where}: may undo move ${i} (${JSON.stringify(rep.body.actions[i].action)}), which used the RNG`);
      }
    }
    extraCheck(o, state, g);
    checked++;
  }
  // Every move was read over HTTP by all four callers; pushes may be coalesced under load, but each socket got the last state.
  assert.ok(k > 0 && checked >= 4 * k, `audited ${checked} observations of ${k} moves`);
  assert.ok(obs.filter((o) => o.via === 'ws').length >= lives.length, 'every socket was audited');
  assert.ok(undoSeen > 0, 'some seat could undo: the undo check ran');
}
