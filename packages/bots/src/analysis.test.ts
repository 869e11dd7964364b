import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, isDeepStrictEqual, type AnyGame, type DecisionAnalysis, type LogEntry, type Role } from '@tabula/engine';
import { DEFAULT_ANALYSIS_ITERATIONS, MISTAKE_THRESHOLD, analyseDecision, analyseGame, analysisIterations, markMistakes } from './analysis.js';
import { GAME_IDS, MANIFESTS, getGame } from '@tabula/games';
import { randomBot } from './random.js';
import { goofspiel, hiddenWar, ticTacToe, type GoofState, type WarState } from './testgames.test-support.js';

/** A seeded random playout of a test game, as a log. */
function randomLog(game: AnyGame, seed: string): LogEntry[] {
  const rng = new Rng(`log:${seed}`);
  const out: LogEntry[] = [];
  let s = game.setup({ seed });
  for (;;) {
    const role = game.active(s).find((r: Role) => game.actions(s, r).length > 0);
    if (role === undefined) return out;
    const action = randomBot.choose(game, s, role, rng);
    out.push({ role, action });
    s = game.apply(s, role, action);
  }
}

test('analysis: the same game, seed and budget give the same analysis; another seed searches differently', () => {
  const log = randomLog(hiddenWar, 'repro');
  const opts = { seed: 'g1', iterations: 200, knowledge: null };
  const a = analyseGame(hiddenWar, { seed: 'repro' }, log, opts);
  const b = analyseGame(hiddenWar, { seed: 'repro' }, log, opts);
  assert.ok(a.decisions.length >= 3, `only ${a.decisions.length} decisions`);
  assert.deepEqual(a, b);
  const c = analyseGame(hiddenWar, { seed: 'repro' }, log, { ...opts, seed: 'g2' });
  assert.ok(!isDeepStrictEqual(a.decisions, c.decisions), 'the seed did not reach the search: reproducibility is not shown');
});

test('analysis: forced actions are not decisions; progress counts every logged action', () => {
  const log = randomLog(goofspiel, 'forced');
  const seen: number[] = [];
  const a = analyseGame(goofspiel, { seed: 'forced' }, log, { seed: 's', iterations: 50, knowledge: null, onProgress: (d) => seen.push(d) });
  assert.deepEqual(seen, log.map((_, i) => i + 1));
  // the last bid of each side is forced (one card left)
  assert.equal(a.decisions.length, log.length - 2);
  assert.ok(a.decisions.every((d) => d.choices >= 2));
});

test('analysis: missing an immediate win in tic-tac-toe is marked as a mistake, with the winning square as the alternative', () => {
  // x: 0, 1; o: 3, 4; x plays 8 instead of 2, o then wins at 5
  const log: LogEntry[] = [0, 3, 1, 4, 8, 5].map((a, i) => ({ role: i % 2 ? 'o' : 'x', action: a }));
  const a = analyseGame(ticTacToe, { seed: 't' }, log, { seed: 'ttt', iterations: 600, knowledge: null });
  const blunder = a.decisions.find((d) => d.index === 4)!;
  assert.equal(blunder.role, 'x');
  assert.equal(blunder.best, 2);
  assert.ok(blunder.loss >= 0.5, `loss ${blunder.loss}`);
  assert.ok(a.mistakes.includes(4));
  // o's winning move is the bot's own choice: no loss
  const win = a.decisions.find((d) => d.index === 5)!;
  assert.equal(win.best, null);
  assert.equal(win.loss, 0);
  assert.ok(!a.mistakes.includes(5));
});

test('analysis: mistakes are at most three a role, the largest losses, each at least the threshold', () => {
  const d = (index: number, role: Role, loss: number): DecisionAnalysis =>
    ({ index, role, loss, choices: 2, before: 0.5, after: 0.5 - loss, taken: 0, best: 1, visits: 1 });
  const list = [d(0, 'a', 0.3), d(1, 'b', 0.2), d(2, 'a', 0.5), d(3, 'a', 0.4), d(4, 'a', 0.35), d(5, 'b', MISTAKE_THRESHOLD / 2), d(6, 'b', MISTAKE_THRESHOLD)];
  assert.deepEqual(markMistakes(list), [1, 2, 3, 4, 6]);
});

