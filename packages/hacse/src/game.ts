/** The Game object registered as "hacse": dispatch by phase; legality is the engine's listed-action check. */
import { RuleCodes, RuleError, defineGame, explainByKind, withRefusalRule, withRules, type Game, type Outcome, type Prompt, type Role, type SetupOptions } from '@tabula/engine';
import { combatActions, combatActive, performCombat } from './combat.js';
import { determinizeState } from './determinize.js';
import { describeAction } from './log.js';
import { SCENARIOS, setupState, normalizeVariants, DEFAULT_TURN_LIMIT } from './setup.js';
import { cloneState, findUnit, isSide } from './state.js';
import { whyNotUnit } from './why-unit.js';
import {
  balanceActions, doctrineActions, effectActions, mainActions, payActions, performBalance, performDoctrine, performEffect, performMain, performPay,
  handCardRefusal,
} from './turn.js';
import { BUILTIN_DECKS } from './decks.js';
import { stoppedMoving } from './flow.js';
import type { HacseAction, HacseState, HacseView, Side } from './types.js';
import { viewState } from './view.js';
import { HACSE_ACTION_RULES, hacseRules } from './rule-ids.js';

const ROLES: Side[] = ['axis', 'allies'];

function activeSide(s: HacseState): Side | null {
  if (s.outcome) return null;
  if (s.phase === 'combat') return combatActive(s);
  return s.active;
}

export function legalActions(s: HacseState, role: Role): HacseAction[] {
  if (!isSide(role) || activeSide(s) !== role) return [];
  switch (s.phase) {
    case 'balance': return balanceActions();
    case 'doctrine': return doctrineActions(s, role);
    case 'main': return mainActions(s, role);
    case 'pay': return payActions(s, role);
    case 'effect': return effectActions(s, role);
    case 'combat': return combatActions(s, role);
    case 'over': return [];
  }
}

/**
 * The state this engine made last (by an action or a determinization), handed out as a value never to be
 * changed: only its legal actions are kept. Any other state (a stored one, a test position built or edited
 * by hand) is listed afresh each time.
 */
let lastMade: HacseState | null = null;
function made(s: HacseState): HacseState {
  lastMade = s;
  return s;
}

/**
 * The last listed actions: the bots and the server list, then apply to the same state object, and the
 * engine's check lists again. The fields compared besides the object guard against a state changed in
 * place anyway.
 */
let lastState: HacseState | null = null;
let lastRole: Role = '';
let lastPhase: HacseState['phase'] = 'over';
let lastTurn = -1;
let lastActionsLeft = -1;
let lastPending: HacseState['pending'] = null;
let lastCombat: HacseState['combat'] = null;
let lastStage = '';
let lastList: readonly HacseAction[] = [];

/** `role`'s legal actions without a copy (the engine's `listed`): read them, never keep or change them. */
export function listedHacse(s: HacseState, role: Role): readonly HacseAction[] {
  if (s !== lastMade) return legalActions(s, role);
  if (s === lastState && role === lastRole && s.phase === lastPhase && s.turn === lastTurn && s.actionsLeft === lastActionsLeft
    && s.pending === lastPending && s.combat === lastCombat && (s.combat?.stage ?? '') === lastStage) return lastList;
  const list = legalActions(s, role);
  lastState = s; lastRole = role; lastPhase = s.phase; lastTurn = s.turn; lastActionsLeft = s.actionsLeft;
  lastPending = s.pending; lastCombat = s.combat; lastStage = s.combat?.stage ?? '';
  lastList = list;
  return list;
}

/** Applies a listed action (the check is the engine's `applyListed`). */
function performAction(s: HacseState, role: Role, action: HacseAction): HacseState {
  const side = role as Side;
  const n = cloneState(s);
  switch (n.phase) {
    case 'balance': performBalance(n, action); break;
    case 'doctrine': performDoctrine(n, side, action); break;
    case 'main': performMain(n, side, action); break;
    case 'pay': performPay(n, side, action); break;
    case 'effect': performEffect(n, side, action); break;
    case 'combat': performCombat(n, side, action); break;
    default: throw new RuleError(RuleCodes.gameOver, 'The game is over.');
  }
  return made(n);
}

function promptOf(s: HacseState): Prompt {
  if (s.phase === 'combat' && s.combat) return { key: `prompt.combat-${s.combat.stage}` };
  return { key: `prompt.${s.phase}` };
}

