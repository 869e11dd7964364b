import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hammerSimRows, median, REFERENCE_GAMES_PER_S } from './hammer-sim.js';

const run = (gamesPerSecond: number, meanActions: number): { gamesPerSecond: number; meanActions: number; wallS: number } => ({ gamesPerSecond, meanActions, wallS: 1 });

test('hammer-sim bench: medians per scenario, ratios against issue 20\'s reference figures, the mix timed as the sum of the three scenarios', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
  const rows = hammerSimRows({
    braveheart: [run(600, 650), run(630, 660), run(500, 640)],
    'the-bruce': [run(780, 700), run(700, 700), run(800, 700)],
    campaign: [run(200, 4000), run(197, 4000), run(150, 4000)],
  }, [run(1000, 650)]);
  assert.deepEqual(rows.map((r) => r.label), ['braveheart', 'the-bruce', 'campaign', 'mix (the three above)', 'braveheart, 2000 games']);
  const [bh, tb, camp, mix, long] = rows;
  assert.equal(bh!.gamesPerSecond, 600);
  assert.equal(bh!.range, '500-630');
  assert.equal(bh!.ratio, 600 / REFERENCE_GAMES_PER_S.braveheart!);
  assert.equal(tb!.ratio, 10);
  assert.equal(camp!.decisionsPerSecond, 197 * 4000);
  // 600 games over 200/600 + 200/780 + 200/197 seconds
  const seconds = 200 / 600 + 200 / 780 + 200 / 197;
  assert.ok(Math.abs(mix!.gamesPerSecond - 600 / seconds) < 1e-9);
  assert.ok(Math.abs(mix!.ratio - 600 / seconds / 37.8) < 1e-9);
  assert.equal(long!.games, 2000);
  assert.equal(long!.ratio, 1000 / 74.6);
});

test('hammer-sim bench: without all three scenarios there is no mix row', () => {
  const rows = hammerSimRows({ braveheart: [run(600, 650)] }, []);
  assert.deepEqual(rows.map((r) => r.label), ['braveheart']);
});

test('hammer-sim bench: with the reference module measured in the same run, each row has its figure and the ratio to it', () => {
  const rows = hammerSimRows({
    braveheart: [run(600, 650)], 'the-bruce': [run(700, 700)], campaign: [run(200, 4000)],
  }, [run(1000, 650)], 200, 2000, {
    byScenario: { braveheart: [run(20, 1000), run(30, 1000), run(25, 990)], 'the-bruce': [run(35, 900)], campaign: [run(5, 3000)] },
    long: [run(40, 980)],
  });
  const [bh, , , mix, long] = rows;
  assert.deepEqual(bh!.sameRun, { gamesPerSecond: 25, decisionsPerGame: 1000, ratio: 24 });
  const refSeconds = 200 / 25 + 200 / 35 + 200 / 5;
  assert.ok(Math.abs(mix!.sameRun!.gamesPerSecond - 600 / refSeconds) < 1e-9);
  assert.equal(long!.sameRun!.ratio, 25);
});