test('analysis: a role\'s figures never depend on the other role\'s hidden cards (hidden war, re-dealt)', () => {
  let compared = 0, redealt = 0;
  for (let g = 0; g < 4; g++) {
    const seed = `hidden${g}`;
    const log = randomLog(hiddenWar, seed);
    let s: WarState = hiddenWar.setup({ seed });
    for (let i = 0; i < log.length; i++) {
      const { role, action } = log[i]!;
      // the same position with every card `role` cannot see dealt again
      const other: WarState = hiddenWar.determinize(s, role, new Rng(`redeal${g}:${i}`));
      assert.deepEqual(hiddenWar.view(other, role), hiddenWar.view(s, role));
      if (!isDeepStrictEqual(other, s)) redealt++;
      const opts = { seed, iterations: 200, knowledge: null };
      const a = analyseDecision(hiddenWar, s, role, action, i, opts);
      const b = analyseDecision(hiddenWar, other, role, action, i, opts);
      assert.deepEqual(b, a, `game ${g}, decision ${i}`);
      if (a) compared++;
      s = hiddenWar.apply(s, role, action as number);
    }
  }
  assert.ok(compared >= 12 && redealt >= 8, `${compared} decisions compared, ${redealt} re-dealt`);
});

test('analysis: the opponent\'s sealed bid does not change a role\'s figures (goofspiel); a cheating search would', () => {
  const base: GoofState = goofspiel.setup({ seed: 'sealed' });
  const cheating: AnyGame = { ...goofspiel, determinize: (s: GoofState) => s };
  const fair = new Set<string>(), cheat = new Set<string>();
  for (const bid of [1, 3, 5]) {
    const s: GoofState = goofspiel.apply(base, 'b', bid);
    const opts = { seed: 'x', iterations: 300, knowledge: null };
    fair.add(JSON.stringify(analyseDecision(goofspiel, s, 'a', 2, 1, opts)));
    cheat.add(JSON.stringify(analyseDecision(cheating, s, 'a', 2, 1, opts)));
  }
  assert.equal(fair.size, 1);
  assert.ok(cheat.size > 1, 'the cheating control ignored the bid: this test could not fail');
});

test('analysis: in HACSE, Hammer and Carcassonne a re-deal of what the acting side cannot see gives the same figures', () => {
  let changed = 0;
  for (const id of ['hacse', 'hammer-of-the-scots', 'carcassonne']) {
    const game = getGame(id)!;
    const setup = { seed: `redeal-${id}` };
    const rng = new Rng(`walk:${id}`);
    let s = game.setup(setup);
    for (let step = 0, checked = 0; checked < 3 && step < 200; step++) {
      const role = game.active(s).find((r: Role) => game.actions(s, r).length > 0);
      if (role === undefined) break;
      const action = randomBot.choose(game, s, role, rng);
      if (step % 7 === 3 && game.actions(s, role).length > 1) {
        const other = game.determinize(s, role, new Rng(`redeal:${step}`));
        assert.deepEqual(game.view(other, role), game.view(s, role));
        if (!isDeepStrictEqual(other, s)) changed++;
        const opts = { seed: 'real', iterations: 30 };
        assert.deepEqual(analyseDecision(game, other, role, action, step, opts), analyseDecision(game, s, role, action, step, opts), `${id}, action ${step}`);
        checked++;
      }
      s = game.apply(s, role, action);
    }
  }
  assert.ok(changed >= 6, `only ${changed} positions were re-dealt differently`);
});

test('the analysis budget of each shipped game is its manifest\'s, and a game without a manifest gets the default', () => {
  for (const id of GAME_IDS) assert.equal(analysisIterations(id), MANIFESTS[id].analysisIterations, id);
  assert.equal(analysisIterations('no-such-game'), DEFAULT_ANALYSIS_ITERATIONS);
});
