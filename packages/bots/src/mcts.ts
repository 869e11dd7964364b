import { RuleCodes, RuleError, type AnyGame, type Outcome, type Role, type Rng } from '@tabula/engine';
import type { Bot } from './bot.js';
import { hashString } from './hash.js';
import { knowledgeFor, leafWeightOf, type Knowledge } from './knowledge/index.js';

/**
 * Information-set Monte Carlo tree search over the generic `Game` contract.
 *
 * A tree node is an information set: the role to act plus that role's `view` of the state (hashed).
 * Each iteration samples one world with `determinize(state, me, rng)` and walks it; inside that
 * sampled world any call is fair, since the world is the bot's own guess. Keying nodes by the
 * acting role's view means:
 * - the bot's own nodes merge every world it cannot tell apart (no strategy fusion across its guesses);
 * - an opponent's node cannot depend on what that opponent cannot see, e.g. a card the bot chose
 *   face down in a simultaneous step, so hidden and simultaneous choices are not "seen" in the tree;
 * - each role maximises its own reward (multi-player, from `outcome()` winners and scores).
 * Edges carry availability counts (ISMCTS) for the rare case that legal actions differ inside a node.
 */
export interface MctsOptions {
  name: string;
  /** Iteration budget per decision: deterministic for a given rng. */
  iterations?: number;
  /** Time budget per decision in milliseconds (checked with performance.now(); the search itself stops at 90% of it). */
  timeMs?: number;
  /** With a time budget: at least this many iterations however long they take (analysis: never shallower than its fixed budget). */
  minIterations?: number;
  /** UCB exploration constant for rewards in [0, 1]. */
  exploration?: number;
  /** Knowledge to use; default: the one registered for `game.id`; null: none (pure random rollouts). */
  knowledge?: Knowledge | null;
  /** Overrides the knowledge's rollout depth. */
  rolloutDepth?: number;
  /** Keep the transposition table between decisions of the same game (default true). */
  reuse?: boolean;
  /** Table size above which it is cleared before a decision (default 300k nodes). */
  maxNodes?: number;
  /** Hard cap on rollout length when playing to the end. */
  maxRolloutActions?: number;
  /**
   * Stop early once the most visited root action leads the next by more visits than the rest of the
   * budget could give (for a time budget: the iterations the time left allows at the mean rate so far).
   * The move is then the one the whole budget would choose; only the table kept for later decisions
   * is smaller. Default off (fixed-budget bots stay reproducible with their earlier games).
   */
  settle?: boolean;
  /**
   * Evaluate the node each iteration expands and mix it into what the iteration backs up, with the
   * weight the knowledge gives (`Knowledge.leafEval`; none: off). Costs one evaluation per iteration.
   */
  evaluateLeaves?: boolean;
}

interface Edge {
  action: unknown;
  n: number;
  w: number;
  avail: number;
}

interface Node {
  role: Role;
  n: number;
  edges: Map<string, Edge>;
}

export interface SearchStats {
  iterations: number;
  ms: number;
  nodes: number;
  /** Sampled worlds whose legal actions for the bot differed in number from the real ones (a game bug: should be 0). */
  mismatches: number;
  /** Root edges: action, visits, mean reward for the bot. */
  root: { action: unknown; n: number; mean: number }[];
  /** The search stopped before its budget because the choice could no longer change (`settle`). */
  settled: boolean;
}

/**
 * Reward of `role` in [0, 1]: its share of the win (no winners: 1/2 each), blended 90/10 with its
 * score rank between the lowest and highest score when the outcome has scores.
 */
