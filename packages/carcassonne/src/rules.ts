/**
 * The turn: place a tile, deploy a follower or the shepherd (or not), tend the flock, score.
 * Legal-action listing and action handling live side by side per phase.
 */
import { RuleCodes, RuleError, randInt, type Role, type RngState } from '@tabula/engine';
import { GRID, advanceBoard, boardOf, cellKey, packPlacement, releaseBoard, type Board } from './board.js';
import { endFlock, finalScoring, returnFollowers, scoreSet, shepherdRoot } from './scoring.js';
import { ROLES, WOLF, copyState, drawFitting, type CarcState, type GameEvent } from './state.js';
import { CITY, CLOISTER, FIELD, KIND_NAMES, MAXF, ROAD, TILES } from './tiles.js';

export type CarcAction =
  | { type: 'place'; x: number; y: number; rot: number }
  | { type: 'follower'; feature: number }
  | { type: 'shepherd'; feature: number }
  | { type: 'skip' }
  | { type: 'grow' }
  | { type: 'drive' };

export const RULE = {
  notYourTurn: RuleCodes.notYourTurn,
  gameOver: RuleCodes.gameOver,
  malformed: RuleCodes.malformedAction,
  wrongPhase: 'wrong-phase',
  noFit: 'tile-does-not-fit',
  badRotation: 'bad-rotation',
  noSuchFeature: 'no-such-feature',
  occupied: 'feature-occupied',
  noFollower: 'no-follower-left',
  noFarmers: 'farmers-off',
  notField: 'shepherd-needs-field',
  shepherdBusy: 'shepherd-not-available',
  shepherdThere: 'field-has-shepherd',
} as const;

/** What the active player may put on each feature of the tile just placed. */
export interface DeploySpot { feature: number; kind: string; follower: boolean; shepherd: boolean }

export function shepherdOnBoard(meeples: readonly number[], p: number): boolean {
  for (let i = 0; i < meeples.length; i += 4) if (meeples[i] === p && meeples[i + 3] === 1) return true;
  return false;
}

export function deploySpots(s: CarcState, board: Board): DeploySpot[] {
  const out: DeploySpot[] = [];
  scanDeploy(s, board, out);
  return out;
}

/** True when the active player can put anything on the tile just placed. */
export function canDeploy(s: CarcState, board: Board): boolean {
  return scanDeploy(s, board, null);
}

/** Lists the deployment spots into `out`, or (out null) stops at the first one and says whether there is one. */
function scanDeploy(s: CarcState, board: Board, out: DeploySpot[] | null): boolean {
  const p = s.turn;
  const t = board.n - 1;
  const tt = TILES[board.ttype[t]!]!;
  const canFollow = s.supply[p]! > 0;
  const canShepherd = s.opts.hs && !shepherdOnBoard(s.meeples, p);
  if (!canFollow && !canShepherd) return false;
  const m = s.meeples;
  let any = false;
  for (let l = 0; l < tt.features.length; l++) {
    const kind = tt.features[l]!.kind;
    const root = board.find(t * MAXF + l);
    let hasFollower = false, hasShepherd = false;
    for (let i = 0; i < m.length; i += 4) {
      if (board.find(m[i + 1]! * MAXF + m[i + 2]!) !== root) continue;
      if (m[i + 3] === 0) hasFollower = true; else hasShepherd = true;
    }
    const follower = canFollow && !hasFollower && (kind !== FIELD || s.opts.farmers);
    const shepherd = canShepherd && kind === FIELD && !hasShepherd;
    if (follower || shepherd) {
      if (out === null) return true;
      any = true;
      out.push({ feature: l, kind: KIND_NAMES[kind]!, follower, shepherd });
    }
  }
  return any;
}

/*
 * Legal actions are interned: the same frozen object for the same action, so listing ~30 placements per
 * draw allocates only the list (bots list actions thousands of times per move).
 */
