import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual, type AnyGame, type Role } from '@tabula/engine';
import { checkConformance } from '@tabula/engine/conformance';
import { MctsBot, outcomeReward, actionKey, type MctsOptions } from './mcts.js';
import { createBot } from './registry.js';
import { levelIterations } from './levels.js';
import { randomBot } from './random.js';
import { playGame, wilson } from './selfplay.js';
import type { Bot } from './bot.js';
import { ends, goofspiel, hiddenWar, ticTacToe, type EndsState, type GoofState, type TttState, type WarState } from './testgames.test-support.js';

const mcts = (iterations: number, extra: Partial<ConstructorParameters<typeof MctsBot>[0]> = {}): MctsBot =>
  new MctsBot({ name: `mcts@${iterations}`, iterations, knowledge: null, ...extra });

/** Plays `games` games of a two-seat game, alternating seats; returns the bot's wins. */
function match(game: AnyGame, bot: Bot, opp: Bot, games: number): { wins: number; losses: number } {
  let wins = 0, losses = 0;
  const roles: Role[] = game.roles({ seed: 'x' });
  for (let i = 0; i < games; i++) {
    const seats: Record<Role, Bot> = {};
    roles.forEach((r, j) => { seats[r] = j === i % roles.length ? bot : opp; });
    const g = playGame(game, { seed: `m${i}` }, seats);
    assert.equal(g.error, undefined, g.error?.message);
    const mine = roles[i % roles.length]!;
    if (g.outcome!.winners.length === 1) {
      if (g.outcome!.winners[0] === mine) wins++;
      else losses++;
    }
  }
  return { wins, losses };
}

test('the test games are sound (conformance kit)', () => {
  for (const g of [ticTacToe, hiddenWar, goofspiel, ends] as AnyGame[]) {
    checkConformance(g, { setups: [{}], playouts: 8 });
  }
});

test('outcome reward: win shared among winners, draw 1/2, scores blend 10% rank', () => {
  assert.equal(outcomeReward({ winners: ['a'], reason: '' }, 'a'), 1);
  assert.equal(outcomeReward({ winners: ['a'], reason: '' }, 'b'), 0);
  assert.equal(outcomeReward({ winners: [], reason: '' }, 'b'), 0.5);
  assert.equal(outcomeReward({ winners: ['a', 'b'], reason: '' }, 'b'), 0.5);
  assert.equal(outcomeReward({ winners: ['a'], scores: { a: 10, b: 0, c: 5 }, reason: '' }, 'c'), 0.05);
});

test('tic-tac-toe: takes an immediate win and blocks an immediate loss', () => {
  // x: 0,1 ; o: 3,4 ; x to move -> 2 wins
  const win: TttState = { board: ['x', 'x', null, 'o', 'o', null, null, null, null], turn: 'x' };
  assert.equal(mcts(400).choose(ticTacToe, win, 'x', new Rng('t')), 2);
  // x: 0,4 ; o: 6 ; o to move must block the diagonal at 8
  const block: TttState = { board: ['x', null, null, null, 'x', null, 'o', null, null], turn: 'o' };
  assert.equal(mcts(400).choose(ticTacToe, block, 'o', new Rng('t')), 8);
});

test('tic-tac-toe: 2000 iterations never lose to random and draw against themselves', () => {
  const r = match(ticTacToe, mcts(2000), randomBot, 20);
  assert.equal(r.losses, 0);
  assert.ok(r.wins >= 16, `wins ${r.wins}/20`);
  for (let i = 0; i < 4; i++) {
    const g = playGame(ticTacToe, { seed: `self${i}` }, { x: mcts(2000), o: mcts(2000) });
    assert.deepEqual(g.outcome!.winners, [], `self-play game ${i} was won`);
  }
});

test('goofspiel (simultaneous sealed bids): beats random clearly', () => {
  const n = 40;
  const r = match(goofspiel, mcts(300), randomBot, n);
  const [low] = wilson(r.wins, n);
  assert.ok(low > 0.6, `wins ${r.wins}/${n}, Wilson low ${low.toFixed(2)}`);
});

