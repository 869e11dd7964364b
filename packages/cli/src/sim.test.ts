import { createHash } from 'node:crypto';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RuleError, randInt, seedRng, indexOfAction, type Game, type RngState } from '@tabula/engine';
import { getGame, register, listGames } from '@tabula/games';
import { registerBot, type Bot } from '@tabula/bots';
import { seatsFor, gameSeed, gameRecord, simulate, makeTasks, runTask } from './sim.js';
import { parseVariant } from './variants.js';

// A three-seat race game for the CLI's own tests: each turn the active seat rolls 1-3 and moves;
// the first to 10 wins. Variant "goal" changes the distance.
interface Race { pos: number[]; turn: number; goal: number; rng: RngState }
const race: Game<Race, { type: 'roll' } | { type: 'boom' }, { pos: number[]; turn: number }> = {
  id: 'cli-test-race',
  scenarios: ['standard', 'short'],
  players: { min: 2, max: 3, default: 3 },
  roles: (o) => ['r0', 'r1', 'r2'].slice(0, o.players ?? 3),
  prompt: () => ({ key: 'prompt.move' }),
  setup: (o) => ({ pos: new Array(o.players ?? 3).fill(0), turn: 0, goal: Number(o.variants?.goal ?? (o.scenario === 'short' ? 5 : 10)), rng: seedRng(o.seed) }),
  active: (s) => (s.pos.some((p) => p >= s.goal) ? [] : [`r${s.turn}`]),
  actions: (s, r) => (r === `r${s.turn}` && !s.pos.some((p) => p >= s.goal) ? [{ type: 'roll' }, ...(s.goal === 99 ? [{ type: 'boom' as const }] : [])] : []),
  apply(s, r, a) {
    if (indexOfAction(race.actions(s, r), a) < 0) throw new RuleError('illegal-action', 'no');
    if ((a as { type: string }).type === 'boom') throw new Error('engine bug');
    const rng: RngState = [...s.rng];
    const pos = [...s.pos];
    pos[s.turn]! += randInt(rng, 3) + 1;
    return { ...s, pos, rng, turn: (s.turn + 1) % s.pos.length };
  },
  view: (s) => ({ pos: s.pos, turn: s.turn }),
  outcome: (s) => (s.pos.some((p) => p >= s.goal) ? { winners: [`r${s.pos.findIndex((p) => p >= s.goal)}`], reason: 'finish' } : null),
  determinize: (s) => s,
};
if (!listGames().some((g) => g.id === race.id)) register(race);
const slowBot: Bot = { name: 'first', choose: (g, s, r) => g.actions(s, r)[0] };
registerBot('first', () => slowBot);

test('tabula sim: seats rotate from game to game so each bot plays every role', () => {
  assert.deepEqual(seatsFor(['a', 'b'], ['x', 'y'], 0), { a: 'x', b: 'y' });
  assert.deepEqual(seatsFor(['a', 'b'], ['x', 'y'], 1), { a: 'y', b: 'x' });
  assert.deepEqual(seatsFor(['a', 'b', 'c'], ['x'], 5), { a: 'x', b: 'x', c: 'x' });
  assert.equal(gameSeed('7', 3), '7:3');
});

test('tabula sim: wins count by role when all bots are the same', async () => {
  const r = await simulate({ game: race.id, games: 30, seed: 's', bots: ['random'], workers: 1 });
  assert.deepEqual(Object.keys(r.wins).sort(), ['r0', 'r1', 'r2']);
  assert.equal(Object.values(r.wins).reduce((a, b) => a + b, 0) + r.draws, 30);
  assert.equal(r.errors.length, 0);
  assert.ok(r.meanActions > 3);
  assert.equal(r.scenario, 'standard');
  for (const w of Object.values(r.winRates)) assert.ok(w.low <= w.rate && w.rate <= w.high);
});

