/**
 * Nim, the test game: a pile of stones, two players take 1-3 in turn, whoever takes the last one wins.
 * It ships with no package of its own and is registered only through its manifest, to prove that a
 * game needs nothing else to appear in the catalog, the lobby and local play.
 */
import { RuleCodes, RuleError, defineGame, type Game, type SetupOptions } from '@tabula/engine';
import { TEST_GAME_ID } from './id.js';

export interface NimState { pile: number; turn: 0 | 1; lastTaker: 0 | 1 | null }
export interface NimAction { take: number }
export type NimView = NimState;

const ROLES = ['first', 'second'];
const PILES = [7, 10, 15];

function pileOf(options: SetupOptions): number {
  const pile = options.variants?.pile ?? 10;
  if (typeof pile !== 'number' || !PILES.includes(pile)) throw new RuleError(RuleCodes.badOptions, `the pile is one of ${PILES.join(', ')}`);
  return pile;
}

export const nimGame: Game<NimState, NimAction, NimView> = defineGame<NimState, NimAction, NimView>({
  id: TEST_GAME_ID,
  scenarios: ['standard'],
  variants: [{ key: 'pile', default: 10, values: PILES, description: 'Stones at the start.' }],
  roles: () => ROLES,
  setup: (options) => ({ pile: pileOf(options), turn: 0, lastTaker: null }),
  active: (s) => (s.pile > 0 ? [ROLES[s.turn]!] : []),
  actions(s, role) {
    if (s.pile === 0 || role !== ROLES[s.turn]) return [];
    return [1, 2, 3].filter((n) => n <= s.pile).map((take) => ({ take }));
  },
  perform: (s, _role, a) => ({ pile: s.pile - a.take, turn: s.turn === 0 ? 1 : 0, lastTaker: s.turn }),
  prompt: (s) => ({ key: 'prompt.take', args: { pile: s.pile } }),
  view: (s) => s,
  outcome: (s) => (s.pile > 0 || s.lastTaker === null ? null : { winners: [ROLES[s.lastTaker]!], reason: 'last-stone' }),
  determinize: (s) => s,
  describe: (_prev, _next, role, a) => [{ role, key: 'log.took', args: { count: a.take } }],
});
