/**
 * Carcassonne knowledge: feature values, farm potential and follower economy.
 *
 * Evaluation: the score every player would have if the game ended now (the engine's own final
 * scoring: incomplete cities, roads, cloisters, farms and flocks at their end-of-game value),
 * plus the worth of followers still in supply (they can still earn while tiles remain), turned
 * into a win estimate by a logistic on the margin to the best opponent.
 *
 * Rollouts: tiles placed at random; followers go on cities, roads and cloisters more often than
 * on fields early on (farmers are committed for the game), and are kept back when few remain.
 */
import type { AnyGame, Role, Rng } from '@tabula/engine';
import { ROLES, TILES, type CarcAction, type CarcState } from '@tabula/carcassonne';
import type { Knowledge } from './types.js';

const FIELD = 2;

/** The tile type of a packed placement (board.ts: type in the low 7 bits). */
const placementType = (p: number): number => p & 127;

/** Ends the game now: no more tiles, the tile in hand placed anywhere, nothing deployed. */
export function scoresIfEndedNow(game: AnyGame, s: CarcState): number[] {
  let t: CarcState = { ...s, pile: [] };
  for (let i = 0; i < 8 && t.phase !== 'over'; i++) {
    const acts = game.actions(t, ROLES[t.turn]!) as CarcAction[];
    const a = acts.find((x) => x.type === 'skip' || x.type === 'drive') ?? acts[0]!;
    t = game.apply(t, ROLES[t.turn]!, a) as CarcState;
  }
  return t.scores;
}

/** Points a follower in supply is still worth, by the share of the game left. */
function supplyWorth(s: CarcState): number {
  const left = s.pile.length / 70;
  return 3 * Math.min(1, left * 1.5);
}

export function evaluateCarcassonne(game: AnyGame, s: CarcState): Record<Role, number> {
  const sc = scoresIfEndedNow(game, s);
  const w = supplyWorth(s);
  const v = sc.map((x, p) => x + w * Math.min(s.supply[p]!, 5));
  const out: Record<Role, number> = {};
  for (let p = 0; p < s.players; p++) {
    let best = -Infinity;
    for (let q = 0; q < s.players; q++) if (q !== p) best = Math.max(best, v[q]!);
    out[ROLES[p]!] = 1 / (1 + Math.exp(-(v[p]! - best) / 12));
  }
  return out;
}

function rolloutCarcassonne(s: CarcState, actions: CarcAction[], rng: Rng): CarcAction {
  if (s.phase !== 'deploy') return actions[rng.int(actions.length)]!;
  const last = s.tiles[s.tiles.length - 1]!;
  const tt = TILES[placementType(last)]!;
  const supply = s.supply[s.turn]!;
  const late = s.pile.length < 20;
  const good: CarcAction[] = [];
  for (const a of actions) {
    if (a.type === 'follower') {
      const kind = tt.features[a.feature]!.kind;
      if (kind !== FIELD || (late && supply > 2)) good.push(a);
    } else if (a.type === 'shepherd') good.push(a);
  }
  const keep = supply <= 1 ? 0.75 : supply <= 3 ? 0.45 : 0.3;
  if (good.length === 0 || rng.float() < keep) return actions.find((a) => a.type === 'skip') ?? actions[rng.int(actions.length)]!;
  return good[rng.int(good.length)]!;
}

/** Everything public that changes during play (the pile order, the tiles under hills and the RNG are left out). */
function infoKeyCarcassonne(s: CarcState): string {
  return JSON.stringify([s.turn, s.phase, s.current, s.tending, s.tiles, s.meeples, s.supply, s.flocks, s.bag, s.scores, s.discarded, s.hills.length, s.pile.length]);
}

/** The unseen tiles (draw pile and tiles under hills) sorted, so determinize starts from the same order. */
function canonicalCarcassonne(s: CarcState): CarcState {
  const hidden = [...s.pile];
  for (const t of s.under) if (t >= 0) hidden.push(t);
  hidden.sort((a, b) => a - b);
  const pile = hidden.slice(0, s.pile.length);
  let k = s.pile.length;
  const under = s.under.map((t) => (t >= 0 ? hidden[k++]! : -1));
  return { ...s, pile, under, rng: [0, 0, 0, 1] };
}

export const carcassonneKnowledge: Knowledge = {
  canonical: (_game, state) => canonicalCarcassonne(state as CarcState),
  infoKey: (state) => infoKeyCarcassonne(state as CarcState),
  // about 6 turns (a turn is a placement and a deployment), rounded up to whole rounds so that every
  // player has moved as often as the others when the evaluation is taken: 12 actions with 2 or 3 players, 16 with 4
  rolloutDepth: (state) => 2 * (state as CarcState).players * Math.ceil(6 / (state as CarcState).players),
  rollout: (_game, state, _role, actions, rng) => rolloutCarcassonne(state as CarcState, actions as CarcAction[], rng),
  evaluate: (game, state) => evaluateCarcassonne(game, state as CarcState),
};