export function outcomeReward(outcome: Outcome, role: Role): number {
  const w = outcome.winners.length;
  const win = w === 0 ? 0.5 : outcome.winners.includes(role) ? 1 / w : 0;
  const scores = outcome.scores;
  if (!scores) return win;
  let lo = Infinity, hi = -Infinity;
  for (const v of Object.values(scores)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
  const rank = hi > lo ? ((scores[role] ?? lo) - lo) / (hi - lo) : 0.5;
  return 0.9 * win + 0.1 * rank;
}

function actorOf(game: AnyGame, state: unknown, k: Knowledge | undefined): { role: Role; actions: unknown[] } | null {
  const active: Role[] = game.active(state);
  for (const r of active) {
    const acts: unknown[] = game.actions(state, r);
    if (acts.length > 0) return { role: r, actions: k?.prune ? k.prune(state, r, acts) : acts };
  }
  return null;
}

/** Keys of frozen action objects (the games list interned, frozen actions: one string each, made once). */
const frozenKeys = new WeakMap<object, string>();

/** An action's edge key: its JSON (cached for frozen objects, which cannot change). */
export function actionKey(a: unknown): string {
  if (typeof a !== 'object' || a === null || !Object.isFrozen(a)) return JSON.stringify(a);
  let k = frozenKeys.get(a);
  if (k === undefined) {
    k = JSON.stringify(a);
    frozenKeys.set(a, k);
  }
  return k;
}

/** How often (in iterations) a settling search checks whether its choice can still change. */
const SETTLE_CHECK_EVERY = 16;

/** Visits by which the most visited of the given root edges leads the next one (edges not yet tried count 0). */
function leadOfBest(root: Node, keys: Set<string>): number {
  let first = 0, second = 0;
  for (const [key, e] of root.edges) {
    if (!keys.has(key)) continue;
    if (e.n > first) { second = first; first = e.n; } else if (e.n > second) second = e.n;
  }
  return first - second;
}

export class MctsBot implements Bot {
  readonly name: string;
  private readonly opts: MctsOptions;
  private table = new Map<number, Node>();
  private tableGame = '';
  /** Statistics of the last search (for tests and benchmarks). */
  last: SearchStats | null = null;

  constructor(opts: MctsOptions) {
    if (!opts.iterations && !opts.timeMs) throw new Error('MctsBot needs an iteration or a time budget');
    this.opts = opts;
    this.name = opts.name;
  }

  private infoKey(game: AnyGame, k: Knowledge | undefined, state: unknown, role: Role): number {
    const key = k?.infoKey ? k.infoKey(state, role) : JSON.stringify(game.view(state, role));
    return hashString(`${role}\u0000${key}`);
  }

  choose(game: AnyGame, state: unknown, role: Role, rng: Rng): unknown {
    const all: unknown[] = game.actions(state, role);
    if (all.length === 0) throw new RuleError(RuleCodes.notYourTurn, `${role} has no legal action`);
    const k = this.opts.knowledge === undefined ? knowledgeFor(game.id) : (this.opts.knowledge ?? undefined);
    const legal = k?.prune ? k.prune(state, role, all) : all;
    if (legal.length === 1) {
      this.last = { iterations: 0, ms: 0, nodes: this.table.size, root: [{ action: legal[0], n: 0, mean: 0 }], mismatches: 0, settled: false };
      return legal[0];
    }
    const t0 = performance.now();
    const c = this.opts.exploration ?? k?.exploration ?? 0.7;
    const fixedDepth = k?.evaluate ? (this.opts.rolloutDepth ?? (typeof k.rolloutDepth === 'number' ? k.rolloutDepth : undefined)) : Infinity;
    const depthFor = (s: unknown): number =>
      fixedDepth ?? (typeof k!.rolloutDepth === 'function' ? k!.rolloutDepth(s) : 40);
    const maxRollout = this.opts.maxRolloutActions ?? 5000;
    const leafWeight = this.opts.evaluateLeaves && k?.evaluate ? leafWeightOf(k, role) : 0;
    const reuse = this.opts.reuse ?? true;
    if (!reuse || this.tableGame !== game.id || this.table.size > (this.opts.maxNodes ?? 300_000)) this.table = new Map();
    this.tableGame = game.id;
    const table = this.table;
    const r = rng.fork();
    const rootKey = this.infoKey(game, k, state, role);
    // The loop stops at 90% of the time budget: the rest is slack for the last iteration running
    // longer than the mean, the work after the loop and a busy machine's scheduling.
    const deadline = this.opts.timeMs ? t0 + 0.9 * this.opts.timeMs : Infinity;
    const maxIter = this.opts.iterations ?? Infinity;
    const minIter = this.opts.minIterations ?? 0;
    const rolloutPick = (s: unknown, actor: Role, acts: unknown[]): unknown =>
      k?.rollout ? k.rollout(game, s, actor, acts, r) : acts[r.int(acts.length)];

    const base = k?.canonical ? k.canonical(game, state, role) : state;
    if (!table.has(rootKey)) table.set(rootKey, { role, n: 0, edges: new Map() });
    const rootNode = table.get(rootKey)!;
    const legalKeys = this.opts.settle ? new Set(legal.map(actionKey)) : null;
    let it = 0, mismatches = 0, settled = false;
    const pathNodes: Node[] = [];
    const pathEdges: Edge[] = [];
    let loopStart = 0;
    for (;;) {
      if (it >= maxIter) break;
      if (deadline !== Infinity) {
        const now = performance.now();
        if (it === 0) loopStart = now;
        // stop when the next iteration would likely overrun (mean iteration time so far)
        else if (it >= minIter && now + (now - loopStart) / it >= deadline) break;
      }
      if (legalKeys && it > 0 && it % SETTLE_CHECK_EVERY === 0) {
        const now = deadline === Infinity ? 0 : performance.now();
        const timeLeft = deadline === Infinity ? Infinity : (deadline - now) * it / (now - loopStart);
        if (leadOfBest(rootNode, legalKeys) > Math.min(maxIter - it, timeLeft)) { settled = true; break; }
      }
      it++;
      let s: unknown = game.determinize(base, role, r);
      pathNodes.length = 0;
      pathEdges.length = 0;
      let inTree = true;
      let first = true;
      let steps = 0;
      let treeSteps = 0;
      let depthLimit = Infinity;
      let leafEv: Record<Role, number> | null = null;
      for (;;) {
        let actor: Role, acts: unknown[];
        if (first) {
          actor = role;
          acts = game.actions(s, role);
          if (k?.prune) acts = k.prune(s, role, acts);
        } else {
          const a = actorOf(game, s, k);
          if (!a) break;
          actor = a.role;
          acts = a.actions;
        }
        let action: unknown;
        if (first && acts.length !== legal.length) mismatches++;
        if (inTree && acts.length === 1 && !first) {
          action = acts[0];
        } else if (inTree) {
          // A position that repeats with the same information key (passes back and forth) is a cycle in the
          // table: every node on it exists, so the walk would never leave the tree. Bound it like a rollout.
          if (++treeSteps > maxRollout) break;
          const key = first ? rootKey : this.infoKey(game, k, s, actor);
          let node = table.get(key);
          if (!node) {
            node = { role: actor, n: 0, edges: new Map() };
            table.set(key, node);
            inTree = false; // expand one node per iteration, then roll out
            depthLimit = depthFor(s);
            if (leafWeight > 0 && !game.outcome(s)) leafEv = k!.evaluate!(game, s);
          }
          const edge = this.select(node, acts, c, s, actor, rolloutPick);
          pathNodes.push(node);
          pathEdges.push(edge);
          action = edge.action;
        } else {
          // every rollout action counts toward the depth limit, forced ones too
          if (steps >= depthLimit || steps >= maxRollout) break;
          action = acts.length === 1 ? acts[0] : rolloutPick(s, actor, acts);
          steps++;
        }
        first = false;
        s = game.apply(s, actor, action);
      }
      const o: Outcome | null = game.outcome(s);
      const ev = !o && k?.evaluate && steps >= depthLimit ? k.evaluate(game, s) : null;
      for (let i = 0; i < pathNodes.length; i++) {
        const node = pathNodes[i]!, edge = pathEdges[i]!;
        node.n++;
        edge.n++;
        const end = o ? outcomeReward(o, node.role) : ev ? (ev[node.role] ?? 0.5) : 0.5;
        edge.w += leafEv ? (1 - leafWeight) * end + leafWeight * (leafEv[node.role] ?? 0.5) : end;
      }
    }
    let best: Edge | null = null;
    const rootStats: SearchStats['root'] = [];
    for (const a of legal) {
      const e = rootNode.edges.get(actionKey(a));
      if (!e) continue;
      rootStats.push({ action: a, n: e.n, mean: e.n ? e.w / e.n : 0 });
      if (!best || e.n > best.n || (e.n === best.n && e.w > best.w)) best = e;
    }
    this.last = { iterations: it, ms: performance.now() - t0, nodes: table.size, root: rootStats, mismatches, settled };
    if (!reuse) this.table = new Map();
    // Return the caller's own action object (the legal list of the real state).
    const chosen = best ? actionKey(best.action) : actionKey(legal[0]);
    return legal.find((a) => actionKey(a) === chosen) ?? legal[0];
  }

  private select(node: Node, acts: unknown[], c: number, s: unknown, actor: Role,
    rolloutPick: (s: unknown, actor: Role, acts: unknown[]) => unknown): Edge {
    const untried: Edge[] = [];
    const avail: Edge[] = [];
    for (const a of acts) {
      const key = actionKey(a);
      let e = node.edges.get(key);
      if (!e) { e = { action: a, n: 0, w: 0, avail: 0 }; node.edges.set(key, e); }
      e.avail++;
      if (e.n === 0) untried.push(e);
      else avail.push(e);
    }
    if (untried.length > 0) {
      if (untried.length === 1) return untried[0]!;
      // Expand the untried action the rollout policy prefers (random without knowledge).
      const pick = rolloutPick(s, actor, untried.map((e) => e.action));
      return untried.find((e) => e.action === pick) ?? untried[0]!;
    }
    let best = avail[0]!, bestScore = -Infinity;
    for (const e of avail) {
      const score = e.w / e.n + c * Math.sqrt(Math.log(Math.max(1, e.avail)) / e.n);
      if (score > bestScore) { bestScore = score; best = e; }
    }
    return best;
  }
}