const placeCache: (CarcAction | undefined)[] = new Array<CarcAction | undefined>(GRID * GRID * 4).fill(undefined);
function placeAction(x: number, y: number, rot: number): CarcAction {
  const k = (cellKey(x, y) << 2) | rot;
  let a = placeCache[k];
  if (a === undefined || (a as { x: number }).x !== x || (a as { y: number }).y !== y) {
    a = Object.freeze({ type: 'place', x, y, rot }) as CarcAction;
    placeCache[k] = a;
  }
  return a;
}
const FOLLOWER: CarcAction[] = Array.from({ length: MAXF }, (_, feature) => Object.freeze({ type: 'follower', feature }) as CarcAction);
const SHEPHERD: CarcAction[] = Array.from({ length: MAXF }, (_, feature) => Object.freeze({ type: 'shepherd', feature }) as CarcAction);
const SKIP = Object.freeze({ type: 'skip' }) as CarcAction;
const GROW = Object.freeze({ type: 'grow' }) as CarcAction;
const DRIVE = Object.freeze({ type: 'drive' }) as CarcAction;

/**
 * The last list `listedActions` made, with what it was derived from. A decision lists the actions up to
 * three times for one state (who may act, the bot's choice, the legality check of apply): the first
 * derives them, the others read them here. Keyed by the state object and the fields the list reads, so
 * a state changed in place (tests do) is listed afresh. Game states are never changed after an action
 * returns them; the list is frozen in effect: callers read it and never keep or change it.
 */
let lastState: CarcState | null = null;
let lastRole: Role = '';
let lastPhase: CarcState['phase'] = 'over';
let lastTurn = -1;
let lastTiles: readonly number[] | null = null;
let lastMeeples: readonly number[] | null = null;
let lastSupply: readonly number[] | null = null;
let lastOpts: CarcState['opts'] | null = null;
let lastCurrent = -1;
let lastList: readonly CarcAction[] = [];

/** `role`'s legal actions without a copy (the engine's `listed`): read them, never keep or change them. */
export function listedActions(s: CarcState, role: Role): readonly CarcAction[] {
  if (s === lastState && role === lastRole && s.phase === lastPhase && s.turn === lastTurn && s.tiles === lastTiles && s.meeples === lastMeeples && s.supply === lastSupply && s.opts === lastOpts && s.current === lastCurrent) return lastList;
  const list = legalActions(s, role);
  lastState = s; lastRole = role; lastPhase = s.phase; lastTurn = s.turn; lastTiles = s.tiles; lastMeeples = s.meeples; lastSupply = s.supply; lastOpts = s.opts; lastCurrent = s.current;
  lastList = list;
  return list;
}

/** `role`'s legal actions as a fresh array (the engine's `actions`), shared with the listing above so apply need not derive them again. */
export function actionList(s: CarcState, role: Role): CarcAction[] {
  return listedActions(s, role).slice();
}

export function legalActions(s: CarcState, role: Role): CarcAction[] {
  if (s.phase === 'over' || ROLES[s.turn] !== role) return [];
  const board = boardOf(s.tiles);
  if (s.phase === 'place') {
    const out: CarcAction[] = [];
    const t = TILES[s.current]!;
    const codes = t.edgeCode, rots = t.rotations;
    const req = board.frontierReq, fx = board.frontierX, fy = board.frontierY;
    for (let i = 0; i < req.length; i++) {
      const r = req[i]!;
      const mask = r & 255, val = r >> 8;
      for (let j = 0; j < rots.length; j++) {
        const rot = rots[j]!;
        if ((codes[rot]! & mask) === val) out.push(placeAction(fx[i]!, fy[i]!, rot));
      }
    }
    return out;
  }
  if (s.phase === 'flock') return [GROW, DRIVE];
  const out: CarcAction[] = [];
  for (const d of deploySpots(s, board)) {
    if (d.follower) out.push(FOLLOWER[d.feature]!);
    if (d.shepherd) out.push(SHEPHERD[d.feature]!);
  }
  out.push(SKIP);
  return out;
}

/** A copy of `a` with `v` appended (a plain loop: much faster than concat or spread for number lists). */
function append<T>(a: readonly T[], v: T): T[] {
  const n = a.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  out[n] = v;
  return out;
}

