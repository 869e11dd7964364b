/**
 * Small games for the bots' own tests (not registered): tic-tac-toe (perfect information),
 * hidden war (hidden hands), goofspiel (simultaneous sealed bids), ends (three players, scores).
 */
import { RuleError, RuleCodes, indexOfAction, randInt, seedRng, shuffleInPlace, type Game, type Role, type RngState } from '@tabula/engine';

function check<S, A>(game: Game<S, A, unknown>, s: S, role: Role, a: A): void {
  if (indexOfAction(game.actions(s, role) as unknown[], a) < 0) throw new RuleError(RuleCodes.illegalAction, 'illegal');
}

// ---------- tic-tac-toe ----------
export interface TttState { board: (Role | null)[]; turn: Role }
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
function tttWinner(b: (Role | null)[]): Role | null {
  for (const [x, y, z] of LINES) if (b[x!] && b[x!] === b[y!] && b[x!] === b[z!]) return b[x!]!;
  return null;
}
export const ticTacToe: Game<TttState, number, TttState> = {
  id: 'tic-tac-toe',
  scenarios: ['standard'],
  roles: () => ['x', 'o'],
  setup: () => ({ board: Array(9).fill(null), turn: 'x' }),
  active: (s) => (tttWinner(s.board) || s.board.every((c) => c) ? [] : [s.turn]),
  actions(s, role) {
    if (ticTacToe.active(s)[0] !== role) return [];
    return s.board.flatMap((c, i) => (c ? [] : [i]));
  },
  apply(s, role, a) {
    check(ticTacToe, s, role, a);
    const board = [...s.board];
    board[a] = role;
    return { board, turn: role === 'x' ? 'o' : 'x' };
  },
  prompt: () => ({ key: 'prompt.move' }),
  view: (s) => s,
  outcome(s) {
    const w = tttWinner(s.board);
    if (w) return { winners: [w], reason: 'line' };
    return s.board.every((c) => c) ? { winners: [], reason: 'draw' } : null;
  },
  determinize: (s) => s,
};

