import { sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Replies smaller than this are sent as they are: compressing them saves less than the headers cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Vite names every file under assets/ by a hash of its content: it may be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebDeliveryOptions {
  /** The built web client (with `.br`/`.gz` written next to its files by the build), or null: API only. */
  webDist: string | null;
}

/**
 * How replies travel: JSON above the threshold compressed on the fly (brotli or gzip, as the client
 * asks), and the built client from its precompressed files with long caching for hashed assets and
 * revalidation for everything else (index.html names the current hashes).
 * Register before the API routes: compression attaches to the routes registered after it.
 */
export const webDelivery = fp(async (app: FastifyInstance, opts: WebDeliveryOptions) => {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (opts.webDist === null) return;
  const assets = `${opts.webDist}${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      reply.header('Vary', 'Accept-Encoding');
    },
  });
}, { name: 'tabula-web-delivery' });
