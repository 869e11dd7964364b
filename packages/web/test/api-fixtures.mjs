// What browser tests set up over the API: calls that throw on errors, new accounts, a finished game.
import { apiCall } from './helpers.mjs';

/** An API call that throws on a 4xx/5xx. */
export async function call(base, method, path, body, token) {
  const r = await apiCall(base, method, path, body, token);
  if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A new account (name prefixed with `prefix`) and its token. */
export async function newAccount(base, prefix) {
  const name = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
  return { name, ...(await call(base, 'POST', '/accounts', { name, password: 'correct horse battery' })) };
}

/** Two new accounts play `n` Carcassonne actions picked by a seeded generator (`seed`), then the second resigns. */
export async function finishedCarcassonne(base, n, seed) {
  const u = () => `an${Math.random().toString(36).slice(2, 10)}`;
  const a = await call(base, 'POST', '/accounts', { name: u(), password: 'correct horse battery' });
  const c = await call(base, 'POST', '/accounts', { name: u(), password: 'correct horse battery' });
  const { id } = await call(base, 'POST', '/games', { game: 'carcassonne', players: 2 }, a.token);
  const roles = (await call(base, 'GET', `/games/${id}`, null, a.token)).seats.map((s) => s.role);
  const tokenOf = { [roles[0]]: a.token, [roles[1]]: c.token };
  for (const r of roles) await call(base, 'POST', `/games/${id}/seats`, { role: r }, tokenOf[r]);
  let x = seed;
  for (let i = 0; i < n; i++) {
    const role = (await call(base, 'GET', `/games/${id}`, null, a.token)).active[0];
    const mine = await call(base, 'GET', `/games/${id}?role=${role}`, null, tokenOf[role]);
    x = (x * 48271) % 2147483647;
    await call(base, 'POST', `/games/${id}/actions`, { version: mine.version, action: mine.actions[x % mine.actions.length], role }, tokenOf[role]);
  }
  await call(base, 'POST', `/games/${id}/resign`, {}, c.token);
  return { id, token: a.token, name: a.name };
}
