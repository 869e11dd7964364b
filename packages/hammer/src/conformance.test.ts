import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConformance } from '@tabula/engine/conformance';
import { hammerGame } from './game.js';

for (const scenario of hammerGame.scenarios) {
  test(`HotS conformance kit: ${scenario}`, () => {
    const r = checkConformance(hammerGame, {
      setups: [{ scenario }, { scenario, variants: { hits: 'immediate', schiltrom: true } }],
      playouts: 1,
      leakCheckEvery: scenario === 'campaign' ? 9 : 3,
      illegalCheckEvery: 11,
      allActionsEvery: 13,
    });
    assert.equal(r.playouts, 2);
  });
}