test('hidden war (hidden hands): beats random clearly', () => {
  const n = 60;
  const r = match(hiddenWar, mcts(300), randomBot, n);
  const [low] = wilson(r.wins, n);
  // a game of luck: the bar is "clearly better than a coin flip" (the Wilson interval excludes 1/2)
  assert.ok(low > 0.5, `wins ${r.wins}/${n}, Wilson low ${low.toFixed(2)}`);
});

test('ends (three players, scores): wins far more than a third against two random bots', () => {
  let wins = 0;
  const n = 30;
  for (let i = 0; i < n; i++) {
    const roles = ['p1', 'p2', 'p3'];
    const mine = roles[i % 3]!;
    const seats: Record<Role, Bot> = {};
    for (const r of roles) seats[r] = r === mine ? mcts(300) : randomBot;
    const g = playGame(ends, { seed: `e${i}` }, seats);
    if (g.outcome!.winners.length === 1 && g.outcome!.winners[0] === mine) wins++;
  }
  const [low] = wilson(wins, n);
  assert.ok(low > 0.5, `wins ${wins}/${n}`);
});

test('fairness: states that differ only in what the seat cannot see give the same decision (hidden war)', () => {
  let differing = 0;
  for (let i = 0; i < 12; i++) {
    // play a few random actions, then ask the player to move
    let s = hiddenWar.setup({ seed: `f${i}` });
    const rng = new Rng(`walk${i}`);
    for (let k = 0; k < i % 4; k++) {
      const role = hiddenWar.active(s)[0]!;
      s = hiddenWar.apply(s, role, randomBot.choose(hiddenWar, s, role, rng) as number);
    }
    const me = hiddenWar.active(s)[0]!;
    const other: WarState = hiddenWar.determinize(s, me, new Rng(`other${i}`));
    assert.deepEqual(hiddenWar.view(other, me), hiddenWar.view(s, me));
    if (!isDeepStrictEqual(other, s)) differing++;
    const a = mcts(200).choose(hiddenWar, s, me, new Rng('same'));
    const b = mcts(200).choose(hiddenWar, other, me, new Rng('same'));
    assert.deepEqual(a, b, `position ${i}`);
  }
  assert.ok(differing >= 8, `only ${differing} positions had different hidden cards`);

});

test('fairness: a sealed simultaneous bid of the opponent does not change the decision (goofspiel)', () => {
  const base: GoofState = goofspiel.setup({ seed: 'g' });
  const decisions = new Set<string>(), cheats = new Set<string>();
  // control: the same search on a game whose determinize returns the true state (a cheat) does react to the bid
  const cheating: AnyGame = { ...goofspiel, determinize: (s: GoofState) => s };
  for (const bid of [1, 3, 5]) {
    const s: GoofState = goofspiel.apply(base, 'b', bid);
    decisions.add(JSON.stringify(mcts(300).choose(goofspiel, s, 'a', new Rng('same'))));
    cheats.add(JSON.stringify(mcts(300).choose(cheating, s, 'a', new Rng('same'))));
  }
  assert.equal(decisions.size, 1);
  assert.ok(cheats.size > 1, 'the cheating control ignored the bid: this test could not fail');
});

test('iteration budget: deterministic for a seed, and runs exactly that many iterations', () => {
  const s = goofspiel.setup({ seed: 'd' });
  const b1 = mcts(150), b2 = mcts(150);
  assert.deepEqual(b1.choose(goofspiel, s, 'a', new Rng('z')), b2.choose(goofspiel, s, 'a', new Rng('z')));
  assert.equal(b1.last!.iterations, 150);
  assert.deepEqual(b1.last!.root, b2.last!.root);
});

