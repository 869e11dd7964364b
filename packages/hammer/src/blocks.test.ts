import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLACK_CROSS, BLOCK_COUNT, BLOCK_IDS, CELTIC, FIRE, INIT, IS_NOBLE, MAX, MOVE, NOBLE_BLOCKS, OTHER, SIDE, blockOf,
} from './blocks.js';

const rating = (id: string): string => 'ABC'[INIT[blockOf(id)]!]! + FIRE[blockOf(id)];

test('HotS 2.0: 56 blocks, 28 a side', () => {
  assert.equal(BLOCK_COUNT, 56);
  assert.equal(SIDE.filter((s) => s === 0).length, 28);
});

test('HotS 2.12/2.13: combat and move ratings of the block table', () => {
  assert.equal(rating('E-edward'), 'B4');
  assert.equal(MOVE[blockOf('E-edward')], 3);
  assert.equal(rating('S-wallace'), 'A3');
  assert.equal(rating('S-scottish-king'), 'A3');
  assert.equal(rating('E-hobelars'), 'A2');
  assert.equal(rating('S-keith'), 'B1');
  assert.equal(rating('S-etterick'), 'B2');
  assert.equal(rating('E-lancaster-archers'), 'B3');
  assert.equal(rating('S-french-knights'), 'B3');
  assert.equal(rating('S-norse'), 'A2');
  assert.equal(rating('E-york-infantry'), 'C2');
  for (const id of ['E-wales-infantry', 'E-ulster-infantry', 'S-douglas', 'S-macdonald', 'S-fraser']) assert.equal(rating(id), 'C3', id);
  assert.equal(rating('S-noble-angus'), 'B2');
  assert.equal(MAX[blockOf('S-noble-bruce')], 4);
});

test('HotS 2.22: 13 nobles have a red and a blue block; Moray is Scottish only', () => {
  assert.equal(NOBLE_BLOCKS.length, 14);
  assert.equal(IS_NOBLE.filter(Boolean).length, 27);
  assert.equal(OTHER[blockOf('S-noble-moray')], -1);
  assert.equal(BLOCK_IDS[OTHER[blockOf('S-noble-ross')]!], 'E-noble-ross');
});

test('HotS 5.8: exactly six black-cross blocks; 5.2 Welsh and Ulster roll for Celtic unity', () => {
  assert.deepEqual(BLOCK_IDS.filter((_, b) => BLACK_CROSS[b]).sort(), ['E-edward', 'E-hobelars', 'S-french-knights', 'S-noble-moray', 'S-norse', 'S-wallace']);
  assert.deepEqual(BLOCK_IDS.filter((_, b) => CELTIC[b]).sort(), ['E-ulster-infantry', 'E-wales-archers', 'E-wales-infantry']);
});
