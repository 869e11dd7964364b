import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randInt, seedRng } from '@tabula/engine';
import { carcassonneGame } from './game.js';
import { messages } from './i18n.js';
import { TILES, DX, DY, SIDES } from './tiles.js';
import { boardOf } from './board.js';
import type { CarcState } from './state.js';

test('why not: a spot where the tile in hand does not fit is 2.2; a spot where it fits has no reason', () => {
  const s = carcassonneGame.setup({ seed: 'why-not' });
  const role = carcassonneGame.active(s)[0]!;
  const place = carcassonneGame.actions(s, role).find((a) => a.type === 'place');
  assert.ok(place && place.type === 'place');
  assert.equal(carcassonneGame.whyNot!(s, role, { kind: 'spot', id: `${place.x},${place.y}` }), null);
  const far = carcassonneGame.whyNot!(s, role, { kind: 'spot', id: '30,30' });
  assert.deepEqual([far?.code, far?.rule], ['why-spot-alone', '2.2']);
  const other = carcassonneGame.roles({ seed: 'why-not' }).find((r) => r !== role)!;
  const idle = carcassonneGame.whyNot!(s, other, { kind: 'spot', id: '30,30' });
  assert.deepEqual([idle?.code, idle?.rule], ['not-your-turn', '2']);
});

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;

test('Carcassonne 2.2: why not: a spot beside the board where no turn of the tile fits names the side and both edge kinds, as the board shows them', () => {
  let edges = 0;
  for (let g = 0; g < 4; g++) {
    const rng = seedRng(`why-edge-${g}`);
    let s: CarcState = carcassonneGame.setup({ seed: `why-edge-${g}` });
    for (let i = 0; i < 80 && s.phase !== 'over'; i++) {
      const role = carcassonneGame.active(s)[0]!;
      if (s.phase === 'place') {
        const board = boardOf(s.tiles);
        const legal = new Set(carcassonneGame.actions(s, role).flatMap((a) => (a.type === 'place' ? [`${a.x},${a.y}`] : [])));
        for (let k = 0; k < board.n; k++) {
          for (let d = 0; d < 4; d++) {
            const x = board.tx[k]! + DX[d]!, y = board.ty[k]! + DY[d]!;
            if (board.tileAt(x, y) >= 0 || legal.has(`${x},${y}`)) continue;
            const e = carcassonneGame.whyNot!(s, role, { kind: 'spot', id: `${x},${y}` });
            assert.ok(e, `${x},${y} gets a reason`);
            assert.equal(e.code, 'why-spot-edge');
            assert.equal(e.rule, '2.2');
            const side = SIDES.indexOf(e.details!.side as never);
            const n = board.tileAt(x + DX[side]!, y + DY[side]!);
            assert.ok(n >= 0, 'a tile lies on the side named');
            const facing = (TILES[board.ttype[n]!]!.edgeCode[board.trot[n]!]! >> (2 * ((side + 2) % 4))) & 3;
            assert.equal(['', 'city', 'road', 'field'][facing], e.details!.theirs, 'the neighbour shows the kind named');
            assert.notEqual(e.details!.mine, e.details!.theirs);
            edges++;
          }
        }
      }
      const acts = carcassonneGame.actions(s, role);
      s = carcassonneGame.apply(s, role, acts[randInt(rng, acts.length)]!);
    }
  }
  assert.ok(edges > 20, `${edges} misfitting spots checked`);
  for (const lang of LANGS) for (const code of ['why-spot-edge', 'why-spot-alone', 'why-spot-taken', 'why-tile-placed']) assert.ok(messages[lang][`rule.${code}`], `${code}: ${lang}`);
});

test('Carcassonne 2.2 / 2: why not: a cell with a tile says it is taken; once the tile is placed, any spot says to deploy or pass', () => {
  const s = carcassonneGame.setup({ seed: 'why-taken' });
  const role = carcassonneGame.active(s)[0]!;
  assert.equal(carcassonneGame.whyNot!(s, role, { kind: 'spot', id: '0,0' })?.code, 'why-spot-taken');
  const place = carcassonneGame.actions(s, role).find((a) => a.type === 'place')!;
  const after = carcassonneGame.apply(s, role, place);
  const e = carcassonneGame.whyNot!(after, role, { kind: 'spot', id: '5,5' });
  assert.deepEqual([e?.code, e?.rule], ['why-tile-placed', '2']);
});

test('Carcassonne 2.3: why not: a feature of the tile just placed gets a reason exactly when no figure may go on it (a follower already along it, none left)', () => {
  const codes = new Map<string, number>();
  for (let g = 0; g < 4; g++) {
    const rng = seedRng(`why-feature-${g}`);
    let s: CarcState = carcassonneGame.setup({ seed: `why-feature-${g}`, variants: { hillsAndSheep: true } });
    for (let i = 0; i < 150 && s.phase !== 'over'; i++) {
      const role = carcassonneGame.active(s)[0]!;
      const acts = carcassonneGame.actions(s, role);
      if (s.phase === 'deploy') {
        const last = boardOf(s.tiles);
        const t = last.n - 1;
        const x = last.tx[t]!, y = last.ty[t]!;
        TILES[last.ttype[t]!]!.features.forEach((_, f) => {
          const e = carcassonneGame.whyNot!(s, role, { kind: 'spot', id: `${x},${y}#${f}` });
          const legal = acts.some((a) => (a.type === 'follower' || a.type === 'shepherd') && a.feature === f);
          assert.equal(e === null, legal, `feature ${f}: reason ${e?.code ?? 'none'}, legal ${legal}`);
          if (!e) return;
          assert.ok(e.rule && carcassonneGame.rules!.ids.includes(e.rule));
          for (const lang of LANGS) assert.ok(messages[lang][`rule.${e.code}`], `${e.code}: ${lang}`);
          codes.set(e.code, (codes.get(e.code) ?? 0) + 1);
        });
      }
      s = carcassonneGame.apply(s, role, acts[randInt(rng, acts.length)]!);
    }
  }
  assert.ok((codes.get('feature-occupied') ?? 0) > 0, [...codes.keys()].join());
});
