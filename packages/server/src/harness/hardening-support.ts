/** What the hardening tests share: a strong password, raw requests, error checks. */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import net from 'node:net';
import { Api } from './client.js';

 

/* eslint-disable @typescript-eslint/no-explicit-any */

export const PW = 'Correct-horse-battery-staple-93';
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function assertError(r: { status: number; body: any }, status: number, code?: string, what = ''): void {
  const msg = `${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`;
  assert.equal(r.status, status, msg);
  assert.equal(typeof r.body?.error?.message, 'string', msg);
  if (code) assert.equal(r.body.error.code, code, msg);
}

/** A POST with raw header bytes (e.g. a 0xA0 after the token), answered with the status. */
export function rawPost(base: string, path: string, auth: Buffer, body: unknown): Promise<number> {
  const u = new URL(base);
  return new Promise((resolve) => {
    const data = Buffer.from(JSON.stringify(body));
    const head = Buffer.concat([Buffer.from(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${data.length}\r\nConnection: close\r\nAuthorization: `), auth, Buffer.from('\r\n\r\n')]);
    const s = net.connect(Number(u.port), u.hostname, () => s.end(Buffer.concat([head, data])));
    let d = '';
    s.on('data', (c) => { d += c.toString(); });
    s.on('end', () => resolve(Number(d.split(' ')[1])));
    s.on('error', () => resolve(0));
  });
}

/** A sign-in from another loopback address (127.0.0.x), for per-address limits. */
export function signInFrom(base: string, localAddress: string, name: string, password: string): Promise<number> {
  const u = new URL(base);
  const body = JSON.stringify({ name, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, method: 'POST', path: '/api/sessions', localAddress, agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const openCount = async (api: Api, token: string): Promise<number> => (await api.get('/api/games?status=open&limit=200', token)).body.games.length as number;
