/**
 * "Tally", a tiny hidden-information game used only by the server's tests and load benchmark
 * (registered on import, never in production). Each player holds a secret bonus die; on your turn
 * you may add 1 or 2 to your tally (up to three times: each add can be undone), roll a die and add
 * it (random: cannot be undone), or pass. When a tally reaches the target, the game ends and
 * tally + secret decides the winner.
 */
import { RuleError, RuleCodes, indexOfAction, randInt, rollDie, seedRng, type Game, type LogLine, type Rng, type RngState, type Role, type SetupOptions } from '@tabula/engine';
import { register } from '@tabula/games';

export interface TallyState {
  roles: Role[];
  target: number;
  turn: number;
  adds: number;
  tally: number[];
  secret: number[];
  over: boolean;
  rng: RngState;
}
export type TallyAction = { type: 'add'; n: 1 | 2 } | { type: 'roll' } | { type: 'pass' };
export interface TallyView {
  tally: number[];
  turn: Role | null;
  target: number;
  /** Your own secret; others' are null until the game ends. */
  secrets: (number | null)[];
}

export const TALLY = 'server-test-tally';

function rolesFor(o: SetupOptions): Role[] {
  const n = o.players ?? 2;
  if (!Number.isInteger(n) || n < 2 || n > 4) throw new RuleError(RuleCodes.badOptions, 'Tally is for 2-4 players');
  return ['north', 'east', 'south', 'west'].slice(0, n);
}

function winners(s: TallyState): Role[] {
  const score = s.tally.map((t, i) => t + s.secret[i]!);
  const best = Math.max(...score);
  return s.roles.filter((_, i) => score[i] === best);
}

export const tallyGame: Game<TallyState, TallyAction, TallyView> = {
  id: TALLY,
  scenarios: ['standard', 'short'],
  players: { min: 2, max: 4, default: 2 },
  variants: [{ key: 'target', default: 10, values: [5, 10, 20, 1000], description: 'tally that ends the game' }],
  roles: rolesFor,
  prompt: () => ({ key: 'prompt.move' }),
  setup(o) {
    const roles = rolesFor(o);
    const v = o.variants?.target ?? (o.scenario === 'short' ? 5 : 10);
    if (![5, 10, 20, 1000].includes(v as number)) throw new RuleError(RuleCodes.badOptions, 'bad target');
    const rng = seedRng(o.seed);
    return { roles, target: v as number, turn: 0, adds: 0, tally: roles.map(() => 0), secret: roles.map(() => randInt(rng, 6) + 1), over: false, rng };
  },
  active: (s) => (s.over ? [] : [s.roles[s.turn]!]),
  actions(s, role) {
    if (s.over || s.roles[s.turn] !== role) return [];
    const out: TallyAction[] = [];
    if (s.adds < 3) out.push({ type: 'add', n: 1 }, { type: 'add', n: 2 });
    out.push({ type: 'roll' }, { type: 'pass' });
    return out;
  },
  apply(s, role, action) {
    if (s.over) throw new RuleError(RuleCodes.gameOver, 'The game is over');
    if (s.roles[s.turn] !== role) throw new RuleError(RuleCodes.notYourTurn, `Not ${String(role)}'s turn`);
    if (indexOfAction(tallyGame.actions(s, role), action) < 0) throw new RuleError(RuleCodes.illegalAction, 'Illegal action');
    const i = s.turn;
    const tally = [...s.tally];
    const rng: RngState = [...s.rng];
    let adds = s.adds, turn = s.turn;
    if (action.type === 'add') { tally[i] = tally[i]! + action.n; adds++; }
    else {
      if (action.type === 'roll') tally[i] = tally[i]! + rollDie(rng);
      turn = (turn + 1) % s.roles.length;
      adds = 0;
    }
    return { ...s, tally, rng, adds, turn, over: tally[i]! >= s.target };
  },
  view(s, viewer) {
    return { tally: s.tally, turn: s.over ? null : s.roles[s.turn]!, target: s.target, secrets: s.roles.map((r, i) => (s.over || r === viewer ? s.secret[i]! : null)) };
  },
  outcome: (s) => (s.over ? { winners: winners(s), scores: Object.fromEntries(s.roles.map((r, i) => [r, s.tally[i]! + s.secret[i]!])), reason: 'target' } : null),
  determinize(s, viewer, rng: Rng) {
    const secret = s.roles.map((r, i) => (r === viewer || s.over ? s.secret[i]! : rng.int(6) + 1));
    return { ...s, secret, rng: [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()] };
  },
  undoBarrier: (prev, next) => prev.rng.some((x, i) => x !== next.rng[i]),
  describe(prev, next, role, action, viewer): LogLine[] {
    const i = prev.roles.indexOf(role);
    if (action.type === 'roll') return [{ role, key: 'tally.rolled', args: { n: next.tally[i]! - prev.tally[i]! } }];
    if (action.type === 'add') return [{ role, key: 'tally.added', args: { n: action.n, mine: viewer === role } }];
    return [{ role, key: 'tally.passed' }];
  },
};

register(tallyGame);

/**
 * "Duel", a simultaneous test game: each round both players pick a or b (in any order; the round ends
 * when both picked); after `rounds` rounds (variant, default 3) the player with more a's wins.
 */
export interface DuelState { round: number; rounds: number; picks: (string | null)[]; as: number[] }
export type DuelAction = { type: 'pick'; v: 'a' | 'b' };
export const DUEL = 'server-test-duel';
const DUEL_ROLES = ['left', 'right'];

export const duelGame: Game<DuelState, DuelAction, DuelState> = {
  id: DUEL,
  scenarios: ['standard'],
  players: { min: 2, max: 2, default: 2 },
  variants: [{ key: 'rounds', default: 3, values: [1, 3, 10] }],
  roles: () => DUEL_ROLES,
  prompt: () => ({ key: 'prompt.move' }),
  setup: (o) => ({ round: 0, rounds: (o.variants?.rounds as number | undefined) ?? 3, picks: [null, null], as: [0, 0] }),
  active: (s) => (s.round >= s.rounds ? [] : DUEL_ROLES.filter((_, i) => s.picks[i] === null)),
  actions: (s, role) => (duelGame.active(s).includes(role) ? [{ type: 'pick', v: 'a' }, { type: 'pick', v: 'b' }] : []),
  apply(s, role, action) {
    if (!duelGame.active(s).includes(role)) throw new RuleError(RuleCodes.notYourTurn, 'not your turn');
    if (indexOfAction(duelGame.actions(s, role), action) < 0) throw new RuleError(RuleCodes.illegalAction, 'Illegal action');
    const i = DUEL_ROLES.indexOf(role);
    const picks = [...s.picks];
    picks[i] = action.v;
    if (picks.every((p) => p !== null)) {
      return { ...s, round: s.round + 1, picks: [null, null], as: s.as.map((n, j) => n + (picks[j] === 'a' ? 1 : 0)) };
    }
    return { ...s, picks };
  },
  view: (s, viewer) => ({ ...s, picks: s.picks.map((p, i) => (DUEL_ROLES[i] === viewer ? p : p === null ? null : '?')) }),
  outcome: (s) => (s.round < s.rounds ? null : { winners: DUEL_ROLES.filter((_, i) => s.as[i] === Math.max(...s.as)), reason: 'most-a' }),
  determinize: (s) => s,
};
register(duelGame);
