/** The Game object: the engine contract over the state machine. */
import { RuleError, RuleCodes, defineGame, explainByKind, withRefusalRule, withRules, type Game, type LogLine, type Outcome, type Role } from '@tabula/engine';
import { ROLES } from './blocks.js';
import { phaseOf } from './flow.js';
import { clone, setLogging, type LogEv, type State } from './state.js';
import { SCENARIOS, VARIANTS, setupState } from './setup.js';
import { activeRoles, buildView } from './view.js';
import { determinize } from './determinize.js';
import { remember } from './memory.js';
import type { Action, HammerView } from './types.js';
// Each module registers its phases and steps.
import './movement.js';
import './battle.js';
import './events.js';
import './turn.js';
import './winter.js';
import './main-attack.js';
import { advance } from './flow.js';
import { promptOf } from './prompt.js';
import { whyNotArea } from './movement.js';
import { whyNotCard, whyNotInStep } from './why-not.js';
import { AREA_IDS, areaOf } from './map.js';
import { BLOCK_IDS, SIDE } from './blocks.js';
import { HAMMER_ACTION_RULES, hammerRules } from './rule-ids.js';

/** Log events the game itself makes happen, not either side: shown without a side. */
const GAME_EVENTS: ReadonlySet<string> = new Set(['log.cards', 'log.battle', 'log.round', 'log.battle-won', 'log.winter', 'log.year', 'log.edward-ii', 'log.game-over']);

const sideOf = (role: Role): number => (role === 'England' ? 0 : role === 'Scotland' ? 1 : -1);

/** The last listed actions (callers list, then apply to the same state object). */
let cacheState: State | null = null;
let cacheSide = -1;
let cacheActs: Action[] = [];

function legal(s: State, side: number): Action[] {
  if (s.result || side < 0) return [];
  if (s.phase === 'cards' ? s.card[side] !== 0 : s.who !== side) return [];
  if (s === cacheState && side === cacheSide) return cacheActs;
  const phase = phaseOf(s.phase);
  const acts = phase ? phase.actions(s, side) : [];
  cacheState = s;
  cacheSide = side;
  cacheActs = acts;
  return acts;
}

/** Events replayed for `describe`, by the state the action produced. */
const replayed = new WeakMap<State, LogEv[]>();

/**
 * The log events of the action prev -> next. Play records none (see `logging` in state.ts), so the
 * action is applied again to `prev` with logging on; apply is deterministic (the RNG is in the state),
 * so this replays exactly what happened. A state that carries its events (recorded while logging)
 * gives them directly.
 */
function eventsOf(prev: State, next: State, role: Role, action: Action): LogEv[] {
  if (next.last.length > 0) return next.last;
  let ev = replayed.get(next);
  if (ev === undefined) {
    setLogging(true);
    try {
      ev = hammerGame.apply(prev, role, action).last;
    } catch {
      ev = [];
    } finally {
      setLogging(false);
    }
    replayed.set(next, ev);
  }
  return ev;
}

export function start(options: Parameters<typeof setupState>[0]): State {
  const s = setupState(options);
  s.todo = ['cards'];
  advance(s);
  s.last = [];
  return s;
}

export const hammerGame: Game<State, Action, HammerView> = defineGame<State, Action, HammerView>({
  id: 'hammer-of-the-scots',
  // Change whenever the same log may now give a different state or log lines (stored snapshots are rebuilt).
  version: '3',
  scenarios: [...SCENARIOS],
  variants: VARIANTS,
  roles: () => [...ROLES],
  setup: start,
  active: activeRoles,
  actions(s, role) {
    return legal(s, sideOf(role)).slice(); // callers may keep or sort their copy
  },
  listed: (s, role) => legal(s, sideOf(role)),
  perform(s, role, action) {
    const n = clone(s);
    phaseOf(s.phase)!.apply(n, sideOf(role), action);
    remember(s, n, action);
    return n;
  },
  rules: hammerRules,
  explain: explainByKind(HAMMER_ACTION_RULES),
  whyNot(s, role, target) {
    const side = sideOf(role);
    if (side < 0) return null;
    const refuse = (code: string, args: Record<string, string>) => withRefusalRule(new RuleError(code, `Not possible with ${target.id} now (${code}).`, args), hammerRules);
    if (target.kind === 'card') {
      const card = Number(target.id);
      if (!Number.isInteger(card) || legal(s, side).some((a) => a.type === 'card' && a.card === card)) return null;
      const why = whyNotCard(s, side, card);
      return why && refuse(why.code, why.args ?? {});
    }
    // A block of one's own on the map answers for its area (an enemy block's id is never shown).
    const b = target.kind === 'block' ? BLOCK_IDS.indexOf(target.id) : -1;
    const own = b >= 0 && SIDE[b] === side && s.loc[b]! < AREA_IDS.length ? b : -1;
    const area = target.kind === 'area' ? target.id : own >= 0 ? AREA_IDS[s.loc[own]!]! : null;
    if (area === null || !AREA_IDS.includes(area)) return null;
    if (!activeRoles(s).includes(role)) return withRefusalRule(new RuleError(RuleCodes.notYourTurn, 'It is not your turn.', { area }), hammerRules);
    // Something legal to do with the thing: nothing to explain.
    if (legal(s, side).some((a) => Object.values(a).includes(target.id) || Object.values(a).includes(area))) return null;
    const move = whyNotArea(s, side, areaOf(area));
    if (move !== null) return refuse(move, { area });
    const why = whyNotInStep(s, side, areaOf(area), own);
    return why && refuse(why.code, { area, ...why.args });
  },
  prompt: (s) => promptOf(s),
  view: buildView,
  turnCount: (s) => s.turn,
  outcome(s): Outcome | null {
    return s.result ? { winners: s.result.winners.slice(), reason: s.result.reason } : null;
  },
  determinize(s, viewer, rng) {
    return determinize(s, sideOf(viewer), rng);
  },
  undoBarrier(prev, next) {
    return prev.rev !== next.rev || next.result !== null;
  },
  describe(prev, next, role, action, viewer): LogLine[] {
    const v = viewer === null ? -2 : sideOf(viewer);
    const out: LogLine[] = [];
    for (const e of eventsOf(prev, next, role, action)) {
      if (e.to !== -1 && e.to !== v) continue;
      // A line about one side ("England is Player 1") is that side's line, whoever's action produced it;
      // what the game itself does (cards revealed, a battle or round begins, the year turns) is no one's.
      const side = e.args?.side;
      const who = GAME_EVENTS.has(e.key) ? null : side === 'England' || side === 'Scotland' ? side : role;
      out.push(e.args ? { role: who, key: e.key, args: { ...e.args } } : { role: who, key: e.key });
    }
    return withRules(out, hammerRules);
  },
});
