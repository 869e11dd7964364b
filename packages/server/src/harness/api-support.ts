/** What the API suite's tests share: seated games, random play to the end, views checked against the engine. */
import assert from 'node:assert/strict';
import { Rng, replay, type AnyGame } from '@tabula/engine';
import { type Api } from './client.js';

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function assertError(r: { status: number; body: unknown }, status: number, code?: string): void {
  const b = r.body as { error?: { code?: unknown; message?: unknown } };
  assert.equal(r.status, status, `expected ${status}${code ? ` ${code}` : ''}, got ${r.status} ${JSON.stringify(r.body)}`);
  assert.equal(typeof b.error?.code, 'string', JSON.stringify(r.body));
  assert.equal(typeof b.error?.message, 'string');
  if (code) assert.equal(b.error!.code, code);
}

/** Creates a game of `game`, seats every role (alternating between the given tokens) and returns its id. */
export async function seated(api: Api, game: string, tokens: string[], body: Record<string, unknown> = {}): Promise<{ id: string; roles: string[]; tokenOf: Map<string, string> }> {
  const c = await api.post('/api/games', { game, ...body }, tokens[0]);
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const id = c.body.id as string;
  const g = await api.get(`/api/games/${id}`, tokens[0]);
  const roles = (g.body.seats as { role: string }[]).map((s) => s.role);
  const tokenOf = new Map<string, string>();
  for (let i = 0; i < roles.length; i++) {
    const t = tokens[i % tokens.length]!;
    const r = await api.post(`/api/games/${id}/seats`, { role: roles[i] }, t);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    tokenOf.set(roles[i]!, t);
  }
  return { id, roles, tokenOf };
}

/** Plays random legal moves through the API until the game ends; returns the number of actions. */
export async function playToEnd(api: Api, id: string, tokenOf: Map<string, string>, seed: string, maxActions: number): Promise<number> {
  const rng = new Rng(seed);
  let g = (await api.get(`/api/games/${id}`)).body;
  let n = 0;
  while (g.status === 'active') {
    assert.ok(n < maxActions, `game did not end within ${maxActions} actions`);
    const role = (g.active as string[])[0]!;
    const token = tokenOf.get(role)!;
    const mine = await api.get(`/api/games/${id}?role=${encodeURIComponent(role)}`, token);
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    const acts = mine.body.actions as unknown[];
    assert.ok(acts.length > 0, `${role} is active but has no actions`);
    const r = await api.post(`/api/games/${id}/actions`, { version: mine.body.version, action: acts[rng.int(acts.length)], role }, token);
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    g = r.body;
    n++;
  }
  return n;
}

/** After the game: each seat's and the spectator's view equal the engine's view of the replayed state. */
export async function checkViews(api: Api, game: AnyGame, id: string, tokenOf: Map<string, string>): Promise<void> {
  const rep = await api.get(`/api/games/${id}/replay`);
  assert.equal(rep.status, 200);
  const state = replay(game, rep.body);
  const spect = await api.get(`/api/games/${id}`);
  assert.equal(spect.body.role, null);
  assert.deepEqual(spect.body.view, JSON.parse(JSON.stringify(game.view(state, null))));
  for (const [role, token] of tokenOf) {
    const mine = await api.get(`/api/games/${id}?role=${encodeURIComponent(role)}`, token);
    assert.deepEqual(mine.body.view, JSON.parse(JSON.stringify(game.view(state, role))));
  }
  assert.deepEqual(spect.body.outcome, JSON.parse(JSON.stringify(game.outcome(state))));
}
