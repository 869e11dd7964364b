// Positions in the middle of play for the accessibility checks: per game a policy over the legal actions
// and checkpoints (predicates on the view of the seat to act, met in this order). The same policy plays
// a local game in Node (the engine here) or an online game over the REST API (the server's engine).
import { Rng } from '@tabula/engine';

const byPref = (pref, acts, rng) => {
  for (const type of pref) { const l = acts.filter((a) => a.type === type); if (l.length) return rng.pick(l); }
  return rng.pick(acts);
};

export const SCENARIOS = {
  'hammer-of-the-scots': {
    options: {},
    // Early on, go for a battle; once fought, end every step so that the year runs out (Winter).
    policy: (view, acts, rng, reached) => byPref(reached.has('battle')
      ? ['hit', 'retreat', 'card', 'end', 'pass', 'done', 'hold', 'stop', 'fire']
      : ['hit', 'battle', 'card', 'group', 'block', 'to', 'stop', 'done', 'hold', 'end', 'pass'], acts, rng),
    checkpoints: [
      { name: 'cards', done: (v) => v.phase === 'cards' && v.turn >= 2 },
      { name: 'movement', done: (v, acts) => ['move', 'group', 'path'].includes(v.phase) && acts.length > 1 },
      { name: 'battle', done: (v, acts) => !!v.battle && acts.some((a) => a.type === 'fire') },
      { name: 'winter', done: (v) => String(v.phase).startsWith('w-') },
    ],
  },
  carcassonne: {
    options: { players: 2 },
    policy: (view, acts, rng) => (view.phase === 'deploy' && view.tiles.length < 12 && rng.float() < 0.5
      ? byPref(['follower', 'skip'], acts, rng) : byPref(['place', 'skip', 'grow'], acts, rng)),
    checkpoints: [
      { name: 'placing', done: (v, acts) => v.phase === 'place' && v.tiles.length >= 8 && v.figures.length >= 1 && acts.length > 0 },
      { name: 'deploying', done: (v, acts) => v.phase === 'deploy' && v.tiles.length >= 10 && acts.some((a) => a.type === 'follower') },
    ],
  },
  hacse: {
    options: {},
    // Both sides draw until a hand is full, then go for a combat with orders.
    policy: (view, acts, rng, reached) => (acts.some((a) => a.type === 'commit' && a.order) ? rng.pick(acts.filter((a) => a.type === 'commit' && a.order)) : byPref(reached.has('hand full')
      ? ['commit', 'attack', 'declared', 'place', 'pay', 'keep', 'hqPass', 'blocked', 'resolve', 'assign', 'spread', 'flank', 'end']
      : ['draw', 'end', 'keep', 'hqPass', 'blocked', 'declared', 'resolve', 'assign', 'spread', 'flank'], acts, rng)),
    checkpoints: [
      { name: 'hand full', done: (v) => (v.players[v.viewer]?.hand?.length ?? 0) >= 9 },
      // Committing attackers: one has its order, more units are offered (units that act, units that do not).
      { name: 'attack with orders', done: (v, acts) => !!v.combat && v.combat.attackers.some((a) => a.hasOrder || a.order) && acts.some((a) => a.type === 'commit') },
    ],
  },
};

/**
 * Plays a local game in Node from `seed` through the checkpoints; returns per checkpoint the log so far
 * ({ name, actions: [{ role, action }], role }: the role to act and whose view the board shows).
 */
export function localPositions(game, gameId, seed, { max = 3000 } = {}) {
  const sc = SCENARIOS[gameId];
  const rng = new Rng(`midgame:${seed}`);
  let s = game.setup({ ...sc.options, seed });
  const actions = [], out = [], reached = new Set();
  let k = 0;
  for (let i = 0; i < max && k < sc.checkpoints.length; i++) {
    const role = game.active(s)[0];
    if (!role) throw new Error(`${gameId}: the game ended before "${sc.checkpoints[k].name}"`);
    const acts = game.actions(s, role);
    const view = game.view(s, role);
    if (sc.checkpoints[k].done(view, acts)) {
      out.push({ name: sc.checkpoints[k].name, actions: [...actions], role });
      reached.add(sc.checkpoints[k].name);
      k++;
      continue;
    }
    const a = sc.policy(view, acts, rng, reached);
    s = game.apply(s, role, a);
    actions.push({ role, action: a });
  }
  if (k < sc.checkpoints.length) throw new Error(`${gameId}: "${sc.checkpoints[k].name}" not reached`);
  return out;
}

async function call(url, method, path, body, token) {
  const r = await fetch(`${url}/api${path}`, {
    method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Plays an online game on the server at `url` (both seats held by the account of `token`, the server deals)
 * with the scenario's policy; `onCheckpoint(name, gameId, role)` runs at each checkpoint before play goes on.
 * A deal on which a checkpoint is not reached (the game ends first) is played again with a new game, up to 3 times.
 */
export async function playOnline(url, token, gameId, onCheckpoint, { max = 3000 } = {}) {
  const sc = SCENARIOS[gameId];
  const catalog = await call(url, 'GET', '/catalog');
  const entry = catalog.find((g) => g.id === gameId);
  const roles = entry.roles[sc.options.players ?? entry.players.default];
  for (let attempt = 0; attempt < 3; attempt++) {
    const { id } = await call(url, 'POST', '/games', { game: gameId, ...(sc.options.players ? { players: sc.options.players } : {}) }, token);
    for (const role of roles) await call(url, 'POST', `/games/${id}/seats`, { role }, token);
    const rng = new Rng(`midgame-online:${gameId}:${attempt}`);
    const reached = new Set();
    let k = 0;
    for (let i = 0; i < max && k < sc.checkpoints.length; i++) {
      let st = await call(url, 'GET', `/games/${id}?role=${roles[0]}`, null, token);
      if (st.status === 'finished' || !st.active.length) break;
      if (st.role !== st.active[0]) st = await call(url, 'GET', `/games/${id}?role=${st.active[0]}`, null, token);
      if (sc.checkpoints[k].done(st.view, st.actions)) {
        await onCheckpoint(sc.checkpoints[k].name, id, st.role);
        reached.add(sc.checkpoints[k].name);
        k++;
        continue;
      }
      const action = sc.policy(st.view, st.actions, rng, reached);
      await call(url, 'POST', `/games/${id}/actions`, { version: st.version, action, role: st.role }, token);
    }
    if (k === sc.checkpoints.length) return;
    if (reached.size) throw new Error(`${gameId}: online game ${id} ended before "${sc.checkpoints[k].name}" after the first checkpoints`);
  }
  throw new Error(`${gameId}: no online game reached the checkpoints`);
}
