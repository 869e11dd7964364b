import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Where a NUL character stands in `v` ("password", "options.a"), or null. No name, id or text holds one, and
 *  PostgreSQL's text columns cannot store it. */
function nulAt(v: unknown, path: string, depth = 0): string | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path : null;
  if (depth > 32 || v === null || typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v)) {
    const at = k.includes('\u0000') ? `${path}.${JSON.stringify(k)}` : nulAt(x, path ? `${path}.${k}` : k, depth + 1);
    if (at !== null) return at;
  }
  return null;
}

/** Every request whose path parameters, query or JSON body hold a NUL is a 400 before any route reads it. */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    const at = nulAt(req.params, 'path') ?? nulAt(req.query, 'query') ?? nulAt(req.body, '');
    done(at === null ? undefined : badRequest('bad-request', `${at || 'The body'} holds a NUL character, which no field accepts.`));
  });
}
