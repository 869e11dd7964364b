import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConformance } from '@tabula/engine/conformance';
import { carcassonneGame } from './game.js';

for (const players of [2, 3, 5]) {
  for (const hillsAndSheep of [true, false]) {
    test(`Carcassonne: conformance kit, ${players} players, ${hillsAndSheep ? 'with' : 'without'} Hills & Sheep`, () => {
      const report = checkConformance(carcassonneGame, {
        setups: [{ players, variants: { hillsAndSheep } }],
        playouts: 3,
        leakCheckEvery: 7,
        illegalCheckEvery: 11,
        allActionsEvery: 13,
        seedPrefix: `carc-${players}-${String(hillsAndSheep)}`,
      });
      assert.equal(report.playouts, 3);
      assert.ok(report.actions > 100, `only ${report.actions} actions`);
    });
  }
}

test('Carcassonne: conformance kit with the variants (old tiny city, hill count tie-break, no farmers, old farm scoring)', () => {
  const report = checkConformance(carcassonneGame, {
    setups: [
      { players: 4, variants: { tinyCity: 2, hillTiebreak: 'count', farmers: false } },
      { players: 3, variants: { farmScoring: 'first' } },
      { players: 2, variants: { farmScoring: 'second', hillsAndSheep: false } },
    ],
    playouts: 1,
    leakCheckEvery: 9,
    illegalCheckEvery: 13,
    allActionsEvery: 17,
  });
  assert.equal(report.playouts, 3);
});
