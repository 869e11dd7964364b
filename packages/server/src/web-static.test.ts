import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createServer, type TabulaServer } from './app.js';
import { COMPRESS_THRESHOLD_BYTES, IMMUTABLE } from './web-static.js';

// A built client as `vite build` leaves it: hashed assets with .br/.gz written next to them.
const js = `export const x = ${JSON.stringify('tabula '.repeat(400))};\n`;
const html = `<!doctype html><html lang="en"><head><title>Tabula</title><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>\n`;

describe('web delivery (issue 23): precompressed, cached assets and compressed API JSON', () => {
  let dir: string;
  let server: TabulaServer;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tabula-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), js);
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(js));
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.gz'), gzipSync(js));
    server = await createServer({ db: 'sqlite::memory:', logger: false, rateLimits: false, webDist: dir });
  });
  after(async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); });

  const get = (url: string, enc?: string) => server.app.inject({ url, headers: enc === undefined ? {} : { 'accept-encoding': enc } });

  it('a hashed asset is sent brotli-encoded to a browser that accepts br, cached immutably for a year', async () => {
    const r = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-encoding'], 'br');
    assert.equal(r.headers['cache-control'], IMMUTABLE);
    assert.match(String(r.headers.vary), /accept-encoding/i);
    assert.match(String(r.headers['content-type']), /javascript/);
    assert.equal(brotliDecompressSync(r.rawPayload).toString(), js);
  });

  it('gzip when the browser accepts only gzip, identity when it accepts neither', async () => {
    const g = await get('/assets/index-AbC123.js', 'gzip');
    assert.equal(g.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(g.rawPayload).toString(), js);
    const plain = await get('/assets/index-AbC123.js', 'identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, js);
    assert.equal(plain.headers['cache-control'], IMMUTABLE);
  });

  it('index.html, at / and as the fallback of a client route, is revalidated (no-cache)', async () => {
    for (const url of ['/', '/games/abc', '/rules/hacse']) {
      const r = await get(url, 'br');
      assert.equal(r.statusCode, 200, url);
      assert.equal(r.headers['cache-control'], 'no-cache', url);
      assert.match(String(r.headers['content-type']), /text\/html/, url);
      const body = r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.rawPayload).toString() : r.body;
      assert.equal(body, html, url);
    }
  });

  it(`API JSON above ${COMPRESS_THRESHOLD_BYTES} bytes is compressed, smaller replies are not`, async () => {
    const big = await get('/api/catalog', 'br');
    assert.equal(big.headers['content-encoding'], 'br');
    const json = brotliDecompressSync(big.rawPayload);
    assert.ok(json.length > COMPRESS_THRESHOLD_BYTES, `catalog is ${json.length} bytes`);
    assert.ok(Array.isArray(JSON.parse(json.toString())));
    const gz = await get('/api/catalog', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    const small = await get('/api/health', 'br');
    assert.equal(small.statusCode, 200);
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(small.body).ok, true);
  });
});