export const hacseGame: Game<HacseState, HacseAction, HacseView> = defineGame<HacseState, HacseAction, HacseView>({
  id: 'hacse',
  // Change whenever the same log may now give a different state or log lines (stored snapshots are rebuilt).
  version: '3',
  scenarios: [...SCENARIOS],
  variants: [
    { key: 'decks', default: null, description: 'Decks per role: { axis?: <built-in deck id or deck file>, allies?: ... }; default per scenario: Germany / Soviet Union of the era.' },
    { key: 'axisDeck', default: 'auto', values: ['auto', ...Object.keys(BUILTIN_DECKS)], description: 'Built-in deck of the axis role (auto: Germany of the scenario\'s era); variants.decks.axis overrides it.' },
    { key: 'alliesDeck', default: 'auto', values: ['auto', ...Object.keys(BUILTIN_DECKS)], description: 'Built-in deck of the allies role (auto: Soviet Union of the scenario\'s era); variants.decks.allies overrides it.' },
    { key: 'earlyVsLate', default: 'choose', values: ['choose', 'none', 'doctrine', 'numbers'], description: 'Früh gegen Spät: balancing for an all-Early deck against a deck with Late cards: choose (the Early player picks in the game, as its first decision), or preset: none, doctrine (unlimited progress + one support card before the start), numbers (destroyed only at 7 damage).' },
    { key: 'autoReshuffle', default: false, values: [false, true], description: 'Old rule: an empty deck is refilled from the discard pile for free when drawing (default: it stays empty until the shuffle action).' },
    { key: 'armistice', default: false, values: [false, true], description: 'Not in the rules: after turnLimit turns (both players together) an armistice decides by the front die (Axis above 5, Allies below 5, draw at 5). Default: no turn limit, the game ends by breakthrough or annihilation only.' },
    { key: 'turnLimit', default: DEFAULT_TURN_LIMIT, description: 'With armistice on: the turns (both players together) before the armistice.' },
    { key: 'handLimit', default: false, values: [false, true], description: 'Not in the rules: no "draw a card" action with 10 or more cards in hand (the turn-start draw still happens).' },
  ],
  normalizeVariants,
  roles: () => [...ROLES],
  setup: (o: SetupOptions) => setupState(o),
  active: (s) => { const a = activeSide(s); return a ? [a] : []; },
  actions: (s, role) => listedHacse(s, role).slice(),
  listed: listedHacse,
  perform: performAction,
  prompt: promptOf,
  view: (s, viewer) => viewState(s, isSide(viewer) ? viewer : null),
  outcome: (s): Outcome | null => (s.outcome ? structuredClone(s.outcome) : null),
  // A21: the platform's draw offers ask this; the game never ends on it.
  stalled: (s) => stoppedMoving(s),
  turnCount: (s) => s.turn,
  determinize: (s, viewer, rng) => made(isSide(viewer) ? determinizeState(s, viewer, rng) : structuredClone(s)),
  undoBarrier: (prev, next) => prev.reveals !== next.reveals || prev.rng.some((x, i) => x !== next.rng[i]),
  describe: (prev, next, role, action, viewer) => (isSide(role) ? withRules(describeAction(prev, next, role, action, isSide(viewer) ? viewer : null), hacseRules) : []),
  rules: hacseRules,
  whyNot(s, role, target) {
    if (!isSide(role) || (target.kind !== 'card' && target.kind !== 'unit')) return null;
    const refuse = (code: string, args: Record<string, string>) => withRefusalRule(new RuleError(code, `${target.id}: not possible now (${code}).`, args), hacseRules);
    const named = (a: HacseAction) => Object.values(a).includes(target.id);
    if (target.kind === 'unit') {
      if (!findUnit(s, target.id)) return null;
      if (activeSide(s) !== role) return refuse(RuleCodes.notYourTurn, {});
      if (legalActions(s, role).some(named)) return null;
      const why = whyNotUnit(s, role, target.id);
      return why && refuse(why.code, why.args);
    }
    if (!s.players[role].hand.includes(target.id)) return null;
    if (activeSide(s) !== role) return refuse(RuleCodes.notYourTurn, { card: target.id });
    if (legalActions(s, role).some(named)) return null;
    const why = s.phase === 'main' ? handCardRefusal(s, role, target.id) : 'why-card-main-only';
    return why === null ? null : refuse(why, { card: target.id });
  },
  explain: explainByKind(HACSE_ACTION_RULES),
});

export { BUILTIN_DECKS };

/** Checked apply (kept for callers of the package API). */
export const applyAction = (s: HacseState, role: Role, action: HacseAction): HacseState => hacseGame.apply(s, role, action);