test('tabula sim: wins count by bot name when the bots differ', async () => {
  const r = await simulate({ game: race.id, players: 2, games: 20, seed: 's', bots: ['random', 'first'], workers: 1 });
  assert.deepEqual(Object.keys(r.wins).sort(), ['first', 'random']);
  assert.ok(r.decisionMs?.first);
  // per bot and role: each bot sat in each role in half the games, and its wins there add up to its total
  for (const bot of ['first', 'random']) {
    const roles = r.byRole?.[bot];
    assert.ok(roles);
    assert.deepEqual(Object.values(roles).map((e) => e.games), [10, 10]);
    assert.equal(Object.values(roles).reduce((a, e) => a + e.wins, 0), r.wins[bot]);
  }
  // r0 moves first in this race, so the winner's role matters: the split is not just half of the total
  const r0Wins = r.byRole!.first!.r0!.wins + r.byRole!.random!.r0!.wins;
  const r1Wins = r.byRole!.first!.r1!.wins + r.byRole!.random!.r1!.wins;
  assert.equal(r0Wins + r1Wins + r.draws, 20);
  // per bot in the first seat: 10 games each, and the wins in them add up to each bot's total
  assert.deepEqual([r.byFirstSeat!.first!.games, r.byFirstSeat!.random!.games], [10, 10]);
  for (const bot of ['first', 'random']) assert.equal((r.byFirstSeat!.first!.wins[bot] ?? 0) + (r.byFirstSeat!.random!.wins[bot] ?? 0), r.wins[bot]);
});

test('tabula sim: same seed, same results; another seed, other games', async () => {
  const a = await simulate({ game: race.id, games: 25, seed: 'x', bots: ['random'], workers: 1 });
  const b = await simulate({ game: race.id, games: 25, seed: 'x', bots: ['random'], workers: 1 });
  const c = await simulate({ game: race.id, games: 25, seed: 'y', bots: ['random'], workers: 1 });
  assert.deepEqual(a.wins, b.wins);
  assert.equal(a.meanActions, b.meanActions);
  assert.ok(a.meanActions !== c.meanActions || JSON.stringify(a.wins) !== JSON.stringify(c.wins));
});

test('tabula sim: scenario, players and variants reach the game', async () => {
  const short = await simulate({ game: race.id, scenario: 'short', games: 10, seed: 'v', bots: ['random'], workers: 1 });
  const long = await simulate({ game: race.id, variants: { goal: 30 }, games: 10, seed: 'v', bots: ['random'], workers: 1 });
  assert.ok(long.meanActions > 2 * short.meanActions);
  const tasks = makeTasks({ game: race.id, players: 2, games: 2, seed: 'p', bots: ['random'], workers: 1 });
  assert.deepEqual(Object.keys(tasks[0]!.seats), ['r0', 'r1']);
  await assert.rejects(simulate({ game: race.id, scenario: 'nope', games: 1, seed: 'v', bots: ['random'], workers: 1 }), /Unknown scenario/);
  await assert.rejects(simulate({ game: race.id, games: 1, seed: 'v', bots: ['nobody'], workers: 1 }), /Unknown bot/);
});

test('tabula sim: a game that throws is recorded with its seed and action index and the run continues', async () => {
  const boomBot: Bot = { name: 'boom', choose: (g, s, r) => g.actions(s, r).at(-1) };
  registerBot('boom', () => boomBot);
  const r = await simulate({ game: race.id, variants: { goal: 99 }, games: 3, seed: 'e', bots: ['boom'], workers: 1 });
  assert.equal(r.errors.length, 3);
  assert.deepEqual(r.errors[0], { game: 0, seed: 'e:0', actionIndex: 0, message: 'engine bug' });
});

