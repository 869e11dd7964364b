import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blank, hand, has, play, put, unit } from './fixtures.test-support.js';
import { legalActions } from './game.js';

const A = 'order.assault', M = 'order.maneuver', F = 'order.flank';

test('Tags, high range: a high-range unit blocking from the reserve takes damage only from high range or aircraft', () => {
  let s = blank();
  const sch = put(s, 'axis', 'de.schuetzen', 'front');
  const m30 = put(s, 'allies', 'su.m30', 'reserve'); // high range, Taktieren 3
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: sch, order: A }, { type: 'declared' }, { type: 'block', uid: m30, attacker: sch }, { type: 'resolve', uid: sch });
  assert.equal(unit(s, m30)!.damage, 0);
  assert.equal(unit(s, sch)!.damage, 3);
});

test('Tags, high range: in the front as a defender a high-range unit takes damage normally', () => {
  let s = blank();
  const sch = put(s, 'axis', 'de.schuetzen', 'front');
  const m30 = put(s, 'allies', 'su.m30', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: sch, order: A }, { type: 'declared' }, { type: 'assign', uid: sch, target: m30 }, { type: 'resolve', uid: sch });
  assert.equal(unit(s, m30)!.damage, 2);
});

test('Tags, high range: as an attacker it takes no damage back from a unit without range', () => {
  let s = blank();
  const lefh = put(s, 'axis', 'de.lefh18', 'reserve');
  const mx = put(s, 'allies', 'su.maxim', 'front'); // Taktieren 3, no range
  hand(s, 'axis', M);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: lefh, order: M }, { type: 'declared' }, { type: 'assign', uid: lefh, target: mx }, { type: 'resolve', uid: lefh });
  assert.equal(unit(s, lefh)!.damage, 0);
  assert.equal(unit(s, mx)!.damage, 3, 'leFH 18 Taktieren 3');
});

test('Tags, very high range: only very high range or aircraft hurt it as attacker or in the reserve (high range is not enough)', () => {
  let s = blank();
  const lefh = put(s, 'axis', 'de.lefh18', 'front'); // high range, assault 1
  const ju = put(s, 'axis', 'de.ju87', 'reserve'); // aircraft, assault 4
  const kat = put(s, 'allies', 'su.katyusha', 'reserve'); // very high range
  const kat2 = put(s, 'allies', 'su.katyusha', 'reserve');
  s.players.allies.supports.push('su.depth');
  hand(s, 'axis', A, A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: lefh, order: A }, { type: 'commit', uid: ju, order: A }, { type: 'declared' },
    { type: 'block', uid: kat, attacker: lefh }, { type: 'block', uid: kat2, attacker: ju }, { type: 'resolve', uid: lefh }, { type: 'resolve', uid: ju });
  assert.equal(unit(s, kat)!.damage, 0, 'high range cannot reach very high range');
  assert.equal(unit(s, kat2)!.damage, 4, 'aircraft can');
});

test('Tags, aircraft: cannot be a front unit', () => {
  const s = blank();
  hand(s, 'axis', 'de.bf109e', 'de.nachschub', 'de.nachschub');
  assert.ok(has(s, 'axis', { type: 'place', card: 'de.bf109e', zone: 'reserve' }));
  assert.ok(!has(s, 'axis', { type: 'place', card: 'de.bf109e', zone: 'front' }));
  const bf = put(s, 'axis', 'de.bf109e', 'reserve');
  assert.ok(has(s, 'axis', { type: 'move', uid: bf, to: 'hinterland' }));
  assert.ok(!has(s, 'axis', { type: 'move', uid: bf, to: 'front' }));
});

