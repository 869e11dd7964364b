/** Reports, blocks and moderation through the API, run once per store (moderation.test.ts). */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { REPORT_NOTE_MAX_CHARS, SURFACE_LIMITS } from '@tabula/protocol';
import { setModerator } from '../moderation/moderation.js';
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

/** Writes a chat line over the game socket; the line's id once it comes back. */
async function say(l: Live, text: string): Promise<number> {
  const ref = Math.floor(Math.random() * 1e9);
  l.send({ type: 'chat', ref, text });
  const m = await l.next((x) => (x.type === 'ack' || x.type === 'error') && x.ref === ref);
  assert.equal(m.type, 'ack', JSON.stringify(m));
  const line = await l.next((x) => x.type === 'chat' && x.lines.some((y: { text: string }) => y.text === text));
  return (line.lines as { id: number; text: string }[]).find((y) => y.text === text)!.id;
}

/** The per-user socket: its messages and, once closed, its close code. */
function userSocket(base: string, token: string): Promise<{ messages: { type: string }[]; closed: Promise<number>; close(): void }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live?token=${token}`);
  const messages: { type: string }[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as { type: string }));
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ messages, closed, close: () => ws.close() }));
    ws.once('error', reject);
  });
}

async function waitFor<T>(f: () => T | null | undefined | false | Promise<T | null | undefined | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

export function moderationSuite(label: string, db: () => Promise<string>): void {
  describe(`reports, blocks and moderation on ${label}`, () => {
    let run: Running;
    let api: Api;
    /** The server's clock runs this far ahead of the real one (a mute's end is reached by moving it). */
    let ahead = 0;
    const names: Record<string, string> = {};
    const tok: Record<string, string> = {};
    const people = ['mod', 'alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'gina', 'hal'] as const;

    before(async () => {
      run = await startServer(await db(), { now: () => Date.now() + ahead });
      api = run.api;
      for (const k of people) {
        names[k] = uniqueName(k);
        tok[k] = await api.signUp(names[k]);
      }
      // The CLI's own code path (`tabula moderator grant`).
      assert.deepEqual(await setModerator(run.server.store, names.mod!, true), { name: names.mod, changed: true });
    });
    after(async () => {
      await run?.server.close();
    });

    it('a chat line is reported with its game and neighbours taken from the stored chat; the moderator sees it in the queue', async () => {
      const id = await seated2(api, tok.alice!, tok.bob!);
      const a = await Live.open(run.base, id, tok.alice);
      const b = await Live.open(run.base, id, tok.bob);
      const lines: number[] = [];
      for (const [l, text] of [[a, 'one'], [b, 'two'], [a, 'three'], [b, 'you are awful'], [a, 'five'], [b, 'six'], [a, 'seven'], [b, 'eight'], [a, 'nine']] as const) lines.push(await say(l, text));
      const bad = lines[3]!;
      // Context from the client is not taken: the body admits no such field.
      const forged = await api.post('/api/reports', { lineId: bad, reason: 'abuse', context: [{ text: 'made up' }] }, tok.carol);
      assert.equal(forged.status, 400);
      const r = await api.post('/api/reports', { lineId: bad, reason: 'abuse', note: '  insults\u202E the other player ' }, tok.carol);
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const q = await api.get('/api/moderation/reports', tok.mod);
      assert.equal(q.status, 200);
      const rep = (q.body.reports as { id: number }[]).find((x) => x.id === r.body.id) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      assert.ok(rep, 'the report is in the queue');
      assert.equal(rep.reporter, names.carol);
      assert.equal(rep.target, names.bob, 'the line\'s writer is the user reported');
      assert.equal(rep.gameId, id);
      assert.equal(rep.note, 'insults the other player', 'the note is cleaned like a chat line');
      assert.equal(rep.status, 'open');
      assert.deepEqual(rep.context.map((l: { text: string }) => l.text), ['one', 'two', 'three', 'you are awful', 'five', 'six', 'seven'], 'three lines before and after');
      assert.deepEqual(rep.context.filter((l: { reported: boolean }) => l.reported).map((l: { id: number }) => l.id), [bad]);
      assert.deepEqual(rep.context.map((l: { user: string }) => l.user).slice(0, 2), [names.alice, names.bob], 'writers by name');
      assert.equal(rep.history.reports, 0);
      a.close();
      b.close();
    });

    it('reports are limited: one open report per reporter, user and line; not of oneself; a bounded note; a per-account rate', async () => {
      const again = await api.post('/api/reports', { name: names.frank, reason: 'spam' }, tok.erin);
      assert.equal(again.status, 201);
      const dup = await api.post('/api/reports', { name: names.frank, reason: 'name' }, tok.erin);
      assert.equal(dup.status, 409);
      assert.equal(dup.body.error.code, 'already-reported');
      assert.equal((await api.post('/api/reports', { name: names.erin, reason: 'spam' }, tok.erin)).body.error.code, 'report-self');
      const long = await api.post('/api/reports', { name: names.gina, reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX_CHARS + 1) }, tok.erin);
      assert.equal(long.status, 422);
      assert.equal(long.body.error.code, 'note-too-long');
      assert.equal((await api.post('/api/reports', { name: names.gina, reason: 'bogus' }, tok.erin)).status, 400, 'a reason from the list only');
      assert.equal((await api.post('/api/reports', { reason: 'spam' }, tok.frank)).status, 400, 'a name or a line');
      assert.equal((await api.post('/api/reports', { lineId: 999_999_999, reason: 'spam' }, tok.frank)).status, 404);
      assert.equal((await api.post('/api/reports', { name: names.gina, reason: 'spam' })).status, 401);
      // The per-account surface limit, counted per minute: a burst well inside one counting minute.
      if (Date.now() % 60_000 > 50_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 50));
      const fresh = await api.signUp(uniqueName('rep'));
      const seen: number[] = [];
      for (let i = 0; i <= SURFACE_LIMITS.reports.perAccount; i++) seen.push((await api.post('/api/reports', { name: names[people[1 + i]!], reason: 'spam' }, fresh)).status);
      assert.deepEqual(seen, [...Array(SURFACE_LIMITS.reports.perAccount).fill(201), 429]);
    });

    it('blocking: no chat either way, no invitations, no joining each other\'s open games, no seek pairing; unblocking restores', async () => {
      const [alice, dave, erin] = [tok.alice!, tok.dave!, tok.erin!];
      ahead += 11_000; // past the chat rate window of alice's lines above
      const earlier = await seated2(api, alice, dave);
      assert.equal((await api.post(`/api/games/${earlier}/resign`, {}, dave)).status, 200);
      const blocked = await api.post('/api/blocks', { name: names.dave }, alice);
      assert.equal(blocked.status, 200);
      assert.deepEqual(blocked.body.blocked, [names.dave]);
      assert.equal((await api.post('/api/blocks', { name: names.alice }, alice)).body.error.code, 'block-self');
      // Chat in a game both are in (dave watches): neither side receives the other's lines.
      const id = await seated2(api, alice, erin);
      const la = await Live.open(run.base, id, alice);
      const ld = await Live.open(run.base, id, dave);
      const le = await Live.open(run.base, id, erin);
      await say(ld, 'dave to all');
      await say(la, 'alice to all');
      await say(le, 'erin to all');
      await la.next((m) => m.type === 'chat' && m.lines.some((l: { text: string }) => l.text === 'erin to all'));
      await ld.next((m) => m.type === 'chat' && m.lines.some((l: { text: string }) => l.text === 'erin to all'));
      const texts = (l: Live) => l.messages.filter((m) => m.type === 'chat').flatMap((m) => (m.lines as { text: string }[]).map((x) => x.text));
      assert.ok(!texts(la).includes('dave to all'), 'the blocker is not sent the blocked user\'s line');
      assert.ok(!texts(ld).includes('alice to all'), 'nor the blocked user the blocker\'s');
      assert.ok(texts(le).includes('dave to all') && texts(le).includes('alice to all'), 'others see both');
      const rest = (await api.get(`/api/games/${id}/chat`, alice)).body.lines.map((l: { text: string }) => l.text);
      assert.ok(!rest.includes('dave to all') && rest.includes('erin to all'), 'nor read back over REST');
      for (const l of [la, ld, le]) l.close();
      // Invitations, both ways.
      const open = (await api.post('/api/games', { game: TALLY }, alice)).body.id as string;
      assert.equal((await api.post(`/api/games/${open}/seats`, { role: 'north' }, alice)).status, 200);
      const inv = await api.post(`/api/games/${open}/invite`, { name: names.dave }, alice);
      assert.equal(inv.status, 403);
      assert.equal(inv.body.error.code, 'blocked');
      const daves = (await api.post('/api/games', { game: TALLY }, dave)).body.id as string;
      assert.equal((await api.post(`/api/games/${daves}/invite`, { name: names.alice }, dave)).status, 403);
      // Joining an open game, both ways: the blocked user cannot join the blocker's, nor the blocker theirs.
      const join = await api.post(`/api/games/${open}/seats`, { role: 'east' }, dave);
      assert.equal(join.status, 403);
      assert.equal(join.body.error.code, 'blocked');
      assert.equal((await api.post(`/api/games/${daves}/seats`, { role: 'north' }, alice)).status, 403);
      assert.equal((await api.get(`/api/games/${open}`)).body.status, 'open', 'the refused seat changed nothing');
      // Seeks: alice's and dave's do not pair; erin's pairs with alice's.
      const tc = { kind: 'live', baseSeconds: 300, incrementSeconds: 7 };
      const sa = await api.post('/api/seeks', { game: TALLY, timeControl: tc }, alice);
      const sd = await api.post('/api/seeks', { game: TALLY, timeControl: tc }, dave);
      assert.equal(sd.body.status, 'open', 'not paired with the blocker');
      assert.equal((await api.get(`/api/seeks/${sa.body.id}`)).body.status, 'open');
      const se = await api.post('/api/seeks', { game: TALLY, timeControl: tc }, erin);
      assert.equal(se.body.status, 'paired');
      assert.equal((await api.get(`/api/seeks/${sa.body.id}`)).body.status, 'paired', 'erin paired with alice, the older seek');
      assert.equal((await api.req('DELETE', `/api/seeks/${sd.body.id}`, undefined, dave)).status, 204);
      // A rematch is an invitation too: refused between them.
      const lr = await Live.open(run.base, earlier, alice);
      lr.send({ type: 'rematch', ref: 7, op: 'offer' });
      const noRematch = await lr.next((m) => (m.type === 'error' || m.type === 'ack') && m.ref === 7);
      assert.equal(noRematch.status, 403);
      assert.equal(noRematch.error.code, 'blocked');
      lr.close();
      // Unblocking: dave may join again.
      assert.deepEqual((await api.req('DELETE', `/api/blocks/${names.dave}`, undefined, alice)).body.blocked, []);
      assert.equal((await api.post(`/api/games/${open}/seats`, { role: 'east' }, dave)).status, 200);
    });

    it('moderator routes answer 403 to other accounts and 401 signed out', async () => {
      assert.equal((await api.get('/api/moderation/reports', tok.alice)).status, 403);
      assert.equal((await api.get('/api/moderation/reports', tok.alice)).body.error.code, 'not-moderator');
      assert.equal((await api.post('/api/moderation/actions', { action: 'ban', name: names.bob, reason: 'x' }, tok.alice)).status, 403);
      assert.equal((await api.get('/api/moderation/reports')).status, 401);
      assert.equal((await api.get('/api/me/standing', tok.alice)).body.moderator, false);
      assert.equal((await api.get('/api/me/standing', tok.mod)).body.moderator, true);
    });

    it('a warning reaches the user\'s socket and stays listed until acknowledged; a mute refuses chat with 403 until its end, then chat works', async () => {
      const id = await seated2(api, tok.gina!, tok.hal!);
      const us = await userSocket(run.base, tok.gina!);
      const w = await api.post('/api/moderation/actions', { action: 'warn', name: names.gina, reason: 'Mind your language.' }, tok.mod);
      assert.equal(w.status, 201, JSON.stringify(w.body));
      await waitFor(() => us.messages.some((m) => m.type === 'standing'), 'the standing push');
      const st = (await api.get('/api/me/standing', tok.gina)).body;
      assert.deepEqual(st.notices.map((n: { action: string; reason: string }) => [n.action, n.reason]), [['warn', 'Mind your language.']]);
      assert.equal((await api.post('/api/me/notices/read', { ids: [st.notices[0].id] }, tok.gina)).status, 204);
      assert.deepEqual((await api.get('/api/me/standing', tok.gina)).body.notices, []);

      const m = await api.post('/api/moderation/actions', { action: 'mute', name: names.gina, reason: 'Cool off.', minutes: 10 }, tok.mod);
      assert.equal(m.status, 201);
      const l = await Live.open(run.base, id, tok.gina);
      l.send({ type: 'chat', ref: 1, text: 'let me speak' });
      const refused = await l.next((x) => x.type === 'error' && x.ref === 1);
      assert.equal(refused.status, 403);
      assert.equal(refused.error.code, 'chat-muted');
      assert.match(refused.error.message, new RegExp(new Date(m.body.until as number).toISOString().slice(0, 16)), 'says until when');
      assert.equal((await api.get('/api/me/standing', tok.gina)).body.chatMutedUntil, m.body.until);
      ahead += 10 * 60_000 + 1000;
      await say(l, 'back again');
      assert.equal((await api.get('/api/me/standing', tok.gina)).body.chatMutedUntil, null);
      l.close();
      us.close();
    });

    it('a ban ends every session at once, refuses sign-in, removes open seeks and games, resigns untimed games, leaves clocks to run; all logged', async () => {
      const [bob, carol, mod] = [tok.bob!, tok.carol!, tok.mod!];
      const second = (await api.post('/api/sessions', { name: names.bob, password: 'correct horse' })).body.token as string;
      const untimed = await seated2(api, carol, bob);
      const timed = await seated2(api, carol, bob, { timeControl: { kind: 'live', baseSeconds: 600, incrementSeconds: 0 } });
      // Each seat has moved, and it is bob's turn: his clock runs.
      for (const [role, t] of [['north', carol], ['east', bob], ['north', carol]] as const) {
        const g = (await api.get(`/api/games/${timed}`)).body;
        assert.equal(g.active[0], role);
        assert.equal((await api.post(`/api/games/${timed}/actions`, { version: g.version, action: { type: 'pass' }, role }, t)).status, 200);
      }
      const openGame = (await api.post('/api/games', { game: TALLY }, bob)).body.id as string;
      const seek = (await api.post('/api/seeks', { game: TALLY, timeControl: { kind: 'correspondence', days: 5 } }, bob)).body.id as string;
      const us = await userSocket(run.base, bob);
      const gs = await Live.open(run.base, timed, bob);
      const report = (await api.get('/api/moderation/reports', mod)).body.reports.find((r: { target: string }) => r.target === names.bob);
      assert.ok(report, 'carol\'s report of bob is open');

      const t0 = Date.now();
      const ban = await api.post('/api/moderation/actions', { action: 'ban', reportId: report.id, reason: 'Repeated abuse in chat.' }, mod);
      assert.equal(ban.status, 201, JSON.stringify(ban.body));
      assert.equal(ban.body.target, names.bob);
      assert.equal(await us.closed, 4401, 'the user socket closes as signed out');
      await waitFor(() => gs.closedWith === 4401, 'the game socket closes as signed out');
      const closedMs = Date.now() - t0;
      for (const t of [bob, second]) assert.equal((await api.get('/api/me', t)).status, 401, 'every session ended');
      const signIn = await api.post('/api/sessions', { name: names.bob, password: 'correct horse' });
      assert.equal(signIn.status, 403);
      assert.equal(signIn.body.error.code, 'banned');
      assert.equal((await api.post('/api/sessions', { name: names.bob, password: 'wrong wrong wrong' })).status, 401, 'a wrong password still says only that');
      assert.equal((await api.get(`/api/seeks/${seek}`)).body.status, 'cancelled');
      const og = (await api.get(`/api/games/${openGame}`)).body;
      assert.equal(og.status, 'finished');
      assert.equal(og.outcome.reason, 'aborted');
      const ug = (await api.get(`/api/games/${untimed}`)).body;
      assert.equal(ug.status, 'finished');
      assert.equal(ug.outcome.reason, 'resigned');
      assert.deepEqual(ug.outcome.winners, ['north'], 'carol wins the untimed game');
      assert.equal((await api.get(`/api/games/${timed}`)).body.status, 'active', 'a timed game runs on: bob cannot act, so his clock runs out');
      ahead += 601_000;
      await run.server.games.timeouts.sweep();
      const tg = (await api.get(`/api/games/${timed}`)).body;
      assert.deepEqual([tg.status, tg.outcome.reason, tg.outcome.winners], ['finished', 'timeout', ['north']], 'bob lost on time at his deadline');

      const q = (await api.get('/api/moderation/reports', mod)).body;
      assert.ok(!q.reports.some((r: { target: string }) => r.target === names.bob), 'bob\'s open reports are closed by the ban');
      const logged = q.log.map((a: { moderator: string; target: string; action: string; reason: string }) => [a.moderator, a.target, a.action, a.reason]);
      assert.deepEqual(logged.slice(0, 1), [[names.mod, names.bob, 'ban', 'Repeated abuse in chat.']]);
      assert.ok(logged.some((a: string[]) => a[1] === names.gina && a[2] === 'mute'));
      assert.ok(logged.some((a: string[]) => a[1] === names.gina && a[2] === 'warn'));
      // Dismissing a report: logged too, and only once.
      const open = q.reports[0];
      const d = await api.post('/api/moderation/actions', { action: 'dismiss', reportId: open.id, reason: 'Not abuse.' }, mod);
      assert.equal(d.status, 201);
      assert.equal((await api.post('/api/moderation/actions', { action: 'dismiss', reportId: open.id, reason: 'again' }, mod)).status, 409);
      const after = (await api.get('/api/moderation/reports', mod)).body;
      assert.ok(!after.reports.some((r: { id: number }) => r.id === open.id));
      assert.deepEqual(after.log[0].action, 'dismiss');
      assert.ok(closedMs < 2000, `sockets closed in ${closedMs} ms`);
      // An earlier report and action show in the user's history.
      const r2 = await api.post('/api/reports', { name: names.gina, reason: 'abuse' }, tok.hal);
      const mine = (await api.get('/api/moderation/reports', mod)).body.reports.find((r: { id: number }) => r.id === r2.body.id);
      assert.deepEqual(mine.history.actions.map((a: { action: string }) => a.action), ['mute', 'warn']);
    });
  });
}
