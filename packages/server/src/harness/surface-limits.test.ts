/** Every surface that does work for its caller has a per-minute limit per account and per address (SURFACE_LIMITS). */
import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { SURFACE_LIMITS } from '@tabula/protocol';
import { startServer, uniqueName, type Running } from './fixtures.js';
import { TALLY } from './testgame.js';

describe('surface limits', () => {
  let run: Running;
  before(async () => { run = await startServer('sqlite::memory:', { sweepMs: false }); });
  after(async () => { await run.server.close(); });

  /** Calls `call` until it is refused; returns how many were accepted (bounded). */
  async function acceptedBefore429(call: (i: number) => Promise<{ status: number; body: { error?: { code: string } } }>, bound: number): Promise<number> {
    for (let i = 0; i < bound; i++) {
      const r = await call(i);
      if (r.status === 429) {
        assert.equal(r.body.error?.code, 'rate-limited');
        return i;
      }
    }
    return bound;
  }

  it('seek churn: posting and cancelling a seek counts against the seeks limit of the account', async () => {
    const { api } = run;
    const t = await api.signUp(uniqueName('churn'));
    let last = '';
    const n = await acceptedBefore429(async (i) => {
      if (i % 2 === 0) {
        const r = await api.post('/api/seeks', { game: TALLY, timeControl: { kind: 'none' } }, t);
        if (r.status === 201) last = r.body.id as string;
        return r;
      }
      return api.req('DELETE', `/api/seeks/${last}`, undefined, t);
    }, 200);
    assert.equal(n, SURFACE_LIMITS.seeks.perAccount);
  });

  it('notification settings (a webhook URL is a DNS lookup) are limited per account', async () => {
    const { api } = run;
    const t = await api.signUp(uniqueName('hooks'));
    const n = await acceptedBefore429((i) => api.req('PATCH', '/api/notifications/settings', { webhookUrl: `https://example.com/h${i}` }, t), 200);
    assert.equal(n, SURFACE_LIMITS.settings.perAccount);
  });

  it('profile lookups are limited per account', async () => {
    const { api } = run;
    const t = await api.signUp(uniqueName('look'));
    const n = await acceptedBefore429((i) => api.get(`/api/users/nobody${i}`, t), 500);
    assert.equal(n, SURFACE_LIMITS.lookups.perAccount);
  });

  it('taking seats in strangers\' open games and aborting them is limited per account', async () => {
    const { api } = run;
    const stranger = await api.signUp(uniqueName('strange'));
    const hosts = await Promise.all([0, 1, 2].map(() => api.signUp(uniqueName('host'))));
    let aborted = 0;
    for (let i = 0; i < 12; i++) {
      const host = hosts[i % hosts.length]!;
      const id = (await api.post('/api/games', { game: TALLY }, host)).body.id as string;
      if ((await api.post(`/api/games/${id}/seats`, { role: 'north' }, host)).status !== 200) continue;
      if ((await api.post(`/api/games/${id}/seats`, { role: 'east' }, stranger)).status !== 200) continue;
      const r = await api.post(`/api/games/${id}/abort`, {}, stranger);
      if (r.status === 429) break;
      aborted++;
    }
    assert.equal(aborted, SURFACE_LIMITS.aborts.perAccount);
  });

  it('move previews (the question before each online move) are limited per account', async () => {
    const { api } = run;
    const a = await api.signUp(uniqueName('pva')), b = await api.signUp(uniqueName('pvb'));
    const id = (await api.post('/api/games', { game: TALLY, variants: { target: 1000 } }, a)).body.id as string;
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, a)).status, 200);
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'east' }, b)).status, 200);
    const n = await acceptedBefore429(() => api.post(`/api/games/${id}/preview`, { action: { type: 'pass' } }, a), 2000);
    // 600 requests may straddle the start of a new counting minute: then a few more pass before the refusal.
    assert.ok(n >= SURFACE_LIMITS.previews.perAccount && n < 2 * SURFACE_LIMITS.previews.perAccount, `${n} accepted`);
  });

  it('hints (a bot search each) are limited per account, refused ones counted too', async () => {
    const { api } = run;
    const a = await api.signUp(uniqueName('hnt'));
    const id = (await api.post('/api/games', { game: TALLY }, a)).body.id as string;
    assert.equal((await api.post(`/api/games/${id}/seats`, { role: 'north' }, a)).status, 200);
    // Not a learning game: each is 409 not-learning, and counts.
    const n = await acceptedBefore429(() => api.post(`/api/games/${id}/hint`, {}, a), 1000);
    assert.ok(n >= SURFACE_LIMITS.hints.perAccount && n < 2 * SURFACE_LIMITS.hints.perAccount, `${n} accepted`);
  });
});