test('Tags, aircraft: takes damage only from aircraft or flak (anti-air), and may attack reserve units', () => {
  let s = blank();
  const ju = put(s, 'axis', 'de.ju87', 'reserve');
  const r = put(s, 'allies', 'su.strelki', 'reserve');
  const f = put(s, 'allies', 'su.maxim', 'front');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: ju, order: A }, { type: 'declared' }, { type: 'blocked' });
  assert.deepEqual(legalActions(s, 'axis').map((a) => (a as { target: string }).target).sort(), [f, r].sort());
  s = play(s, { type: 'assign', uid: ju, target: f }, { type: 'resolve', uid: ju });
  assert.equal(unit(s, ju)!.damage, 0, 'the Maxim (Taktieren 3) cannot hurt an aircraft');
  let t = blank();
  const ju2 = put(t, 'axis', 'de.ju87', 'reserve');
  const aa = put(t, 'allies', 'su.aa61k', 'front'); // anti-air, Taktieren 2, pen 2
  hand(t, 'axis', A);
  t = play(t, { type: 'attack' }, { type: 'commit', uid: ju2, order: A }, { type: 'declared' }, { type: 'assign', uid: ju2, target: aa }, { type: 'resolve', uid: ju2 });
  assert.equal(unit(t, ju2)!.damage, 2, 'anti-air hurts it');
});

test('Tags, aircraft: with a Taktieren order it damages only aircraft', () => {
  let s = blank();
  const bf = put(s, 'axis', 'de.bf109e', 'reserve');
  const f = put(s, 'allies', 'su.strelki', 'front');
  const i16 = put(s, 'allies', 'su.i16', 'reserve');
  hand(s, 'axis', M, M);
  const bf2 = put(s, 'axis', 'de.bf109e', 'reserve');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: bf, order: M }, { type: 'commit', uid: bf2, order: M }, { type: 'declared' }, { type: 'blocked' },
    { type: 'assign', uid: bf, target: f }, { type: 'assign', uid: bf2, target: i16 }, { type: 'resolve', uid: bf }, { type: 'resolve', uid: bf2 });
  assert.equal(unit(s, f)!.damage, 0);
  assert.equal(unit(s, i16)!.damage, 2);
});

test('Tags, bomber: with a Sturmangriff order it damages only ground units', () => {
  let s = blank();
  const ju = put(s, 'axis', 'de.ju87', 'reserve');
  const i16 = put(s, 'allies', 'su.i16', 'reserve');
  hand(s, 'axis', A);
  s = play(s, { type: 'attack' }, { type: 'commit', uid: ju, order: A }, { type: 'declared' }, { type: 'blocked' }, { type: 'assign', uid: ju, target: i16 }, { type: 'resolve', uid: ju });
  assert.equal(unit(s, i16)!.damage, 0);
  let t = blank();
  const ju2 = put(t, 'axis', 'de.ju87', 'reserve');
  const i162 = put(t, 'allies', 'su.i16', 'reserve');
  hand(t, 'axis', F);
  t = play(t, { type: 'attack' }, { type: 'commit', uid: ju2, order: F }, { type: 'declared' }, { type: 'blocked' }, { type: 'assign', uid: ju2, target: i162 }, { type: 'resolve', uid: ju2 });
  while (t.combat) t = play(t, legalActions(t, 'axis')[0]!);
  assert.equal(unit(t, i162)!.damage, 2, 'a flank order is not an assault: 1 free point + 1 (flank 2); its after-combat strike, an assault, cannot hit aircraft');
});

test('Tags, obsolete tactics: the defender may block such an attacker with a front unit too', () => {
  let s = blank('early', undefined, 'allies');
  const t26 = put(s, 'allies', 'su.t26', 'front');
  const str = put(s, 'allies', 'su.strelki', 'front');
  const f = put(s, 'axis', 'de.pak36', 'front');
  s = play(s, { type: 'attack' }, { type: 'commit', uid: t26, order: null }, { type: 'commit', uid: str, order: null }, { type: 'declared' });
  assert.ok(has(s, 'axis', { type: 'block', uid: f, attacker: t26 }));
  assert.ok(!has(s, 'axis', { type: 'block', uid: f, attacker: str }));
});
