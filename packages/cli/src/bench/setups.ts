/** The setups `tabula bench --only random-games` measures, by game id (absent: every scenario, 200 games each). */
import type { Rng, SetupOptions } from '@tabula/engine';
import type { GameId } from '@tabula/games';
import { hammerGame } from '@tabula/hammer';
import { referenceMenuPick } from './hammer-pick.js';

export interface RandomBenchSetup {
  label: string;
  setup: Omit<SetupOptions, 'seed'>;
  games: number;
  /**
   * Replaces the uniform random choice among the legal actions (e.g. to weight choices as another
   * implementation's menu does, for a like-for-like comparison). Typed by its game's actions.
   */
  pick?: (actions: readonly any[], rng: Rng) => unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export const BENCH_SETUPS: Readonly<Record<GameId, readonly RandomBenchSetup[]>> = {
  carcassonne: [
    { label: '2p base', setup: { players: 2, variants: { hillsAndSheep: false } }, games: 1000 },
    { label: '2p hills-and-sheep', setup: { players: 2 }, games: 1000 },
  ],
  hacse: [
    { label: 'early', setup: { scenario: 'early' }, games: 200 },
    { label: 'late', setup: { scenario: 'late' }, games: 200 },
    { label: 'early-vs-late numbers', setup: { scenario: 'late', variants: { decks: { axis: 'germany-early', allies: 'soviet-late' }, earlyVsLate: 'numbers' } }, games: 100 },
  ],
  'hammer-of-the-scots': [
    ...hammerGame.scenarios.map((sc) => ({ label: sc, setup: { scenario: sc }, games: 200 })),
    ...hammerGame.scenarios.map((sc) => ({ label: `${sc}, reference battle menu`, setup: { scenario: sc }, games: 200, pick: referenceMenuPick })),
  ],
};

/**
 * One engine's playout-speed check (`tabula bench --only playout-speed`): `tabula sim GAME ARGS --games N` in
 * fresh processes, and warm random playouts of `setup` (the same setup as those arguments) in another.
 * N is a second or two of games (Carcassonne: the 4,000 games issue 50 timed), so the check stays cheap.
 */
export interface PlayoutSpeedSetup { label: string; args: readonly string[]; setup: Omit<SetupOptions, 'seed'>; games: number }

export const PLAYOUT_SPEED_SETUPS: Readonly<Record<GameId, readonly PlayoutSpeedSetup[]>> = {
  carcassonne: [{ label: '2p', args: [], setup: {}, games: 4000 }],
  hacse: [{ label: 'early', args: ['--scenario', 'early'], setup: { scenario: 'early' }, games: 400 }],
  'hammer-of-the-scots': [{ label: 'braveheart', args: ['--scenario', 'braveheart'], setup: { scenario: 'braveheart' }, games: 200 }],
};
