/**
 * Carcassonne (+ Hills & Sheep) as an engine Game.
 */
import { RuleError, defineGame, shuffleInPlace, withRefusalRule, withRules, type WhyTarget, type Game, type LogLine, type Outcome, type Prompt, type Rng, type Role, type RngState, type SetupOptions } from '@tabula/engine';
import { actionList, explainIllegal, listedActions, performAction, type CarcAction } from './rules.js';
import { ROLES, copyState, playerCount, setupState, variantSpecs, type CarcState, type GameEvent } from './state.js';
import { TILES } from './tiles.js';
import { carcassonneRules } from './rule-ids.js';
import { whyNotSpot } from './why-spot.js';
import { viewOf, type CarcView } from './view.js';

function outcomeOf(s: CarcState): Outcome | null {
  if (s.phase !== 'over') return null;
  const roles = ROLES.slice(0, s.players);
  let best = -Infinity;
  for (const v of s.scores) if (v > best) best = v;
  const scores: Record<Role, number> = {};
  roles.forEach((r, i) => { scores[r] = s.scores[i]!; });
  return { winners: roles.filter((_, i) => s.scores[i] === best), scores, reason: 'final-scoring' };
}

/** Re-deals what nobody can see: the draw pile order and the tiles under the hills, and the RNG. */
function determinizeState(s: CarcState, _viewer: Role, rng: Rng): CarcState {
  const hidden = [...s.pile];
  for (const t of s.under) if (t >= 0) hidden.push(t);
  shuffleInPlace(rng.state, hidden);
  const pile = hidden.slice(0, s.pile.length);
  let k = s.pile.length;
  const under = s.under.map((t) => (t >= 0 ? hidden[k++]! : -1));
  const state: RngState = [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32() | 1];
  const d = copyState(s);
  d.pile = pile; d.under = under; d.rng = state; d.events = s.events;
  return d;
}

function roleName(s: CarcState, p: number | undefined): string | null {
  return p === undefined || p < 0 ? null : ROLES[p]! ?? null;
}

/** The players of a scoring as a list of roles (the client joins it per language) and their number, for plurals. */
function playerList(ps: number[] | undefined): { players: string[]; count: number } {
  const players = (ps ?? []).map((p) => ROLES[p]!);
  return { players, count: players.length };
}

function eventLine(s: CarcState, e: GameEvent): LogLine | null {
  const who = roleName(s, e.p);
  switch (e.e) {
    case 'score':
      return { role: null, key: e.complete ? 'log.score' : 'log.finalScore', args: { ...playerList(e.ps), points: e.pts ?? 0, feature: e.kind ?? '', reason: e.why ?? '' } };
    case 'discard': return { role: null, key: 'log.discard', args: { tile: e.tile ?? '' } };
    case 'draw': return { role: who, key: 'log.draw', args: { tile: e.tile ?? '' } };
    case 'hill': return { role: who, key: 'log.hillUnder' };
    case 'sheep': return { role: who, key: 'log.sheep', args: { count: e.n ?? 0 } };
    case 'wolf': return { role: who, key: 'log.wolf', args: { ...playerList(e.ps) } };
    case 'stable': return { role: who, key: e.p === -1 ? 'log.stableClosed' : 'log.stable', args: { ...playerList(e.ps), points: e.pts ?? 0 } };
    case 'follower': return { role: who, key: 'log.follower', args: { feature: e.kind ?? '' } };
    case 'shepherd': return { role: who, key: 'log.shepherd' };
    case 'place': return { role: who, key: 'log.place', args: { tile: e.tile ?? '' } };
    case 'final': return { role: null, key: 'log.finalScoring' };
    case 'end': return { role: null, key: 'log.gameOver' };
    default: return null;
  }
}

function describeAction(_prev: CarcState, next: CarcState, role: Role, action: CarcAction): LogLine[] {
  const out: LogLine[] = [];
  if (action.type === 'place') {
    const placed = next.tiles.length;
    out.push({ role, key: 'log.placeAt', args: { tile: TILES[_prev.current]?.def.id ?? '', x: action.x, y: action.y, rot: action.rot, n: placed } });
  } else if (action.type === 'skip') out.push({ role, key: 'log.skip' });
  else if (action.type === 'grow') out.push({ role, key: 'log.grow' });
  else if (action.type === 'drive') out.push({ role, key: 'log.drive' });
  for (const e of next.events) {
    if (e.e === 'place') continue;
    const line = eventLine(next, e);
    if (line) out.push(line);
  }
  return out;
}

/**
 * "Why can't I?" for a feature of the tile just placed ("x,y#feature"): why no follower and no shepherd may go
 * on it now (2.3, 5.2: a follower already along it, none left in supply, farmers off, the shepherd's own rules).
 */
function whyNotFeature(s: CarcState, role: Role, feature: number) {
  if (s.phase === 'deploy' && listedActions(s, role).some((a) => (a.type === 'follower' || a.type === 'shepherd') && a.feature === feature)) return null;
  const e = explainIllegal(s, role, { type: 'follower', feature });
  return e && withRefusalRule(e, carcassonneRules);
}

function promptOf(s: CarcState): Prompt {
  if (s.phase === 'place') return { key: 'prompt.place', args: { tile: TILES[s.current]?.def.id ?? null } };
  return { key: `prompt.${s.phase}` };
}

export const carcassonneGame: Game<CarcState, CarcAction, CarcView> = defineGame<CarcState, CarcAction, CarcView>({
  id: 'carcassonne',
  // Change whenever the same log may now give a different state or log lines (stored snapshots are rebuilt).
  version: '2',
  scenarios: ['standard'],
  players: { min: 2, max: 5, default: 2 },
  variants: variantSpecs,
  roles(options: SetupOptions): Role[] {
    return ROLES.slice(0, playerCount(options));
  },
  setup: setupState,
  active(s: CarcState): Role[] {
    return s.phase === 'over' ? [] : [ROLES[s.turn]!];
  },
  actions: actionList,
  listed: listedActions,
  perform: performAction,
  explain: explainIllegal,
  rules: carcassonneRules,
  whyNot(s: CarcState, role: Role, target: WhyTarget) {
    // A tile spot "x,y" where the tile in hand cannot go: the cell, its neighbours and the tile's edges say why.
    const f = target.kind === 'spot' ? /^(-?\d+),(-?\d+)#(\d+)$/.exec(target.id) : null;
    if (f) return whyNotFeature(s, role, Number(f[3]));
    const m = target.kind === 'spot' ? /^(-?\d+),(-?\d+)$/.exec(target.id) : null;
    if (!m) return null;
    const x = Number(m[1]), y = Number(m[2]);
    if (s.phase === 'place' && listedActions(s, role).some((a) => a.type === 'place' && a.x === x && a.y === y)) return null;
    if (ROLES.indexOf(role) !== s.turn || s.phase === 'over') {
      const e = explainIllegal(s, role, { type: 'skip' });
      return e && withRefusalRule(e, carcassonneRules);
    }
    const why = whyNotSpot(s, x, y);
    return why && withRefusalRule(new RuleError(why.code, `The tile cannot go at (${x}, ${y}) (${why.code}).`, why.args), carcassonneRules);
  },
  prompt: promptOf,
  view: viewOf,
  outcome: outcomeOf,
  determinize: determinizeState,
  undoBarrier(prev: CarcState, next: CarcState): boolean {
    return prev.draws !== next.draws;
  },
  describe(prev: CarcState, next: CarcState, role: Role, action: CarcAction): LogLine[] {
    return withRules(describeAction(prev, next, role, action), carcassonneRules);
  },
});
