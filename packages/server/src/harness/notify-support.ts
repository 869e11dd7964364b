/** What the notification tests share: an SMTP sink, webhook receivers, a tally game between two accounts. */
import { after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Running } from './fixtures.js';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Api } from './client.js';
import { TALLY } from './testgame.js';

/** Polls `f` until it is truthy (bounded). */
export async function until<T>(f: () => T | Promise<T>, what: string, ms = 8000): Promise<NonNullable<Exclude<T, false>>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<Exclude<T, false>>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Smtp { url: string; mails: ParsedMail[]; close(): Promise<void> }
export async function startSmtp(): Promise<Smtp> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream).then((m) => { mails.push(m); cb(); }, (e: Error) => cb(e));
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((r) => server.close(() => r())) };
}

export interface Hook { headers: Record<string, string>; body: string }
export interface Receiver { url: string; calls: Hook[]; status: number; server: Server; close(): Promise<void> }
export async function startReceiver(status = 200): Promise<Receiver> {
  const rec: Receiver = { url: '', calls: [], status, server: undefined as unknown as Server, close: () => Promise.resolve() };
  rec.server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => { body += d.toString(); });
    req.on('end', () => {
      rec.calls.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(rec.status).end();
    });
  });
  await new Promise<void>((r) => rec.server.listen(0, '127.0.0.1', r));
  rec.url = `http://127.0.0.1:${(rec.server.address() as AddressInfo).port}/hook`;
  rec.close = () => new Promise((r) => rec.server.close(() => r()));
  return rec;
}

export const patch = (api: Api, token: string, body: object) => api.req('PATCH', '/api/notifications/settings', body, token);

/** A tally game between two accounts, started; north (a) to move. */
export async function game(api: Api, a: string, b: string): Promise<string> {
  const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, a)).body.id as string;
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, a)).status, 200);
  assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, b)).status, 200);
  return id;
}
/** The role to move passes. */
export async function pass(api: Api, id: string, token: string): Promise<void> {
  const s = (await api.get(`/api/games/${id}`, token)).body;
  const r = await api.post(`/api/games/${id}/actions`, { version: s.version, action: { type: 'pass' } }, token);
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
export const listOf = async (api: Api, token: string) => (await api.get('/api/notifications', token)).body as { notifications: { id: number; kind: string; gameId: string; read: boolean }[]; unread: number };

/** What a notification test file starts and must stop: servers, closers (SMTP sinks, receivers), a temporary folder. */
export function cleanedUp(prefix: string): { running: Running[]; closers: (() => Promise<void>)[]; dir: string } {
  const running: Running[] = [];
  const closers: (() => Promise<void>)[] = [];
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(async () => {
    for (const r of running) await r.server.close().catch(() => undefined);
    for (const c of closers) await c().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  return { running, closers, dir };
}

/** The mails in the sink to `address` (case-insensitive), in arrival order. */
export const mailTo = (smtp: Smtp, address: string): ParsedMail[] =>
  smtp.mails.filter((m) => (m.to as { text: string } | undefined)?.text.toLowerCase() === address.toLowerCase());

/** The token of the verification or reset link in a mail. */
export function linkToken(m: ParsedMail): string {
  const t = /\/(?:verify|reset)\?token=([\w-]+)/.exec(m.text ?? '');
  assert.ok(t, `no link in ${m.text ?? ''}`);
  return t[1]!;
}

/** Verifies `address` through the link of its verification mail in the sink, and takes that mail out of the sink. */
export async function verifyFromMail(api: Api, smtp: Smtp, address: string): Promise<void> {
  const m = await until(() => mailTo(smtp, address).find((x) => /\/verify\?token=/.test(x.text ?? '')), `the verification mail to ${address}`);
  smtp.mails.splice(smtp.mails.indexOf(m), 1);
  const r = await api.post('/api/accounts/verify', { token: linkToken(m) });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}