test('time budget with a floor: at least minIterations are searched even when the time is long gone', () => {
  const bot = new MctsBot({ name: 't', timeMs: 0.001, minIterations: 400, iterations: 450, knowledge: null });
  bot.choose(hiddenWar, hiddenWar.setup({ seed: 'floor' }), 'a', new Rng('f'));
  assert.ok(bot.last!.iterations >= 400 && bot.last!.iterations <= 450, String(bot.last!.iterations));
});

test('time budget: stops near the budget (generous slack: the test machine is shared)', () => {
  const bot = new MctsBot({ name: 't', timeMs: 60, knowledge: null });
  const s = hiddenWar.setup({ seed: 'time' });
  const t0 = performance.now();
  bot.choose(hiddenWar, s, 'a', new Rng('t'));
  const ms = performance.now() - t0;
  assert.ok(ms < 60 + 250, `took ${ms} ms`);
  assert.ok(bot.last!.iterations > 5);
  assert.ok(bot.last!.ms <= ms);
});

test('tree reuse: a bot keeps playing legal moves over a whole game and its table grows', () => {
  const bot = mcts(200, { reuse: true });
  const g = playGame(goofspiel, { seed: 'reuse' }, { a: bot, b: randomBot });
  assert.equal(g.error, undefined);
  assert.ok(bot.last!.nodes > 200);
});

test('levels are registered by name; NAME@N fixes the iteration budget', () => {
  for (const name of ['mcts-easy', 'mcts-medium', 'mcts-hard']) assert.equal(createBot(name).name, name);
  const b = createBot('mcts-hard@120') as MctsBot;
  assert.equal(b.name, 'mcts-hard@120');
  b.choose(goofspiel, goofspiel.setup({ seed: 'l' }), 'a', new Rng('l'));
  assert.equal(b.last!.iterations, 120);
  assert.throws(() => createBot('mcts-hard@zero'));
  assert.throws(() => createBot('nope'));
});

test('levels at their time budgets: easy and medium stop at their iteration budgets (100, 400) when time is left, hard searches for its time and more', () => {
  const s = goofspiel.setup({ seed: 'cap' });
  const searched = (name: string): { iterations: number; ms: number; settled: boolean } => {
    const bot = createBot(name) as MctsBot;
    bot.choose(goofspiel, s, 'a', new Rng('cap'));
    return { iterations: bot.last!.iterations, ms: bot.last!.ms, settled: bot.last!.settled };
  };
  const easy = searched('mcts-easy'), medium = searched('mcts-medium'), hard = searched('mcts-hard');
  // Goofspiel searches thousands of iterations in 80 ms even on a busy machine; a cap reached ends the search
  // early, and so does a choice that can no longer change (settle).
  for (const [level, r] of [['mcts-easy', easy], ['mcts-medium', medium]] as const) {
    assert.ok(r.iterations === levelIterations[level] || (r.settled && r.iterations < levelIterations[level]!), `${level} ${JSON.stringify(r)}`);
  }
  assert.ok(medium.ms < 250 && hard.ms <= 800, `${medium.ms} ${hard.ms}`);
  assert.ok(hard.iterations > medium.iterations || hard.settled, `hard ${hard.iterations} vs medium ${medium.iterations}`);
});

test('settle: a search that stops early chooses what its whole budget would, in every position of whole games', () => {
  let settled = 0, decisions = 0, saved = 0;
  const games: [AnyGame, Role[]][] = [[ticTacToe, ['x', 'o']], [goofspiel, ['a', 'b']], [hiddenWar, ['a', 'b']]];
  for (const [game] of games) {
    for (let g = 0; g < 4; g++) {
      let state: unknown = game.setup({ seed: `settle${g}` });
      const rng = new Rng(`walk${g}`);
      for (let step = 0; step < 60 && !game.outcome(state); step++) {
        const role = game.active(state).find((r: Role) => game.actions(state, r).length > 0);
        if (role === undefined) break;
        const full = mcts(300, { reuse: false }), early = mcts(300, { reuse: false, settle: true });
        const a = full.choose(game, state, role, new Rng(`d${g}:${step}`));
        const b = early.choose(game, state, role, new Rng(`d${g}:${step}`));
        assert.deepEqual(b, a, `${game.id} game ${g} step ${step}`);
        if (full.last!.iterations > 0) {
          decisions++;
          assert.equal(full.last!.settled, false);
          if (early.last!.settled) { settled++; saved += 300 - early.last!.iterations; }
          else assert.equal(early.last!.iterations, 300);
        }
        const acts = game.actions(state, role);
        state = game.apply(state, role, acts[rng.int(acts.length)]);
      }
    }
  }
  assert.ok(settled > decisions / 4, `settled ${settled} of ${decisions}`);
  assert.ok(saved > 0);
});

