/**
 * Interned legal actions: every action the rules list is one frozen object, made the first time it is
 * listed, so the engine's legality check and the bots' action keys recognise a listed action by identity
 * (a structurally equal copy, e.g. one that came through JSON, is still accepted by field comparison).
 * The field order is the actions' JSON form (log entries, bot keys).
 */
import type { HacseAction, Zone } from './types.js';

type Of<T extends HacseAction['type']> = Extract<HacseAction, { type: T }>;

const frozen = <A extends HacseAction>(a: A): A => Object.freeze(a);

/** One frozen action per value of its single field. */
function byOne<A extends HacseAction, X>(make: (x: X) => A): (x: X) => A {
  const made = new Map<X, A>();
  return (x) => {
    let a = made.get(x);
    if (a === undefined) { a = frozen(make(x)); made.set(x, a); }
    return a;
  };
}

/** One frozen action per pair of values of its two fields. */
function byTwo<A extends HacseAction, X, Y>(make: (x: X, y: Y) => A): (x: X, y: Y) => A {
  const made = new Map<X, Map<Y, A>>();
  return (x, y) => {
    let inner = made.get(x);
    if (inner === undefined) { inner = new Map(); made.set(x, inner); }
    let a = inner.get(y);
    if (a === undefined) { a = frozen(make(x, y)); inner.set(y, a); }
    return a;
  };
}

export const END: Of<'end'> = frozen({ type: 'end' });
export const DRAW: Of<'draw'> = frozen({ type: 'draw' });
export const SHUFFLE: Of<'shuffle'> = frozen({ type: 'shuffle' });
export const ATTACK: Of<'attack'> = frozen({ type: 'attack' });
export const DECLARED: Of<'declared'> = frozen({ type: 'declared' });
export const BLOCKED: Of<'blocked'> = frozen({ type: 'blocked' });
export const HQ_PASS: Of<'hqPass'> = frozen({ type: 'hqPass' });
export const TAKE: Of<'take'> = frozen({ type: 'take' });
export const KEEP: Of<'keep'> = frozen({ type: 'keep' });
export const BALANCE: readonly Of<'balance'>[] = [frozen({ type: 'balance', option: 'doctrine' }), frozen({ type: 'balance', option: 'numbers' })];

export const placeAct = byTwo((card: string, zone: Zone): Of<'place'> => ({ type: 'place', card, zone }));
export const playAct = byOne((card: string): Of<'play'> => ({ type: 'play', card }));
export const payAct = byOne((card: string): Of<'pay'> => ({ type: 'pay', card }));
export const doctrineAct = byOne((card: string): Of<'doctrine'> => ({ type: 'doctrine', card }));
export const moveAct = byTwo((uid: string, to: Zone): Of<'move'> => ({ type: 'move', uid, to }));
export const disbandAct = byOne((uid: string): Of<'disband'> => ({ type: 'disband', uid }));
export const abilityAct = byOne((uid: string): Of<'ability'> => ({ type: 'ability', uid }));
export const sacrificeAct = byOne((uid: string): Of<'sacrifice'> => ({ type: 'sacrifice', uid }));
export const targetAct = byOne((uid: string): Of<'target'> => ({ type: 'target', uid }));
export const commitAct = byTwo((uid: string, order: string | null): Of<'commit'> => ({ type: 'commit', uid, order }));
export const blockAct = byTwo((uid: string, attacker: string): Of<'block'> => ({ type: 'block', uid, attacker }));
export const assignAct = byTwo((uid: string, target: string): Of<'assign'> => ({ type: 'assign', uid, target }));
export const resolveAct = byOne((uid: string): Of<'resolve'> => ({ type: 'resolve', uid }));
export const flankAct = byOne((target: string): Of<'flank'> => ({ type: 'flank', target }));
export const hqAct = byTwo((card: string, target: string): Of<'hq'> => ({ type: 'hq', card, target }));
export const spreadAct = byOne((target: string): Of<'spread'> => ({ type: 'spread', target }));
export const strikeAct = byOne((target: string): Of<'strike'> => ({ type: 'strike', target }));
