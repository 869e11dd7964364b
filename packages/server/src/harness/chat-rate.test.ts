/** The chat rate limit holds across processes: two server processes on one PostgreSQL count the same stored lines. */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_RATE } from '@tabula/protocol';
import { Api, Live } from './client.js';
import { startPostgres, type Service } from './services.js';
import { spawnServer, type Child } from './processes.js';
import { uniqueName } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('chat rate limit with two processes on PostgreSQL', () => {
  let db: Service, a: Child, b: Child;
  before(async () => {
    db = await startPostgres();
    a = await spawnServer({ TABULA_DB: db.url });
    b = await spawnServer({ TABULA_DB: db.url });
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.stop();
  });

  it(`CHAT_RATE: ${CHAT_RATE.messages} lines per ${CHAT_RATE.windowMs / 1000} s per account in all, whichever process takes them; the next is 429 on both`, async () => {
    const A = new Api(a.url);
    const writer = await A.signUp(uniqueName('cw'));
    const other = await A.signUp(uniqueName('co'));
    const created = await A.post('/api/games', { game: TALLY }, writer);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.id as string;
    assert.equal((await A.post(`/api/games/${id}/seats`, { role: 'north' }, writer)).status, 200);
    assert.equal((await A.post(`/api/games/${id}/seats`, { role: 'east' }, other)).status, 200);
    // One socket of the writer on each process; lines go to them in turn.
    const socks = [await Live.open(a.url, id, writer), await Live.open(b.url, id, writer)];
    const answer = async (i: number, ref: number) => {
      const s = socks[i % 2]!;
      s.send({ type: 'chat', ref, text: `line ${ref}` });
      return s.next((m: { type: string; ref?: number }) => (m.type === 'ack' || m.type === 'error') && m.ref === ref);
    };
    const t0 = Date.now();
    for (let i = 0; i < CHAT_RATE.messages; i++) assert.equal((await answer(i, 10 + i)).type, 'ack', `line ${i + 1} taken`);
    for (const i of [0, 1]) {
      const m = await answer(i, 100 + i);
      assert.deepEqual([m.type, m.status, m.error?.code], ['error', 429, 'chat-rate-limited'], `over the limit on process ${i === 0 ? 'a' : 'b'}`);
    }
    assert.ok(Date.now() - t0 < CHAT_RATE.windowMs, 'all within one window');
    const lines = (await new Api(b.url).get(`/api/games/${id}/chat`)).body.lines as { text: string }[];
    assert.equal(lines.length, CHAT_RATE.messages, 'only the accepted lines were stored');
    for (const s of socks) s.close();
  });

  it(`CHAT_RATE: ${CHAT_RATE.messages * 6} lines sent at once on 8 sockets over two processes: exactly ${CHAT_RATE.messages} are taken (concurrent posts of one writer are counted one after the other)`, async () => {
    const A = new Api(a.url);
    const writer = await A.signUp(uniqueName('cx'));
    const other = await A.signUp(uniqueName('cy'));
    const id = (await A.post('/api/games', { game: TALLY }, writer)).body.id as string;
    assert.equal((await A.post(`/api/games/${id}/seats`, { role: 'north' }, writer)).status, 200);
    assert.equal((await A.post(`/api/games/${id}/seats`, { role: 'east' }, other)).status, 200);
    const socks = await Promise.all(Array.from({ length: 8 }, (_, i) => Live.open(i % 2 ? b.url : a.url, id, writer)));
    const n = CHAT_RATE.messages * 6;
    for (let i = 0; i < n; i++) socks[i % socks.length]!.send({ type: 'chat', ref: 200 + i, text: `burst ${i}` });
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => socks[i % socks.length]!.next((m: { type: string; ref?: number }) => (m.type === 'ack' || m.type === 'error') && m.ref === 200 + i)));
    assert.equal(answers.filter((m: { type: string }) => m.type === 'ack').length, CHAT_RATE.messages, JSON.stringify(answers.map((m: { type: string }) => m.type)));
    const lines = (await new Api(b.url).get(`/api/games/${id}/chat`)).body.lines as { text: string }[];
    assert.equal(lines.length, CHAT_RATE.messages, 'only the accepted lines were stored');
    for (const s of socks) s.close();
  });
});