test('settle: the hard level answers a clear choice (an immediate win) before its time is up', () => {
  const win: TttState = { board: ['x', 'x', null, 'o', 'o', null, null, null, null], turn: 'x' };
  const hard = createBot('mcts-hard') as MctsBot;
  assert.equal(hard.choose(ticTacToe, win, 'x', new Rng('t')), 2);
  assert.equal(hard.last!.settled, true);
  assert.ok(hard.last!.ms < 0.9 * 800, `${hard.last!.ms} ms`);
  const fixed = createBot('mcts-hard@2000') as MctsBot;
  fixed.choose(ticTacToe, win, 'x', new Rng('t'));
  assert.deepEqual([fixed.last!.settled, fixed.last!.iterations], [false, 2000]);
});

test('exploration: a knowledge may suggest the UCB constant; the bot option still wins over it', () => {
  const s = goofspiel.setup({ seed: 'c' });
  const spread = (bot: MctsBot): number => {
    bot.choose(goofspiel, s, 'a', new Rng('c'));
    const n = bot.last!.root.map((e) => e.n);
    return Math.max(...n) / n.reduce((x, y) => x + y, 0);
  };
  const greedy = spread(mcts(400, { knowledge: { exploration: 0.01 } }));
  const wide = spread(mcts(400, { knowledge: { exploration: 5 } }));
  const overridden = spread(mcts(400, { knowledge: { exploration: 0.01 }, exploration: 5 }));
  assert.ok(greedy > wide + 0.2, `most visited share ${greedy} vs ${wide}`);
  assert.equal(overridden, wide);
});

test('knowledge prune: a pruned action is never chosen nor searched, in the tree or in rollouts', () => {
  // tic-tac-toe where the knowledge forbids the winning square 2 everywhere: the bot must play elsewhere
  const win: TttState = { board: ['x', 'x', null, 'o', 'o', null, null, null, null], turn: 'x' };
  let calls = 0, seen2 = 0;
  const prune = (_s: unknown, _r: Role, acts: unknown[]): unknown[] => {
    calls++;
    const out = acts.filter((a) => a !== 2);
    if (out.length !== acts.length) seen2++;
    return out.length > 0 ? out : acts;
  };
  const rollout = (_g: AnyGame, _s: unknown, _r: Role, acts: unknown[], rng: Rng): unknown => {
    assert.ok(!acts.includes(2) || acts.length === 1, 'rollout offered a pruned action');
    return acts[rng.int(acts.length)];
  };
  const bot = mcts(300, { knowledge: { prune, rollout } });
  const a = bot.choose(ticTacToe, win, 'x', new Rng('p'));
  assert.notEqual(a, 2);
  assert.ok(calls > 300 && seen2 > 0);
  assert.ok(bot.last!.root.every((e) => e.action !== 2));
  // without the prune the same bot takes the win
  assert.equal(mcts(300).choose(ticTacToe, win, 'x', new Rng('p')), 2);
});

