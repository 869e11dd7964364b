import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createServer } from '../app.js';

async function logOfOneRequest(level: 'info' | 'debug'): Promise<{ level: number; msg: string; req?: { url: string } }[]> {
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk: Buffer, _enc, cb) { lines.push(...chunk.toString().split('\n').filter(Boolean)); cb(); } });
  const server = await createServer({ db: 'sqlite::memory:', webDist: null, logLevel: level, logStream });
  try {
    const res = await server.app.inject({ method: 'GET', url: '/api/health?token=secret-token-value' });
    assert.equal(res.statusCode, 200);
  } finally {
    await server.close();
  }
  return lines.map((l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string } });
}

describe('request log', () => {
  it('at the default level (info) a request writes no log line', async () => {
    const lines = await logOfOneRequest('info');
    assert.deepEqual(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed'), []);
  });

  it('at debug each request is logged when it comes (its token redacted) and when it is answered', async () => {
    const lines = await logOfOneRequest('debug');
    const came = lines.filter((l) => l.msg === 'incoming request');
    assert.equal(came.length, 1);
    assert.equal(came[0]!.level, 20);
    assert.equal(came[0]!.req?.url, '/api/health?token=[redacted]');
    assert.equal(lines.filter((l) => l.msg === 'request completed' && l.level === 20).length, 1);
  });
});
