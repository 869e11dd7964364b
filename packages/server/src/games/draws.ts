import type { Role } from '@tabula/engine';
import type { DrawOfferT, DrawOpT, OutcomeT } from '@tabula/protocol';
import { conflict } from '../http/errors.js';

/**
 * Draw offers (a platform feature of every game, never a game rule): a seated player offers, every other
 * seat agrees, and the game ends drawn. One open offer per game at a time; an action by a seat that has
 * not agreed ends it (as on lichess: moving on is declining). These functions only compute; commands.ts
 * checks the caller and writes.
 */
export type DrawOffer = DrawOfferT;

/** The outcome of a draw every seat agreed to: no winners, so every pair of seats shares the result. */
export const AGREED_DRAW: OutcomeT = { winners: [], reason: 'agreed' };

export interface DrawStep {
  offer: DrawOffer;
  /** A new offer (counts against the per-account offer limit). */
  fresh: boolean;
  /** Every seat has agreed: the game ends drawn. */
  agreed: boolean;
}

/**
 * The offer after `mine` (the seats the caller answers for; `by` the one it acts as) answer with `op`;
 * a 409 when the op does not fit the offer standing. `seats`: every seat of the game.
 */
export function answerDraw(offer: DrawOffer | null, op: DrawOpT, by: Role, mine: readonly Role[], seats: readonly Role[]): DrawStep {
  const open = offer?.status === 'open' ? offer : null;
  if (op === 'decline') {
    if (!open) throw conflict('no-draw-offer', 'No draw is offered in this game now.');
    return { offer: { ...open, status: 'declined', declinedBy: by }, fresh: false, agreed: false };
  }
  if (!open && op === 'accept') throw conflict('no-draw-offer', 'No draw is offered in this game now.');
  if (open && mine.every((r) => open.agreed.includes(r))) throw conflict('draw-already-offered', 'You already agreed to a draw: the other players decide now.');
  const next: DrawOffer = open
    ? { ...open, agreed: [...open.agreed, ...mine.filter((r) => !open.agreed.includes(r))] }
    : { by, agreed: [...mine], status: 'open', declinedBy: null };
  return { offer: next, fresh: open === null, agreed: seats.every((r) => next.agreed.includes(r)) };
}

/**
 * The offer after `role` played an action: an open offer lapses unless `role` agreed to it; a declined one
 * (kept so the answer is seen) is cleared. undefined: unchanged.
 */
export function offerAfterAction(offer: DrawOffer | null | undefined, role: Role): DrawOffer | null | undefined {
  if (!offer) return undefined;
  return offer.status === 'open' && offer.agreed.includes(role) ? undefined : null;
}