test('rollout depth given as a function of the leaf state: evaluation only at whole rounds (three players)', () => {
  // ends has one action per turn; the depth brings every rollout to a state where p1 is to move
  const evaluated: number[] = [];
  const knowledge = {
    rolloutDepth: (s: unknown): number => 3 + ((3 - (((s as EndsState).turn + 1) % 3)) % 3),
    evaluate: (_g: AnyGame, s: unknown): Record<Role, number> => {
      evaluated.push((s as EndsState).turn);
      return { p1: 0.5, p2: 0.5, p3: 0.5 };
    },
  };
  const s = ends.setup({ seed: 'depth' });
  mcts(200, { knowledge }).choose(ends, s, 'p1', new Rng('d'));
  assert.ok(evaluated.length > 50, `evaluated ${evaluated.length} times`);
  assert.ok(evaluated.every((t) => t % 3 === 0), `evaluated at turns ${[...new Set(evaluated)].join(',')}`);
});

/** The root statistics of a 300-iteration search for p1 at the start of `ends`, with the given options. */
function leafSearchRoot(opts: Partial<MctsOptions>): { n: number; mean: number }[] {
  const bot = mcts(300, opts);
  bot.choose(ends, ends.setup({ seed: 'leaf' }), 'p1', new Rng('leaf'));
  return bot.last!.root.map((e) => ({ n: e.n, mean: e.mean }));
}

test('leaf evaluation: a search that evaluates leaves backs up the knowledge\'s weighted estimate of each node it expands; other searches ignore the weight', () => {
  // rollouts play to the end (depth beyond any game of ends), so without leaf evaluation only outcomes count
  const evaluate = (): Record<Role, number> => ({ p1: 1, p2: 0, p3: 0 });
  const rootOf = leafSearchRoot;
  const plain = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000 } });
  const weightIgnored = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: 1 } });
  const notAsked = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000 }, evaluateLeaves: true });
  const full = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: 1 }, evaluateLeaves: true });
  const half = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: 0.5 }, evaluateLeaves: true });
  assert.deepEqual(weightIgnored, plain, 'a search that does not evaluate leaves ignores the weight');
  assert.deepEqual(notAsked, plain, 'no weight: no leaf evaluation');
  assert.ok(plain.every((e) => e.mean < 0.9), `outcomes alone: ${JSON.stringify(plain)}`);
  assert.ok(full.every((e) => e.mean > 0.99), `the estimate alone: ${JSON.stringify(full)}`);
  assert.ok(half.every((e) => e.mean >= 0.5 - 1e-9 && e.mean < 0.99), `half and half: ${JSON.stringify(half)}`);
});

test('leaf evaluation per role: a search uses the weight of the role it searches for, and a role given none searches as without leaf evaluation', () => {
  const evaluate = (): Record<Role, number> => ({ p1: 1, p2: 1, p3: 1 });
  const rootOf = leafSearchRoot;
  const plain = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000 } });
  const forP1 = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: { p1: 1, p2: 0 } }, evaluateLeaves: true });
  const forOthers = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: { p1: 0, p2: 1, p3: 1 } }, evaluateLeaves: true });
  const leftOut = rootOf({ knowledge: { evaluate, rolloutDepth: 10_000, leafEval: { p2: 1 } }, evaluateLeaves: true });
  assert.ok(forP1.every((e) => e.mean > 0.99), `p1's weight 1: the estimate alone: ${JSON.stringify(forP1)}`);
  assert.deepEqual(forOthers, plain, 'p1 weighted 0: the same search as without leaf evaluation');
  assert.deepEqual(leftOut, plain, 'p1 not named: weight 0');
});

test('edge keys: an action\'s key is its JSON; a frozen (interned) action\'s key is made once, an unfrozen one\'s follows its fields', () => {
  const frozen = Object.freeze({ type: 'to', area: 'fife' });
  assert.equal(actionKey(frozen), '{"type":"to","area":"fife"}');
  assert.equal(actionKey(frozen), actionKey(Object.freeze({ type: 'to', area: 'fife' })));
  const loose: { type: string; area: string } = { type: 'to', area: 'fife' };
  assert.equal(actionKey(loose), '{"type":"to","area":"fife"}');
  loose.area = 'mar';
  assert.equal(actionKey(loose), '{"type":"to","area":"mar"}', 'not cached: a changed object gets its new key');
  assert.equal(actionKey(3), '3');
});
