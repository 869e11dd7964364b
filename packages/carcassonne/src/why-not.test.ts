import { test } from 'node:test';
import assert from 'node:assert/strict';
import { carcassonneGame } from './game.js';

test('why not: a spot where the tile in hand does not fit is 2.2; a spot where it fits has no reason', () => {
  const s = carcassonneGame.setup({ seed: 'why-not' });
  const role = carcassonneGame.active(s)[0]!;
  const place = carcassonneGame.actions(s, role).find((a) => a.type === 'place');
  assert.ok(place && place.type === 'place');
  assert.equal(carcassonneGame.whyNot!(s, role, { kind: 'spot', id: `${place.x},${place.y}` }), null);
  const far = carcassonneGame.whyNot!(s, role, { kind: 'spot', id: '30,30' });
  assert.deepEqual([far?.code, far?.rule], ['tile-does-not-fit', '2.2']);
  const other = carcassonneGame.roles({ seed: 'why-not' }).find((r) => r !== role)!;
  const idle = carcassonneGame.whyNot!(s, other, { kind: 'spot', id: '30,30' });
  assert.deepEqual([idle?.code, idle?.rule], ['not-your-turn', '2']);
});
