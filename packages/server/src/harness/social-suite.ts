/** The social API (chat, mutes, ratings, rematch, profiles, seeks, the lobby socket), run once per store. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import glicko2 from 'glicko2';
import { CHAT_MAX_CHARS, CHAT_RATE, GLICKO } from '@tabula/protocol';
import { Live, type Api } from './client.js';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

async function seated2(api: Api, a: string, b: string, body: Record<string, unknown> = {}): Promise<string> {
  const c = await api.post('/api/games', { game: TALLY, ...body }, a);
  assert.equal(c.status, 201, JSON.stringify(c.body));
  const id = c.body.id as string;
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, a)).status, 200);
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, b)).status, 200);
  return id;
}

/** Plays `n` actions (add 1) alternating seats. */
async function play(api: Api, id: string, tokens: Record<string, string>, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const g = (await api.get(`/api/games/${id}`)).body;
    const role = g.active[0] as string;
    const r = await api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'add', n: 1 }, role }, tokens[role]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}

/** Each seat passes once, in turn order (a result counts for ratings only once every seat has acted). */
async function eachSeatActs(api: Api, id: string, tokens: Record<string, string>): Promise<void> {
  for (let i = 0; i < Object.keys(tokens).length; i++) {
    const g = (await api.get(`/api/games/${id}`)).body;
    const role = g.active[0] as string;
    const r = await api.post(`/api/games/${id}/actions`, { version: g.version, action: { type: 'pass' }, role }, tokens[role]);
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
}

const chatOf = (m: { type: string }) => m.type === 'chat';

/** The library's own numbers: one rating period per game, as the server does it. */
function libraryRate(players: { rating: number; rd: number; vol: number }[], matches: [number, number, number][]) {
  const g = new glicko2.Glicko2({ tau: GLICKO.tau, rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol });
  const ps = players.map((p) => g.makePlayer(p.rating, p.rd, p.vol));
  g.updateRatings(matches.map(([a, b, s]) => [ps[a]!, ps[b]!, s]));
  return ps.map((p) => ({ rating: p.getRating(), rd: p.getRd(), vol: p.getVol() }));
}

async function waitFor<T>(f: () => Promise<T | null | undefined | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function socialSuite(label: string, db: () => Promise<string>): void {
  describe(`social API on ${label}`, () => {
    let run: Running;
    let api: Api;
    const names: Record<string, string> = {};
    const tok: Record<string, string> = {};

    let dbUrl: string;

    before(async () => {
      dbUrl = await db();
      run = await startServer(dbUrl);
      api = run.api;
      for (const k of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) {
        names[k] = uniqueName(k);
        tok[k] = await api.signUp(names[k]);
      }
    });
    after(async () => {
      await run?.server.close();
    });

    it('chat: players\' and spectators\' channels, pushed live, cleaned, limited, placed at its log position, read back after reconnect', async () => {
      const id = await seated2(api, tok.alice!, tok.bob!);
      const a = await Live.open(run.base, id, tok.alice);
      const b = await Live.open(run.base, id, tok.bob);
      const spec = await Live.open(run.base, id, tok.carol);
      const anon = await Live.open(run.base, id);
      for (const l of [a, b, spec, anon]) assert.deepEqual((await l.next(chatOf)).lines, []);
      a.send({ type: 'chat', ref: 1, text: '  hello\u202E <b>bob</b>\u200B\n\tok\u0007 ' });
      const ack = await a.next((m) => m.type === 'ack' && m.ref === 1);
      assert.equal(typeof ack.version, 'number');
      assert.equal((await a.next(chatOf)).lines[0].user, names.alice, 'the writer gets its own line too');
      const got = await b.next(chatOf);
      assert.equal(got.whole, false);
      assert.equal(got.lines.length, 1);
      const line = got.lines[0];
      assert.equal(line.text, 'hello <b>bob</b> ok', 'RLO, zero-width space, bell, newline and tab are gone; HTML stays text');
      assert.equal(line.channel, 'players');
      assert.equal(line.role, 'north');
      assert.equal(line.user, names.alice);
      assert.equal(line.seq, 0);
      assert.equal((await anon.next(chatOf)).lines[0].text, line.text, 'anonymous spectators read the chat');
      await play(api, id, { north: tok.alice!, east: tok.bob! }, 3);
      spec.send({ type: 'chat', ref: 2, text: 'nice move' });
      await spec.next((m) => m.type === 'ack' && m.ref === 2);
      const sl = (await a.next(chatOf)).lines[0];
      assert.equal(sl.channel, 'spectators');
      assert.equal(sl.role, null);
      assert.equal(sl.seq, 3, 'written after 3 actions: the replay shows it there');
      anon.send({ type: 'chat', ref: 3, text: 'hi' });
      assert.equal((await anon.next((m) => m.type === 'error' && m.ref === 3)).status, 401);
      b.send({ type: 'chat', ref: 4, text: 'x'.repeat(CHAT_MAX_CHARS + 1) });
      assert.equal((await b.next((m) => m.type === 'error' && m.ref === 4)).error.code, 'chat-too-long');
      b.send({ type: 'chat', ref: 5, text: '\u200B\u202E \u0000' });
      assert.equal((await b.next((m) => m.type === 'error' && m.ref === 5)).error.code, 'chat-empty');
      b.send({ type: 'chat', ref: 6, text: 'y'.repeat(CHAT_MAX_CHARS) });
      await b.next((m) => m.type === 'ack' && m.ref === 6);
      // Rate limit: CHAT_RATE.messages per window per account.
      for (let i = 0; i < CHAT_RATE.messages; i++) b.send({ type: 'chat', ref: 100 + i, text: `m${i}` });
      const answers = await Promise.all(Array.from({ length: CHAT_RATE.messages }, (_, i) => b.next((m) => (m.type === 'ack' || m.type === 'error') && m.ref === 100 + i)));
      assert.ok(answers.some((m) => m.type === 'error' && m.status === 429 && m.error.code === 'chat-rate-limited'), JSON.stringify(answers));
      // Read back: a new socket gets every line; REST gives the same with seq.
      const a2 = await Live.open(run.base, id, tok.alice);
      const whole = await a2.next(chatOf);
      assert.equal(whole.whole, true);
      assert.deepEqual(whole.lines.slice(0, 2).map((l: { text: string }) => l.text), [line.text, 'nice move']);
      const rest = await api.get(`/api/games/${id}/chat`);
      assert.equal(rest.status, 200);
      assert.deepEqual(rest.body.lines.map((l: { seq: number }) => l.seq).slice(0, 2), [0, 3]);
      for (const l of [a, b, spec, anon, a2]) l.close();
    });

    it('mute: a muted user\'s lines are never shown to the muter, in any game; unmute shows them again', async () => {
      const g1 = await seated2(api, tok.dave!, tok.erin!);
      const g2 = await seated2(api, tok.erin!, tok.frank!);
      const m = await api.post('/api/mutes', { name: names.erin!.toUpperCase() }, tok.dave);
      assert.equal(m.status, 200, JSON.stringify(m.body));
      assert.deepEqual(m.body.muted, [names.erin]);
      assert.equal((await api.post('/api/mutes', { name: names.dave }, tok.dave)).status, 422);
      assert.equal((await api.post('/api/mutes', { name: 'nobody-here-xyz' }, tok.dave)).status, 404);
      assert.equal((await api.post('/api/mutes', { name: names.erin })).status, 401);
      const d = await Live.open(run.base, g1, tok.dave);
      await d.next(chatOf);
      const e = await Live.open(run.base, g1, tok.erin);
      await e.next(chatOf);
      e.send({ type: 'chat', ref: 1, text: 'spam' });
      await e.next((x) => x.type === 'ack' && x.ref === 1);
      d.send({ type: 'chat', ref: 2, text: 'from dave' });
      const seen = await d.next(chatOf);
      assert.deepEqual(seen.lines.map((l: { text: string }) => l.text), ['from dave'], 'erin\'s line was not pushed to dave');
      const ge = await api.post(`/api/games/${g2}/seats`, { role: 'north' }, tok.dave);
      assert.equal(ge.status, 409); // g2 is full: dave watches it as a spectator
      const e2 = await Live.open(run.base, g2, tok.erin);
      await e2.next(chatOf);
      e2.send({ type: 'chat', ref: 3, text: 'elsewhere' });
      await e2.next((x) => x.type === 'ack' && x.ref === 3);
      assert.deepEqual((await api.get(`/api/games/${g2}/chat`, tok.dave)).body.lines, [], 'muted in every game');
      assert.equal((await api.get(`/api/games/${g2}/chat`, tok.frank)).body.lines.length, 1, 'others still read it');
      assert.equal((await api.req('DELETE', `/api/mutes/${names.erin}`, undefined, tok.dave)).status, 200);
      assert.equal((await api.get(`/api/games/${g2}/chat`, tok.dave)).body.lines.length, 1);
      for (const l of [d, e, e2]) l.close();
    });

    it('ratings: rated games between people give the glicko2 library\'s values; unrated and bot games change nothing; leaderboard and provisional mark', async () => {
      const p = [names.carol!, names.frank!];
      const rating = async (name: string) => ((await api.get(`/api/users/${name}`)).body.ratings as { game: string; rating: number; rd: number; vol: number; games: number; provisional: boolean }[]).find((r) => r.game === TALLY);
      // Game 1 (rated): frank resigns, carol wins. Game 2 (rated): carol resigns. Game 3 unrated, game 4 with a bot.
      let expected: { rating: number; rd: number; vol: number }[] = [{ rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol }, { rating: GLICKO.rating, rd: GLICKO.rd, vol: GLICKO.vol }];
      const g1 = await seated2(api, tok.carol!, tok.frank!, { rated: true });
      await eachSeatActs(api, g1, { north: tok.carol!, east: tok.frank! });
      assert.equal((await api.post(`/api/games/${g1}/resign`, {}, tok.frank)).status, 200);
      expected = libraryRate(expected, [[0, 1, 1]]);
      const r1 = await waitFor(() => rating(p[0]!), 'carol rated');
      assert.ok(Math.abs(r1.rating - expected[0]!.rating) < 1e-9, `${r1.rating} vs ${expected[0]!.rating}`);
      assert.ok(Math.abs(r1.rd - expected[0]!.rd) < 1e-9);
      assert.ok(Math.abs(r1.vol - expected[0]!.vol) < 1e-12);
      assert.equal(r1.games, 1);
      assert.equal(r1.provisional, true);
      const g2 = await seated2(api, tok.frank!, tok.carol!, { rated: true });
      await play(api, g2, { north: tok.frank!, east: tok.carol! }, 2);
      await eachSeatActs(api, g2, { north: tok.frank!, east: tok.carol! });
      assert.equal((await api.post(`/api/games/${g2}/resign`, {}, tok.carol)).status, 200);
      // carol sits east in g2: index 0 is still carol.
      expected = libraryRate(expected, [[0, 1, 0]]);
      const r2 = await waitFor(async () => { const r = await rating(p[0]!); return r && r.games === 2 ? r : null; }, 'second rating');
      const f2 = (await rating(p[1]!))!;
      assert.ok(Math.abs(r2.rating - expected[0]!.rating) < 1e-9);
      assert.ok(Math.abs(f2.rating - expected[1]!.rating) < 1e-9);
      assert.ok(Math.abs(f2.rd - expected[1]!.rd) < 1e-9);
      // Unrated: nothing moves.
      const g3 = await seated2(api, tok.carol!, tok.frank!);
      assert.equal((await api.post(`/api/games/${g3}/resign`, {}, tok.frank)).status, 200);
      // A bot may not sit in a rated game; an unrated game against a bot changes nothing.
      const g4 = (await api.post('/api/games', { game: TALLY, rated: true }, tok.carol)).body.id as string;
      await api.post(`/api/games/${g4}/seats`, { role: 'north' }, tok.carol);
      const botSeat = await api.post(`/api/games/${g4}/seats`, { role: 'east', bot: 'random' }, tok.carol);
      assert.equal(botSeat.status, 422);
      assert.equal(botSeat.body.error.code, 'rated-people-only');
      const g5 = (await api.post('/api/games', { game: TALLY }, tok.carol)).body.id as string;
      await api.post(`/api/games/${g5}/seats`, { role: 'north' }, tok.carol);
      await api.post(`/api/games/${g5}/seats`, { role: 'east', bot: 'random' }, tok.carol);
      assert.equal((await api.post(`/api/games/${g5}/resign`, { role: 'north' }, tok.carol)).status, 200);
      await new Promise((r) => setTimeout(r, 300));
      const r3 = (await rating(p[0]!))!;
      assert.equal(r3.games, 2);
      assert.equal(r3.rating, r2.rating);
      const lb = await api.get(`/api/ratings/${TALLY}`);
      assert.equal(lb.status, 200);
      const names2 = (lb.body.players as { name: string }[]).map((x) => x.name);
      assert.ok(names2.includes(p[0]!) && names2.includes(p[1]!));
      assert.equal((await api.get('/api/ratings/no-such-game')).status, 404);
      // Profile: played/won per game, finished games with result.
      const prof = (await api.get(`/api/users/${p[0]}`)).body;
      const st = prof.stats.find((s: { game: string }) => s.game === TALLY);
      assert.deepEqual({ played: st.played, won: st.won }, { played: 4, won: 2 });
      const fin = prof.finished.find((g: { id: string }) => g.id === g1);
      assert.equal(fin.result, 'won');
      assert.equal(fin.rated, true);
      assert.deepEqual(fin.winners, [p[0]]);
      assert.equal(prof.finished.find((g: { id: string }) => g.id === g2).result, 'lost');
      assert.ok(prof.current.some((g: { id: string }) => g.id === g4), 'the open rated game is current');
      assert.equal((await api.get('/api/users/nobody-here-xyz')).status, 404);
    });

    it('ratings: 10 rated wins over one opponent in a loop move the rating far less than 10 wins over 10 different opponents (weights 1, 1, 1, 0.5, 0.25, then 0); the change is on the game, the history on the profile; deleted accounts leave the leaderboard', async () => {
      // 23 games from one address: on a server of their own without the per-address limits (the suite's other tests keep theirs).
      const own = await startServer(dbUrl, { rateLimits: false });
      const api = own.api;
      try {
        const farmer = uniqueName('farm'), victim = uniqueName('vict'), honest = uniqueName('hone');
        const t: Record<string, string> = { [farmer]: await api.signUp(farmer), [victim]: await api.signUp(victim), [honest]: await api.signUp(honest) };
        const rating = async (name: string) => ((await api.get(`/api/users/${name}`)).body.ratings as { game: string; rating: number; games: number }[]).find((r) => r.game === TALLY);
        /** One rated game `winner` wins: both seats act once, then the loser resigns. */
        const win = async (winner: string, loser: string): Promise<string> => {
          const id = await seated2(api, t[winner]!, t[loser]!, { rated: true });
          await eachSeatActs(api, id, { north: t[winner]!, east: t[loser]! });
          assert.equal((await api.post(`/api/games/${id}/resign`, {}, t[loser])).status, 200);
          return id;
        };
        const games = async (name: string, n: number) => waitFor(async () => { const r = await rating(name); return r && r.games === n ? r : null; }, `${name} rated ${n} times`);
        const loop: string[] = [];
        for (let i = 0; i < 10; i++) {
          loop.push(await win(farmer, victim));
          await games(farmer, i + 1);
        }
        for (let i = 0; i < 10; i++) {
          const other = uniqueName('opp');
          t[other] = await api.signUp(other);
          await win(honest, other);
          await games(honest, i + 1);
        }
        const farmed = (await rating(farmer))!.rating - GLICKO.rating;
        const earned = (await rating(honest))!.rating - GLICKO.rating;
        assert.ok(farmed < 0.75 * earned, `10 wins over one opponent: +${farmed.toFixed(1)}; 10 wins over 10 opponents: +${earned.toFixed(1)}`);
        // Each game says what it did, over REST and on the socket.
        const weights: number[] = [];
        for (const id of loop) {
          const r = await api.get(`/api/games/${id}/ratings`);
          assert.equal(r.status, 200);
          assert.equal(r.body.status, 'rated');
          const me = r.body.players.find((x: { user: string }) => x.user === farmer);
          weights.push(me.weight);
        }
        assert.deepEqual(weights, [1, 1, 1, 0.5, 0.25, 0, 0, 0, 0, 0]);
        const last = (await api.get(`/api/games/${loop[9]}/ratings`)).body.players.find((x: { user: string }) => x.user === farmer);
        assert.equal(last.before, last.after, 'the 10th game in a day between one pair moves nothing');
        const ws = await Live.open(own.base, loop[0]!, t[farmer]);
        const pushed = await ws.next((m) => m.type === 'ratings');
        const first = pushed.ratings.players.find((x: { user: string }) => x.user === farmer);
        assert.equal(first.before, GLICKO.rating);
        assert.ok(first.after > GLICKO.rating);
        ws.close();
        const unrated = await seated2(api, t[farmer]!, t[victim]!);
        await api.post(`/api/games/${unrated}/resign`, {}, t[victim]);
        assert.deepEqual((await api.get(`/api/games/${unrated}/ratings`)).body, { status: 'unrated', players: [] });
        assert.equal((await api.get(`/api/games/${await seated2(api, t[farmer]!, t[victim]!)}/ratings`)).status, 409, 'not over yet');
        // The history: newest first, the rating after each game, the opponent's name; limited.
        const h = await api.get(`/api/users/${honest}/ratings?game=${TALLY}&limit=3`);
        assert.equal(h.status, 200, JSON.stringify(h.body));
        assert.equal(h.body.entries.length, 3);
        assert.equal(h.body.entries[0].rating, (await rating(honest))!.rating);
        assert.equal(h.body.entries[0].opponents.length, 1);
        assert.ok(h.body.entries[0].rating > h.body.entries[1].rating);
        assert.equal((await api.get(`/api/users/${honest}/ratings?game=${TALLY}&limit=201`)).status, 400);
        assert.equal((await api.get(`/api/users/${honest}/ratings?game=no-such-game`)).status, 404);
        assert.equal((await api.get(`/api/users/${honest}/ratings?game=${TALLY}`)).body.entries.length, 10);
        const exported = (await api.req('GET', '/api/accounts/me/export', undefined, t[honest])).body;
        assert.equal(exported.ratingHistory.length, 10, 'the data export holds the history');
        assert.equal(exported.ratingHistory.at(-1).after, (await rating(honest))!.rating);
        // A deleted account leaves the leaderboard.
        const board = async () => ((await api.get(`/api/ratings/${TALLY}`)).body.players as { name: string }[]).map((x) => x.name);
        assert.ok((await board()).includes(farmer));
        const del = await api.req('DELETE', '/api/accounts/me', { password: 'correct horse' }, t[farmer]);
        assert.equal(del.status, 204, JSON.stringify(del.body));
        assert.ok(!(await board()).includes(farmer));
        assert.ok(!(await board()).includes('(deleted player)'));
      } finally {
        await own.server.close();
      }
    });

    it('rematch: offer, decline, offer again, accept: one new game, same settings, seats swapped, both sockets told', async () => {
      const id = await seated2(api, tok.alice!, tok.bob!, { rated: true, timeControl: { kind: 'correspondence', days: 3 }, variants: { target: 20 } });
      const a = await Live.open(run.base, id, tok.alice);
      const b = await Live.open(run.base, id, tok.bob);
      a.send({ type: 'rematch', ref: 1, op: 'offer' });
      assert.equal((await a.next((m) => m.ref === 1)).error.code, 'game-not-finished');
      assert.equal((await api.post(`/api/games/${id}/resign`, {}, tok.bob)).status, 200);
      a.send({ type: 'rematch', ref: 2, op: 'offer' });
      await a.next((m) => m.type === 'ack' && m.ref === 2);
      assert.deepEqual((await b.next((m) => m.type === 'rematch')).rematch, { by: names.alice, status: 'offered', game: null });
      a.send({ type: 'rematch', ref: 3, op: 'accept' });
      assert.equal((await a.next((m) => m.ref === 3)).error.code, 'own-offer');
      b.send({ type: 'rematch', ref: 4, op: 'decline' });
      await b.next((m) => m.type === 'ack' && m.ref === 4);
      assert.equal((await a.next((m) => m.type === 'rematch')).rematch.status, 'declined');
      b.send({ type: 'rematch', ref: 5, op: 'offer' });
      await b.next((m) => m.type === 'ack' && m.ref === 5);
      await a.next((m) => m.type === 'rematch' && m.rematch.status === 'offered');
      // Both accept at once from two sockets of alice: exactly one game.
      const a2 = await Live.open(run.base, id, tok.alice);
      a.send({ type: 'rematch', ref: 6, op: 'accept' });
      a2.send({ type: 'rematch', ref: 7, op: 'accept' });
      const r6 = await a.next((m) => m.ref === 6), r7 = await a2.next((m) => m.ref === 7);
      assert.equal([r6, r7].filter((m) => m.type === 'ack').length, 1, JSON.stringify([r6, r7]));
      const told = await b.next((m) => m.type === 'rematch' && m.rematch.status === 'accepted');
      const next = told.rematch.game as string;
      assert.ok(next);
      const g = (await api.get(`/api/games/${next}`)).body;
      assert.equal(g.status, 'active');
      assert.deepEqual(g.seats.map((s: { user: string }) => s.user), [names.bob, names.alice], 'seats swapped');
      assert.deepEqual(g.variants, { target: 20 });
      const s = (await api.get('/api/games?status=active', tok.bob)).body.games.find((x: { id: string }) => x.id === next);
      assert.deepEqual(s.timeControl, { kind: 'correspondence', days: 3 });
      assert.equal((await api.get(`/api/users/${names.bob}`)).body.current.find((x: { id: string }) => x.id === next).rated, true);
      for (const l of [a, b, a2]) l.close();
    });

    it('seeks and the lobby socket: compatible seeks pair at once, both told; incompatible wait; cancel; a lobby sees games appear, start and finish', async () => {
      const ws = new WebSocket(`${run.base.replace(/^http/, 'ws')}/api/lobby/live`);
      const lobby: { type: string; [k: string]: unknown }[] = [];
      ws.on('message', (d) => lobby.push(JSON.parse(d.toString()) as { type: string }));
      await waitFor(async () => lobby.some((m) => m.type === 'lobby'), 'lobby snapshot');
      const dws = new WebSocket(`${run.base.replace(/^http/, 'ws')}/api/lobby/live?token=${tok.dave}`);
      const dmsgs: { type: string; [k: string]: unknown }[] = [];
      dws.on('message', (d) => dmsgs.push(JSON.parse(d.toString()) as { type: string }));
      await waitFor(async () => dmsgs.some((m) => m.type === 'lobby'), 'dave lobby');
      const tc = { kind: 'live', baseSeconds: 300, incrementSeconds: 3 };
      const s1 = await api.post('/api/seeks', { game: TALLY, timeControl: tc, rated: true }, tok.dave);
      assert.equal(s1.status, 201, JSON.stringify(s1.body));
      assert.equal(s1.body.status, 'open');
      const again = await api.post('/api/seeks', { game: TALLY, timeControl: tc, rated: true }, tok.dave);
      assert.equal(again.body.id, s1.body.id, 'the same seek twice is one seek');
      const other = await api.post('/api/seeks', { game: TALLY, timeControl: { ...tc, incrementSeconds: 5 }, rated: true }, tok.erin);
      assert.equal(other.body.status, 'open', 'another time control does not pair');
      const unrated = await api.post('/api/seeks', { game: TALLY, timeControl: tc }, tok.frank);
      assert.equal(unrated.body.status, 'open', 'unrated does not pair with rated');
      await waitFor(async () => lobby.some((m) => m.type === 'seeks' && (m.seeks as { id: string }[]).some((x) => x.id === unrated.body.id)), 'seeks pushed');
      const s2 = await api.post('/api/seeks', { game: TALLY, timeControl: tc, rated: true }, tok.carol);
      assert.equal(s2.body.status, 'paired', JSON.stringify(s2.body));
      const gameId = s2.body.gameId as string;
      const paired = await waitFor(async () => dmsgs.find((m) => m.type === 'paired'), 'dave told');
      assert.equal(paired.game, gameId);
      assert.equal((await api.get(`/api/seeks/${s1.body.id}`)).body.status, 'paired');
      const g = (await api.get(`/api/games/${gameId}`)).body;
      assert.equal(g.status, 'active');
      assert.deepEqual(g.seats.map((x: { user: string }) => x.user).sort(), [names.carol, names.dave].sort());
      await waitFor(async () => lobby.some((m) => m.type === 'game' && (m.game as { id: string; status: string }).id === gameId && (m.game as { status: string }).status === 'active'), 'lobby: game started');
      // Cancel.
      assert.equal((await api.req('DELETE', `/api/seeks/${other.body.id}`, undefined, tok.dave)).status, 404, 'not yours');
      assert.equal((await api.req('DELETE', `/api/seeks/${other.body.id}`, undefined, tok.erin)).status, 204);
      assert.equal((await api.req('DELETE', `/api/seeks/${other.body.id}`, undefined, tok.erin)).status, 409);
      assert.ok(!(await api.get('/api/seeks')).body.seeks.some((x: { id: string }) => x.id === other.body.id));
      // A new open game, then finished: the lobby hears both, with the winner's name.
      const id = (await api.post('/api/games', { game: TALLY }, tok.alice)).body.id as string;
      await waitFor(async () => lobby.some((m) => m.type === 'game' && (m.game as { id: string }).id === id), 'lobby: open game');
      await api.post(`/api/games/${id}/seats`, { role: 'north' }, tok.alice);
      await api.post(`/api/games/${id}/seats`, { role: 'east' }, tok.bob);
      await api.post(`/api/games/${id}/resign`, {}, tok.bob);
      const fin = await waitFor(async () => lobby.find((m) => m.type === 'game' && (m.game as { id: string; status: string }).id === id && (m.game as { status: string }).status === 'finished'), 'lobby: finished');
      assert.deepEqual((fin.game as { winners: string[] }).winners, [names.alice]);
      // Bad seeks.
      assert.equal((await api.post('/api/seeks', { game: 'nope' }, tok.alice)).status, 422);
      assert.equal((await api.post('/api/seeks', { game: TALLY })).status, 401);
      ws.close();
      dws.close();
    });
  });
}
