/**
 * A tiny hidden-information game for the engine's own tests (not registered, not one of ours):
 * "secret nim". A pile of stones; players a and b alternately take 1-3; whoever takes the last wins.
 * Each player holds a secret die roll that only they see; a player may instead "peek" once,
 * revealing their own secret to everyone.
 */
import { RuleError, RuleCodes } from './errors.js';
import { Rng, randInt, seedRng, type RngState } from './rng.js';
import { indexOfAction } from './equal.js';
import type { Game, Role, SetupOptions } from './types.js';

export interface NimState {
  pile: number;
  turn: Role;
  secret: Record<Role, number>;
  revealed: Record<Role, boolean>;
  rng: RngState;
}
export type NimAction = { type: 'take'; n: number } | { type: 'reveal' };
export interface NimView {
  pile: number;
  turn: Role | null;
  secrets: Record<Role, number | null>;
}

const ROLES = ['a', 'b'];

export function makeNim(overrides: Partial<Game<NimState, NimAction, NimView>> = {}): Game<NimState, NimAction, NimView> {
  const game: Game<NimState, NimAction, NimView> = {
    id: 'secret-nim',
    scenarios: ['standard'],
    roles: () => ROLES,
    setup(o: SetupOptions): NimState {
      const rng = seedRng(o.seed);
      return { pile: 9 + randInt(rng, 4), turn: 'a', secret: { a: randInt(rng, 6) + 1, b: randInt(rng, 6) + 1 }, revealed: { a: false, b: false }, rng };
    },
    active: (s) => (s.pile > 0 ? [s.turn] : []),
    actions(s, role) {
      if (s.pile <= 0 || role !== s.turn) return [];
      const out: NimAction[] = [];
      for (let n = 1; n <= Math.min(3, s.pile); n++) out.push({ type: 'take', n });
      if (!s.revealed[role]) out.push({ type: 'reveal' });
      return out;
    },
    apply(s, role, action) {
      if (!ROLES.includes(role)) throw new RuleError(RuleCodes.illegalAction, 'no such role');
      if (s.pile <= 0) throw new RuleError(RuleCodes.gameOver, 'game over');
      if (role !== s.turn) throw new RuleError(RuleCodes.notYourTurn, 'not your turn');
      if (indexOfAction(game.actions(s, role), action) < 0) throw new RuleError(RuleCodes.illegalAction, 'illegal');
      const a = action as NimAction;
      const rng: RngState = [...s.rng];
      if (a.type === 'reveal') return { ...s, rng, revealed: { ...s.revealed, [role]: true } };
      // a random "wind" occasionally blows one more stone away: randomness inside apply
      const wind = randInt(rng, 10) === 0 && s.pile - a.n > 1 ? 1 : 0;
      return { ...s, rng, pile: s.pile - a.n - wind, turn: role === 'a' ? 'b' : 'a' };
    },
    view(s, viewer) {
      const secrets: Record<Role, number | null> = {};
      for (const r of ROLES) secrets[r] = r === viewer || s.revealed[r] ? s.secret[r]! : null;
      return { pile: s.pile, turn: s.pile > 0 ? s.turn : null, secrets };
    },
    prompt: (s) => ({ key: 'prompt.take', args: { pile: s.pile } }),
    outcome: (s) => (s.pile > 0 ? null : { winners: [s.turn === 'a' ? 'b' : 'a'], reason: 'last-stone' }),
    determinize(s, viewer, rng: Rng) {
      const secret = { ...s.secret };
      for (const r of ROLES) if (r !== viewer && !s.revealed[r]) secret[r] = rng.int(6) + 1;
      return { ...s, secret, rng: [rng.uint32(), rng.uint32(), rng.uint32(), rng.uint32()] };
    },
    undoBarrier: (prev, next) => prev.rng.some((x, i) => x !== next.rng[i]) && prev.pile !== next.pile || Object.keys(prev.revealed).some((r) => prev.revealed[r] !== next.revealed[r]),
    ...overrides,
  };
  return game;
}