function append4(a: readonly number[], p: number, t: number, l: number, k: number): number[] {
  const n = a.length;
  const out = new Array<number>(n + 4);
  for (let i = 0; i < n; i++) out[i] = a[i]!;
  out[n] = p; out[n + 1] = t; out[n + 2] = l; out[n + 3] = k;
  return out;
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/** Draws a token from the bag (counts mutated): 1..4 sheep, or WOLF + 1 for a wolf (which stays in the bag). */
function drawToken(rng: RngState, bag: number[]): number {
  let total = 0;
  for (const c of bag) total += c;
  let r = randInt(rng, total);
  for (let i = 0; i < bag.length; i++) {
    if (r < bag[i]!) {
      if (i === WOLF) return WOLF + 1;
      bag[i]!--;
      return i + 1;
    }
    r -= bag[i]!;
  }
  throw new Error('empty bag');
}

/** Applies a listed action (the engine's `applyListed` checked it against `legalActions`: no rule is re-derived here). */
export function performAction(s: CarcState, role: Role, a: CarcAction): CarcState {
  const p = ROLES.indexOf(role);
  switch (a.type) {
    case 'place': return place(s, p, a);
    case 'follower': case 'shepherd': return deploy(s, p, a);
    case 'skip': return afterDeploy(copyState(s), boardOf(s.tiles));
    case 'grow': case 'drive': return tend(s, p, a);
  }
}

/**
 * Why an action the legal list refused is illegal: the rule it breaks, as a precise RuleError for the
 * player (consulted only after the refusal, never to decide legality).
 */
export function explainIllegal(s: CarcState, role: Role, a: unknown): RuleError | null {
  const why = (code: string, msg: string): RuleError => new RuleError(code, msg);
  if (s.phase === 'over') return why(RULE.gameOver, 'the game is over');
  if (ROLES.indexOf(role) !== s.turn) return why(RULE.notYourTurn, `it is ${ROLES[s.turn]}'s turn`);
  const p = s.turn;
  if (typeof a !== 'object' || a === null || Array.isArray(a) || typeof (a as { type?: unknown }).type !== 'string') return why(RULE.malformed, 'an action is an object with a type');
  const x = a as Record<string, unknown> & { type: string };
  const fields = Object.keys(x).length;
  switch (x.type) {
    case 'place': {
      if (s.phase !== 'place') return why(RULE.wrongPhase, 'the tile is already placed');
      if (!isInt(x.x) || !isInt(x.y) || !isInt(x.rot) || fields !== 4) return why(RULE.malformed, 'place needs integer x, y and rot, nothing else');
      const tt = TILES[s.current]!;
      if (!tt.rotations.includes(x.rot)) return why(RULE.badRotation, `rotation ${x.rot} is not one of ${tt.rotations.join(', ')} for this tile`);
      return why(RULE.noFit, `the tile does not fit at (${x.x}, ${x.y}) with rotation ${x.rot}`);
    }
    case 'follower': case 'shepherd': {
      if (s.phase !== 'deploy') return why(RULE.wrongPhase, 'figures are deployed right after placing a tile');
      if (!isInt(x.feature) || fields !== 2) return why(RULE.malformed, `${x.type} needs an integer feature`);
      const board = boardOf(s.tiles);
      const tt = TILES[board.ttype[board.n - 1]!]!;
      if (x.feature < 0 || x.feature >= tt.features.length) return why(RULE.noSuchFeature, `the tile has no feature ${x.feature}`);
      const kind = tt.features[x.feature]!.kind;
      if (x.type === 'follower') {
        if (s.supply[p] === 0) return why(RULE.noFollower, 'no follower left in your supply');
        if (kind === FIELD && !s.opts.farmers) return why(RULE.noFarmers, 'farmers are not in play');
        return why(RULE.occupied, 'that feature already has a follower');
      }
      if (!s.opts.hs || shepherdOnBoard(s.meeples, p)) return why(RULE.shepherdBusy, 'your shepherd is not in your supply');
      if (kind !== FIELD) return why(RULE.notField, 'a shepherd goes on a field');
      return why(RULE.shepherdThere, 'that field already has a shepherd');
    }
    case 'skip':
      if (s.phase !== 'deploy') return why(RULE.wrongPhase, 'nothing to skip now');
      return why(RULE.malformed, 'skip takes no arguments');
    case 'grow': case 'drive':
      if (s.phase !== 'flock') return why(RULE.wrongPhase, 'you may tend your flock only after extending its field');
      return why(RULE.malformed, `${x.type} takes no arguments`);
    default:
      return why(RULE.malformed, `unknown action type ${String(x.type)}`);
  }
}

function place(s: CarcState, p: number, a: { x: number; y: number; rot: number }): CarcState {
  const tt = TILES[s.current]!;
  const tiles = append(s.tiles, packPlacement(s.current, a.rot, a.x, a.y));
  const board = advanceBoard(s.tiles, tiles);
  const t = board.n - 1;
  const d = copyState(s);
  d.tiles = tiles; d.current = -1; d.phase = 'deploy';
  d.events.push({ e: 'place', p, tile: tt.def.id });
  if (tt.hill) {
    d.hills = append(s.hills, t);
    if (s.pile.length > 0) {
      d.under = append(s.under, s.pile[s.pile.length - 1]!);
      d.pile = s.pile.slice(0, -1);
      d.draws = s.draws + 1;
      d.events.push({ e: 'hill', p });
    } else {
      d.under = append(s.under, -1);
    }
  }
  // Tending: the new tile extends a field holding this player's shepherd. A tile that closes the field
  // extends it too, so the choice comes first and the closure then stables what is left (docs: Closed fields).
  let tending = false;
  if (s.opts.hs) {
    const root = shepherdRoot(board, p, s.meeples);
    if (root >= 0) {
      for (let l = 0; l < tt.features.length; l++) {
        if (tt.features[l]!.kind === FIELD && board.find(t * MAXF + l) === root) { tending = true; break; }
      }
    }
  }
  d.tending = tending;
  if (!canDeploy(d, board)) return afterDeploy(d, board);
  return d;
}

function deploy(s: CarcState, p: number, a: { type: 'follower' | 'shepherd'; feature: number }): CarcState {
  const board = boardOf(s.tiles);
  const t = board.n - 1;
  const tt = TILES[board.ttype[t]!]!;
  const kind = tt.features[a.feature]!.kind;
  const d = copyState(s);
  if (a.type === 'follower') {
    d.meeples = append4(s.meeples, p, t, a.feature, 0);
    d.supply = s.supply.slice();
    d.supply[p]!--;
    d.events.push({ e: 'follower', p, kind: KIND_NAMES[kind]! });
    return afterDeploy(d, board);
  }
  d.events.push({ e: 'shepherd', p });
  const rng = s.rng.slice() as RngState;
  const bag = s.bag.slice();
  const tok = drawToken(rng, bag);
  d.rng = rng; d.bag = bag; d.draws = s.draws + 1;
  if (tok === WOLF + 1) {
    d.events.push({ e: 'wolf', p, ps: [p] });
  } else {
    d.meeples = append4(s.meeples, p, t, a.feature, 1);
    d.flocks = s.flocks.slice();
    d.flocks[p] = [tok];
    d.events.push({ e: 'sheep', p, n: tok });
  }
  return afterDeploy(d, board);
}

function tend(s: CarcState, p: number, a: { type: 'grow' | 'drive' }): CarcState {
  const board = boardOf(s.tiles);
  const root = shepherdRoot(board, p, s.meeples);
  const d = copyState(s);
  d.flocks = s.flocks.slice(); d.bag = s.bag.slice();
  if (a.type === 'drive') {
    d.scores = s.scores.slice();
    d.meeples = endFlock(board, root, s.meeples, d.flocks, d.bag, d.scores, d.events, 'stable', p);
  } else {
    const rng = s.rng.slice() as RngState;
    const tok = drawToken(rng, d.bag);
    d.rng = rng; d.draws = s.draws + 1;
    if (tok === WOLF + 1) {
      d.meeples = endFlock(board, root, s.meeples, d.flocks, d.bag, null, d.events, 'wolf', p);
    } else {
      d.flocks[p] = append(s.flocks[p]!, tok);
      d.events.push({ e: 'sheep', p, n: tok });
    }
  }
  return endTurn(d, board);
}

/** After the deployment step: the flock choice when due, else the end of the turn. `d` is a fresh draft. */
function afterDeploy(d: CarcState, board: Board): CarcState {
  if (d.tending && shepherdOnBoard(d.meeples, d.turn)) {
    d.phase = 'flock';
    return d;
  }
  return endTurn(d, board);
}

/** Scores what the last tile completed, then passes the turn and draws. `d` is a fresh draft (its arrays may be shared with the input state). */
function endTurn(d: CarcState, board: Board): CarcState {
  const t = board.n - 1;
  const tt = TILES[board.ttype[t]!]!;
  const events: GameEvent[] = d.events;
  let meeples = d.meeples;
  let scores: number[] | null = null;
  let supply: number[] | null = null;
  const seen: number[] = [];
  for (let l = 0; l < tt.features.length; l++) {
    const kind = tt.features[l]!.kind;
    if (kind === CLOISTER) continue;
    const root = board.find(t * MAXF + l);
    if (board.open[root] !== 0 || seen.includes(root)) continue;
    seen.push(root);
    if (kind === CITY || kind === ROAD) {
      if (!hasFigure(board, root, meeples, 0)) continue;
      scores ??= d.scores.slice();
      supply ??= d.supply.slice();
      scoreSet(d, board, root, kind, true, meeples, scores, events);
      meeples = returnFollowers(board, root, meeples, supply);
    } else if (d.opts.hs && hasFigure(board, root, meeples, 1)) {
      // A field closed on every side: its flock goes to the stable at once.
      scores ??= d.scores.slice();
      const flocks = d.flocks.slice(), bag = d.bag.slice();
      meeples = endFlock(board, root, meeples, flocks, bag, scores, events, 'stable', -1);
      d.flocks = flocks; d.bag = bag;
    }
  }
  for (const c of board.cloistersAround(t)) {
    if (board.neighbours8(c) !== 8) continue;
    const root = board.find(c * MAXF + board.cloisterLocal(c));
    if (!hasFigure(board, root, meeples, 0)) continue;
    scores ??= d.scores.slice();
    supply ??= d.supply.slice();
    scoreSet(d, board, root, CLOISTER, true, meeples, scores, events);
    meeples = returnFollowers(board, root, meeples, supply);
  }
  d.meeples = meeples;
  if (scores) d.scores = scores;
  if (supply) d.supply = supply;
  d.tending = false;
  // Next player draws.
  let cur = -1;
  const top = d.pile.length > 0 ? d.pile[d.pile.length - 1]! : -1;
  if (top >= 0 && board.canPlace(top)) {
    // The usual case: the top tile fits.
    cur = top;
    d.pile = d.pile.slice(0, -1);
  } else {
    const pile = d.pile.slice();
    const disc = d.discarded.slice();
    cur = drawFitting(board, pile, disc, events);
    d.pile = pile;
    d.discarded = disc;
  }
  d.draws = d.draws + 1;
  if (cur < 0) {
    d.current = -1;
    d.phase = 'over';
    const fs = d.scores.slice();
    events.push({ e: 'final' });
    finalScoring(d, board, fs, events);
    d.scores = fs;
    events.push({ e: 'end' });
    releaseBoard(d.tiles);
    return d;
  }
  d.turn = (d.turn + 1) % d.players;
  d.current = cur;
  d.phase = 'place';
  events.push({ e: 'draw', p: d.turn, tile: TILES[cur]!.def.id });
  return d;
}

function hasFigure(board: Board, root: number, m: readonly number[], kind: 0 | 1): boolean {
  for (let i = 0; i < m.length; i += 4) if (m[i + 3] === kind && board.find(m[i + 1]! * MAXF + m[i + 2]!) === root) return true;
  return false;
}
