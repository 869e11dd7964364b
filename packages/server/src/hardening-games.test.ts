/** Hardening (issue 19): game creation and options. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { DRAIN_REFUSED_BODY_MAX_BYTES, GAMES_PER_MINUTE_PER_ACCOUNT, MAX_OPEN_GAMES_PER_ACCOUNT, MAX_OPTION_ITEMS, MAX_OPTION_STRING, GAMES_PER_MINUTE_PER_ADDRESS, OPEN_GAME_COUNTS_MS } from '@tabula/protocol';
import { BUILTIN_DECKS } from '@tabula/hacse';
import { startServer, testScrypt, uniqueName, type Running } from './harness/fixtures.js';
import { createRooms } from './harness/rooms.js';
import { openStore } from './store/index.js';
import { defaultRateLimits } from './app.js';
import { nameKeyOf } from './accounts/account-policy.js';
import { ApiError } from './http/errors.js';

 
import { PW, assertError, openCount } from './harness/hardening-support.js';

 

describe('issue 19: game creation and options', () => {
  let run: Running;
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
  });
  after(async () => { await run?.server.close(); });

  it('300 creations in a burst: 429 past the per-account limit, and at most the cap of open games is stored', async () => {
    const flood = await startServer('sqlite::memory:', { openGamesPerAccount: MAX_OPEN_GAMES_PER_ACCOUNT, rateLimits: defaultRateLimits });
    try {
      await creationFlood(flood);
    } finally {
      await flood.server.close();
    }
  });

  async function creationFlood(run: Running): Promise<void> {
    const t = await run.api.signUp(uniqueName('flood'), PW);
    const before = await openCount(run.api, t);
    const statuses: Record<number, number> = {};
    await Promise.all(Array.from({ length: 300 }, async () => {
      const r = await run.api.post('/api/games', { game: 'carcassonne', players: 5 }, t);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status !== 201) assert.ok(r.body.error.code === 'rate-limited' || r.body.error.code === 'too-many-open-games', JSON.stringify(r.body));
    }));
    assert.ok((statuses[201] ?? 0) <= Math.min(GAMES_PER_MINUTE_PER_ACCOUNT, MAX_OPEN_GAMES_PER_ACCOUNT), JSON.stringify(statuses));
    assert.equal(statuses[429], 300 - (statuses[201] ?? 0), JSON.stringify(statuses));
    assert.ok((await openCount(run.api, t)) - before <= MAX_OPEN_GAMES_PER_ACCOUNT);
    // A second account from the same address: the address's own limit.
    const statuses2: number[] = [];
    for (let i = 0; i < 40; i++) {
      const u = i % 4 === 0 ? await run.api.signUp(uniqueName('flood'), PW) : null;
      statuses2.push((await run.api.post('/api/games', { game: 'carcassonne' }, u ?? t)).status);
    }
    assert.ok(statuses2.every((s) => s === 429), `the address is over its ${GAMES_PER_MINUTE_PER_ADDRESS} a minute: ${statuses2.join(',')}`);
  }

  it('the open-games cap holds within the rate limit, and a started game frees a place', async () => {
    const small = await startServer('sqlite::memory:', { openGamesPerAccount: 2 });
    try {
      const [t, u] = [await small.api.signUp(uniqueName('cap'), PW), await small.api.signUp(uniqueName('cap'), PW)];
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push((await small.api.post('/api/games', { game: 'carcassonne' }, t)).body.id as string);
      assertError(await small.api.post('/api/games', { game: 'carcassonne' }, t), 429, 'too-many-open-games', 'third open game');
      await small.api.post(`/api/games/${ids[0]}/seats`, { role: 'red' }, t);
      await small.api.post(`/api/games/${ids[0]}/seats`, { role: 'blue' }, u);
      assert.equal((await small.api.post('/api/games', { game: 'carcassonne' }, t)).status, 201, 'a started game no longer counts');
    } finally {
      await small.server.close();
    }
  });

  it('an open game nobody joins stops counting against the cap after OPEN_GAME_COUNTS_MS', async () => {
    let now = 1_000_000_000;
    const store = await openStore('sqlite::memory:');
    try {
      const service = createRooms({ store, scrypt: testScrypt, now: () => now, openGamesPerAccount: 1 });
      const name = uniqueName('old');
      await service.accounts.signUp(name, PW);
      const user = (await store.findUserByNameKey(nameKeyOf(name)))!;
      await service.games.lobby.createGame(user, { game: 'carcassonne' });
      await assert.rejects(service.games.lobby.createGame(user, { game: 'carcassonne' }), (e: unknown) => e instanceof ApiError && e.code === 'too-many-open-games');
      now += OPEN_GAME_COUNTS_MS - 1;
      await assert.rejects(service.games.lobby.createGame(user, { game: 'carcassonne' }), (e: unknown) => e instanceof ApiError && e.code === 'too-many-open-games', 'still counts just before');
      now += 2;
      assert.ok((await service.games.lobby.createGame(user, { game: 'carcassonne' })).id);
    } finally {
      await store.close();
    }
  });

  it('a 1 MB deck and a 900 KB option value: 413, nothing stored', async () => {
    const t = await run.api.signUp(uniqueName('big'), PW);
    const before = await openCount(run.api, t);
    const deck = { ...structuredClone(BUILTIN_DECKS['soviet-early']!), id: 'my-deck', name: 'Mine', nations: ['soviet', 'x'.repeat(1_000_000)] };
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: deck } } }, t), 413, undefined, '1 MB deck');
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { turnLimit: 'x'.repeat(900_000) } }, t), 413, undefined, '900 KB option');
    assert.equal(await openCount(run.api, t), before);
  });

  it('a body refused as too large is read to its end before the 413, so a client still sending it gets the answer, not a reset', async () => {
    const { port } = new URL(run.base);
    const size = 900_000;
    const head = `POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    let failure: Error | null = null;
    socket.on('data', (c: Buffer) => { answer += c.toString('latin1'); });
    socket.on('error', (e) => { failure = e; });
    const ended = new Promise<void>((res) => socket.on('close', () => res()));
    await new Promise<void>((res) => socket.once('connect', () => res()));
    socket.write(head + 'x'.repeat(size / 2));
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(answer, '', 'no answer while the body is still coming');
    socket.end('x'.repeat(size / 2));
    await ended;
    assert.equal(failure, null, 'the connection is not reset');
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /"code":"body-too-large"/);
  });

  it('a body declared larger than the drain cap is refused at once (413), not read', async () => {
    const { port } = new URL(run.base);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => { answer += c.toString('latin1'); });
    socket.on('error', () => undefined);
    const got = new Promise<void>((res) => socket.on('data', () => res()));
    socket.write(`POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${DRAIN_REFUSED_BODY_MAX_BYTES + 1}\r\n\r\n{`);
    await got;
    socket.destroy();
    assert.match(answer, /^HTTP\/1\.1 413 /);
  });

  it('every field of options is bounded: long strings, long lists, many keys, deep nesting, total size: 413 options-too-large', async () => {
    const t = await run.api.signUp(uniqueName('bound'), PW);
    const before = await openCount(run.api, t);
    const deck = (over: Record<string, unknown>): unknown => ({ ...structuredClone(BUILTIN_DECKS['soviet-early']!), id: 'my-deck', name: 'Mine', ...over });
    const cases: [string, unknown][] = [
      ['long deck name', { decks: { allies: deck({ name: 'n'.repeat(MAX_OPTION_STRING + 1) }) } }],
      ['many nations', { decks: { allies: deck({ nations: Array.from({ length: MAX_OPTION_ITEMS + 1 }, (_, i) => `n${i}`) }) } }],
      ['many card entries', { decks: { allies: deck({ cards: Array.from({ length: MAX_OPTION_ITEMS + 1 }, () => ({ id: 'su.strelki', count: 1 })) }) } }],
      ['many keys', { decks: { allies: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 1])) } }],
      ['deep nesting', { decks: { allies: { a: { b: { c: { d: { e: { f: 1 } } } } } } } }],
      ['16 KiB in total', { decks: Object.fromEntries(['axis', 'allies'].map((r) => [r, deck({ cards: Array.from({ length: 80 }, (_, i) => ({ id: `c${i}-${'y'.repeat(120)}`, count: 1 })) })])) }],
    ];
    for (const [what, variants] of cases) assertError(await run.api.post('/api/games', { game: 'hacse', variants }, t), 413, 'options-too-large', what);
    assert.equal(await openCount(run.api, t), before);
  });

  it('the validated, normalised options are stored: split card entries merged, extra input never echoed', async () => {
    const creator = uniqueName('norm');
    const t = await run.api.signUp(creator, PW);
    const built = structuredClone(BUILTIN_DECKS['soviet-early']!);
    const cards = built.cards.flatMap((c) => (c.count > 1 ? [{ id: c.id, count: 1 }, { id: c.id, count: c.count - 1 }] : [c]));
    const mine = { ...built, id: 'my-soviets', name: 'My Soviets', cards };
    const r = await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: mine } } }, t);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const g = (await run.api.get(`/api/games/${r.body.id}`)).body;
    assert.deepEqual(g.variants.decks.allies.cards, built.cards, 'entries merged per card');
    assert.equal(g.view.players.allies.deck.builtin, false, 'shown as an uploaded deck');
    assert.equal(g.createdBy, creator, 'with its owner\'s name');
    // A deck identical to a built-in one is stored as its id (it is that deck).
    const same = await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: built } } }, t);
    assert.equal(same.status, 201);
    const g2 = (await run.api.get(`/api/games/${same.body.id}`)).body;
    assert.equal(g2.variants.decks.allies, 'soviet-early');
    assert.equal(g2.view.players.allies.deck.builtin, true);
  });

  it('an uploaded deck cannot take a built-in deck\'s id: 422 reserved-deck-id, nothing stored', async () => {
    const t = await run.api.signUp(uniqueName('spoof'), PW);
    const before = await openCount(run.api, t);
    const spoof = structuredClone(BUILTIN_DECKS['soviet-early']!);
    for (const c of spoof.cards) { if (c.id === 'su.t34_76') c.count = 3; if (c.id === 'su.strelki') c.count = 4; }
    spoof.name = 'Soviet Union 1939-42 (official)';
    assertError(await run.api.post('/api/games', { game: 'hacse', variants: { decks: { allies: spoof } } }, t), 422, 'reserved-deck-id', 'spoofed deck');
    assert.equal(await openCount(run.api, t), before);
  });
});