test('tabula sim: a run in parts (--first) plays the same games, seats and results as one run, and each game is recorded as it ends', async () => {
  const whole: Record<string, unknown>[] = [], parts: Record<string, unknown>[] = [];
  const keep = (into: Record<string, unknown>[]) => (i: number, g: Parameters<typeof gameRecord>[1]): void => { into.push(gameRecord(i, g)); };
  const all = await simulate({ game: race.id, players: 2, games: 12, seed: 'parts', bots: ['random', 'first'], workers: 1, onGame: keep(whole) });
  const a = await simulate({ game: race.id, players: 2, games: 5, seed: 'parts', bots: ['random', 'first'], workers: 1, onGame: keep(parts) });
  const b = await simulate({ game: race.id, players: 2, games: 7, first: 5, seed: 'parts', bots: ['random', 'first'], workers: 1, onGame: keep(parts) });
  const strip = (r: Record<string, unknown>): Record<string, unknown> => ({ ...r, decisions: undefined });
  const byGame = (x: Record<string, unknown>[]): Record<string, unknown>[] => x.map(strip).sort((p, q) => Number(p.game) - Number(q.game));
  assert.deepEqual(byGame(parts), byGame(whole));
  assert.deepEqual(whole.map((r) => r.game), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  assert.equal(b.first, 5);
  assert.deepEqual(whole[5]!.seats, { r0: 'first', r1: 'random' }, 'game 5 seats the bots as in the whole run');
  for (const bot of ['first', 'random']) assert.equal((a.wins[bot] ?? 0) + (b.wins[bot] ?? 0), all.wins[bot]);
  await assert.rejects(simulate({ game: race.id, games: 1, first: -1, seed: 'v', bots: ['random'], workers: 1 }), /first game number/);
});

test('--variant KEY=VALUE decodes numbers, booleans and JSON', () => {
  assert.deepEqual(parseVariant('goal=5'), ['goal', 5]);
  assert.deepEqual(parseVariant('hills=false'), ['hills', false]);
  assert.deepEqual(parseVariant('decks={"axis":"de-early"}'), ['decks', { axis: 'de-early' }]);
  assert.deepEqual(parseVariant('end=1314'), ['end', 1314]);
  assert.deepEqual(parseVariant('mode=delayed'), ['mode', 'delayed']);
  assert.throws(() => parseVariant('novalue'), /KEY=VALUE/);
});

test('tabula sim: V8 flags per game (Carcassonne runs with V8\'s defaults, the others inline only small functions); TABULA_SIM_V8_FLAGS replaces them', async () => {
  const { shortRunFlags, SHORT_RUN_FLAGS } = await import('./jit.js');
  assert.equal(shortRunFlags('carcassonne', {}), '');
  assert.equal(shortRunFlags('hammer-of-the-scots', {}), SHORT_RUN_FLAGS);
  assert.equal(shortRunFlags('hacse', {}), SHORT_RUN_FLAGS);
  assert.equal(shortRunFlags('carcassonne', { TABULA_SIM_V8_FLAGS: '--max-inlined-bytecode-size=30' }), '--max-inlined-bytecode-size=30');
  assert.equal(shortRunFlags('hammer-of-the-scots', { TABULA_SIM_V8_FLAGS: '' }), '');
});

// Ends every turn at once (HACSE): the front never moves, so the game stops moving (A21) after 20 rounds.
const enderBot: Bot = { name: 'ender', choose: (g, s, r) => g.actions(s, r).find((a: { type?: string }) => a.type === 'end') ?? g.actions(s, r)[0] };
registerBot('ender', () => enderBot);

test('tabula sim: bots that reach a stalled game (Game.stalled) end it as a draw by agreement, counted apart', async () => {
  const r = await simulate({ game: 'hacse', games: 2, seed: 'stall', bots: ['ender'], workers: 1 });
  assert.deepEqual([r.draws, r.agreedDraws, r.reasons], [2, 2, { agreed: 2 }]);
  assert.deepEqual(r.longest, { actions: 40, turns: 41 }, '20 full rounds of ended turns, then the offer before turn 41\'s move');
  const race3 = await simulate({ game: race.id, games: 5, seed: 's', bots: ['random'], workers: 1 });
  assert.equal(race3.agreedDraws, 0, 'a game without the hook never stalls');
});

test('tabula sim: a game reports its turns through Game.turnCount (Hammer: the spectator view\'s turn), Carcassonne none', async () => {
  const hammer = await simulate({ game: 'hammer-of-the-scots', scenario: 'braveheart', games: 2, seed: 'turns', bots: ['random'], workers: 1 });
  assert.equal(hammer.errors.length, 0);
  assert.ok((hammer.longest.turns ?? 0) >= 1, 'Hammer counts its turns');
  const game = getGame('hammer-of-the-scots')!;
  const s = game.setup({ seed: 'turns', scenario: 'braveheart' });
  assert.equal(game.turnCount?.(s), (game.view(s, null) as { turn: number }).turn);
  const carc = await simulate({ game: 'carcassonne', games: 2, seed: 'turns', bots: ['random'], workers: 1 });
  assert.equal(carc.longest.turns, undefined);
});

// The final scores of 300 seeded random 2-player games: a change to the engine's speed must leave them alone
// (a rules change that alters them updates the digest on purpose).
test('tabula sim: random 2-player Carcassonne games with seed 1 end with the same final scores', () => {
  const hash = createHash('sha256');
  for (const t of makeTasks({ game: 'carcassonne', games: 300, seed: '1', bots: ['random'], workers: 1 })) {
    const g = runTask(t);
    hash.update(`${t.index}:${JSON.stringify(g.outcome?.scores)}:${g.actions}\n`);
  }
  assert.equal(hash.digest('hex').slice(0, 16), '4995324e417e19e7');
});