// ---------- hidden war: 3 tricks, hidden hands of 3 from cards 1..9, higher card wins, winner leads ----------
export interface WarState { hands: Record<Role, number[]>; stock: number[]; lead: Role; table: number | null; tricks: Record<Role, number>; played: number[] }
export interface WarView { hand: number[] | null; opponentCards: number; lead: Role; table: number | null; tricks: Record<Role, number>; played: number[] }
const WAR = ['a', 'b'];
const other = (r: Role): Role => (r === 'a' ? 'b' : 'a');
function warTurn(s: WarState): Role | null {
  if (s.hands.a!.length === 0 && s.hands.b!.length === 0) return null;
  return s.table === null ? s.lead : other(s.lead);
}
export const hiddenWar: Game<WarState, number, WarView> = {
  id: 'hidden-war',
  scenarios: ['standard'],
  roles: () => WAR,
  setup(o) {
    const rng: RngState = seedRng(o.seed);
    const deck = shuffleInPlace(rng, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    return { hands: { a: deck.slice(0, 3).sort(), b: deck.slice(3, 6).sort() }, stock: deck.slice(6).sort(), lead: 'a', table: null, tricks: { a: 0, b: 0 }, played: [] };
  },
  active: (s) => { const t = warTurn(s); return t ? [t] : []; },
  actions: (s, role) => (warTurn(s) === role ? [...s.hands[role]!] : []),
  apply(s, role, card) {
    check(hiddenWar, s, role, card);
    const hands = { ...s.hands, [role]: s.hands[role]!.filter((c) => c !== card) };
    if (s.table === null) return { ...s, hands, table: card, played: [...s.played, card] };
    const winner = card > s.table ? role : s.lead;
    return { ...s, hands, table: null, lead: winner, tricks: { ...s.tricks, [winner]: s.tricks[winner]! + 1 }, played: [...s.played, card] };
  },
  prompt: () => ({ key: 'prompt.move' }),
  view: (s, v) => ({ hand: v ? s.hands[v]! : null, opponentCards: v ? s.hands[other(v)]!.length : 0, lead: s.lead, table: s.table, tricks: s.tricks, played: s.played }),
  outcome(s) {
    if (warTurn(s)) return null;
    return { winners: [s.tricks.a! > s.tricks.b! ? 'a' : 'b'], scores: { ...s.tricks }, reason: 'tricks' };
  },
  determinize(s, viewer, rng) {
    const o = other(viewer);
    // canonical: the unseen cards sorted before the shuffle, so the result depends only on the viewer's view
    const unseen = [...s.hands[o]!, ...s.stock].sort((x, y) => x - y);
    rng.shuffle(unseen);
    const n = s.hands[o]!.length;
    return { ...s, hands: { ...s.hands, [o]: unseen.slice(0, n).sort() }, stock: unseen.slice(n).sort() };
  },
};

// ---------- goofspiel: prizes 1..N in hidden random order, sealed simultaneous bids ----------
export interface GoofState { n: number; prizes: number[]; hands: Record<Role, number[]>; bids: Record<Role, number | null>; score: Record<Role, number> }
export interface GoofView { prize: number | null; prizesLeft: number[]; hands: Record<Role, number[]>; bid: Record<Role, boolean>; myBid: number | null; score: Record<Role, number> }
export const goofspiel: Game<GoofState, number, GoofView> = {
  id: 'goofspiel',
  scenarios: ['standard'],
  roles: () => WAR,
  setup(o) {
    const n = 5;
    const cards = Array.from({ length: n }, (_, i) => i + 1);
    return { n, prizes: shuffleInPlace(seedRng(o.seed), [...cards]), hands: { a: [...cards], b: [...cards] }, bids: { a: null, b: null }, score: { a: 0, b: 0 } };
  },
  active: (s) => (s.prizes.length === 0 ? [] : WAR.filter((r) => s.bids[r] === null)),
  actions: (s, role) => (s.prizes.length > 0 && s.bids[role] === null ? [...s.hands[role]!] : []),
  apply(s, role, card) {
    check(goofspiel, s, role, card);
    const bids = { ...s.bids, [role]: card };
    const hands = { ...s.hands, [role]: s.hands[role]!.filter((c) => c !== card) };
    const ba = bids.a ?? null, bb = bids.b ?? null;
    if (ba === null || bb === null) return { ...s, bids, hands };
    const prize = s.prizes[0]!;
    const score = { ...s.score };
    if (ba > bb) score.a! += prize;
    else if (bb > ba) score.b! += prize;
    return { ...s, hands, prizes: s.prizes.slice(1), bids: { a: null, b: null }, score };
  },
  prompt: () => ({ key: 'prompt.move' }),
  view: (s, v) => ({
    prize: s.prizes[0] ?? null,
    prizesLeft: [...s.prizes].sort((x, y) => x - y),
    // a sealed bid is still "in hand" to everyone else
    hands: Object.fromEntries(WAR.map((r) => [r, r === v || s.bids[r] === null ? s.hands[r]! : [...s.hands[r]!, s.bids[r]!].sort((x, y) => x - y)])),
    bid: { a: s.bids.a !== null, b: s.bids.b !== null },
    myBid: v ? s.bids[v]! : null,
    score: s.score,
  }),
  outcome(s) {
    if (s.prizes.length > 0) return null;
    const { a, b } = s.score as { a: number; b: number };
    return { winners: a > b ? ['a'] : b > a ? ['b'] : [], scores: { ...s.score }, reason: 'prizes' };
  },
  determinize(s, viewer, rng) {
    const rest = rng.shuffle(s.prizes.slice(1).sort((x, y) => x - y));
    const bids = { ...s.bids };
    const o = other(viewer);
    const hands = { ...s.hands };
    if (bids[o] !== null) {
      // the opponent's sealed bid: any card it still held
      const held = [...s.hands[o]!, bids[o]!].sort((x, y) => x - y);
      const bid = rng.pick(held);
      bids[o] = bid;
      hands[o] = held.filter((c) => c !== bid);
    }
    return { ...s, prizes: s.prizes.length ? [s.prizes[0]!, ...rest] : [], bids, hands };
  },
};

// ---------- ends: three players take a number from either end of a visible row; highest total wins ----------
export interface EndsState { row: number[]; turn: number; score: Record<Role, number> }
const ENDS = ['p1', 'p2', 'p3'];
export const ends: Game<EndsState, 'left' | 'right', EndsState> = {
  id: 'ends',
  scenarios: ['standard'],
  players: { min: 3, max: 3, default: 3 },
  roles: () => ENDS,
  setup(o) {
    const rng = seedRng(o.seed);
    return { row: Array.from({ length: 12 }, () => 1 + randInt(rng, 9)), turn: 0, score: { p1: 0, p2: 0, p3: 0 } };
  },
  active: (s) => (s.row.length ? [ENDS[s.turn % 3]!] : []),
  actions: (s, role) => (s.row.length && ENDS[s.turn % 3] === role ? (s.row.length === 1 ? ['left'] : ['left', 'right']) : []),
  apply(s, role, a) {
    check(ends, s, role, a);
    const v = a === 'left' ? s.row[0]! : s.row[s.row.length - 1]!;
    return { row: a === 'left' ? s.row.slice(1) : s.row.slice(0, -1), turn: s.turn + 1, score: { ...s.score, [role]: s.score[role]! + v } };
  },
  prompt: () => ({ key: 'prompt.move' }),
  view: (s) => s,
  outcome(s) {
    if (s.row.length) return null;
    const best = Math.max(...ENDS.map((r) => s.score[r]!));
    return { winners: ENDS.filter((r) => s.score[r] === best), scores: { ...s.score }, reason: 'score' };
  },
  determinize: (s) => s,
};
