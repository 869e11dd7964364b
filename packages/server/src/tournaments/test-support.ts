/** What the tournament tests share: verified organisers, players with set ratings, results played through the API. */
import assert from 'node:assert/strict';
import type { PairingT, TournamentT } from '@tabula/protocol';
import { uniqueName, type Running } from '../harness/fixtures.js';

export interface Player { name: string; token: string; id: number }

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export async function waitFor<T>(f: () => Promise<T | null | undefined | false>, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(30);
  }
}

/** A new account; `rating` (for `game`) written straight to the store; `verified`: its address verified. */
export async function player(run: Running, prefix: string, opts: { rating?: number; game?: string; verified?: boolean } = {}): Promise<Player> {
  const name = uniqueName(prefix);
  const token = await run.api.signUp(name);
  const store = run.server.store;
  const id = Number((await store.sql.all<{ id: number | string }>('SELECT id FROM users WHERE name = ?', [name]))[0]!.id);
  if (opts.verified) await store.notify.putSettings(id, { email: `${name}@example.org`, emailVerified: true });
  if (opts.rating !== undefined) {
    await store.sql.run('INSERT INTO ratings (user_id, game, rating, rd, vol, games, updated_at) VALUES (?, ?, ?, 60, 0.06, 20, 0)', [id, opts.game!, opts.rating]);
  }
  return { name, token, id };
}

export async function view(run: Running, id: string, token?: string): Promise<TournamentT> {
  const r = await run.api.get(`/api/tournaments/${id}`, token);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as TournamentT;
}

/** What happens in one pairing's games: a winner (the other resigns), a draw, or the named player forfeits (does nothing). */
export type Result = { winner: string } | { resign: string } | { draw: true } | { forfeit: string };

/**
 * Plays round `round`'s pairings that have games: each game gets `decide(players)` (for a two-game match, the
 * same result in each game). Forfeits are left for the caller (the first-move window).
 */
export async function playRound(run: Running, id: string, round: number, tokens: Map<string, string>, decide: (players: string[]) => Result): Promise<TournamentT> {
  // A live match's second game is made when the first has ended: play what is active until nothing is pending; the
  // view returned is the last one, with every game of the round made.
  for (;;) {
    const t = await waitFor(async () => {
      const v = await view(run, id);
      const r = v.roundsPlayed.find((x) => x.number === round);
      // Every game due now made and started (a later game of a live match is "pending" until the one before ends).
      const settled = (p: PairingT): boolean => p.games.every((g, leg) => g.status === 'active' || g.status === 'finished'
        || (g.status === 'pending' && leg > 0 && p.games[leg - 1]!.status !== 'finished'));
      return r && r.pairings.every(settled) ? v : null;
    }, `round ${round} of ${id} with its games`);
    const r = t.roundsPlayed.find((x) => x.number === round)!;
    let played = 0;
    for (const p of r.pairings) {
      if (p.bye || p.result) continue;
      const res = decide(p.players);
      for (const g of p.games) {
        if (g.status !== 'active' || 'forfeit' in res) continue;
        played++;
        if ('winner' in res) {
          const loser = p.players.find((n) => n !== res.winner)!;
          const x = await run.api.post(`/api/games/${g.id}/resign`, {}, tokens.get(loser));
          assert.equal(x.status, 200, JSON.stringify(x.body));
        } else if ('resign' in res) {
          const x = await run.api.post(`/api/games/${g.id}/resign`, {}, tokens.get(res.resign));
          assert.equal(x.status, 200, JSON.stringify(x.body));
        } else if ('draw' in res) {
          const [a, ...others] = p.players as [string, ...string[]];
          const o = await run.api.post(`/api/games/${g.id}/draw`, { op: 'offer' }, tokens.get(a));
          assert.equal(o.status, 200, JSON.stringify(o.body));
          for (const b of others) {
            const k = await run.api.post(`/api/games/${g.id}/draw`, { op: 'accept' }, tokens.get(b));
            assert.equal(k.status, 200, JSON.stringify(k.body));
          }
        }
      }
    }
    const pending = r.pairings.some((p) => !p.bye && !p.result && p.games.some((g) => g.status === 'pending'));
    if (!pending || played === 0) return t;
  }
}

/** Organiser and players (P1..Pn by rating, highest first) of a new tournament, joined; returns its id. */
export async function tournamentOf(run: Running, body: Record<string, unknown>, ratings: number[], game: string): Promise<{ id: string; org: Player; P: Player[]; label: Map<string, string>; tokens: Map<string, string> }> {
  const org = await player(run, 'org', { verified: true });
  const P: Player[] = [];
  for (let i = 0; i < ratings.length; i++) P.push(await player(run, `p${i + 1}`, { rating: ratings[i]!, game }));
  const c = await run.api.post('/api/tournaments', { name: 'Cup', game, rated: false, startsAt: new Date(Date.now() + 3_600_000).toISOString(), ...body }, org.token);
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const id = c.body.id as string;
  for (const p of P) {
    const j = await run.api.post(`/api/tournaments/${id}/join`, {}, p.token);
    assert.equal(j.status, 200, JSON.stringify(j.body));
  }
  return { id, org, P, label: new Map(P.map((p, i) => [p.name, `P${i + 1}`])), tokens: new Map(P.map((p) => [p.name, p.token])) };
}

/** Waits until the tournament is past round `round` (the next one paired, or finished). */
export function pastRound(run: Running, id: string, round: number): Promise<TournamentT> {
  return waitFor(async () => {
    const v = await view(run, id);
    return v.round > round || v.status === 'finished' ? v : null;
  }, `${id} past round ${round}`);
}
