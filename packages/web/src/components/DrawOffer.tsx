import { useTranslation } from 'react-i18next';
import type { DrawOfferT, DrawOpT } from '@tabula/protocol';

/** Refusals of a draw message that say something about the offer (not "the game moved on"). */
export const DRAW_ERRORS = new Set(['no-draw-offer', 'draw-already-offered']);

/**
 * A running game's draw offer: the players asked see "NAME offers a draw" with Accept / Decline, the
 * players who agreed see whom they wait for, spectators see the offer, and everyone sees a decline.
 */
export function DrawOfferBanner({ offer, seats, mine, nameOf, busy, onOp }: {
  offer: DrawOfferT | null; seats: string[]; mine: string[]; nameOf: (role: string) => string; busy: boolean; onOp: (op: DrawOpT) => void;
}) {
  const { t } = useTranslation();
  if (!offer) return null;
  if (offer.status === 'declined') {
    return <p className="panel draw-offer muted" data-testid="draw-offer" data-status="declined" role="status">{t('draw.declined', { name: nameOf(offer.declinedBy ?? '') })}</p>;
  }
  const agreed = mine.length > 0 && mine.every((r) => offer.agreed.includes(r));
  if (agreed) {
    return <p className="panel draw-offer" data-testid="draw-offer" data-status="offered" role="status">{t('draw.waiting', { names: seats.filter((r) => !offer.agreed.includes(r)).map(nameOf).join(t('common.listSep')) })}</p>;
  }
  return (
    <div className="panel draw-offer" data-testid="draw-offer" data-status="open" role="status">
      <p><span dir="auto">{t('draw.offered', { name: nameOf(offer.by) })}</span>{mine.length > 0 && <span className="muted small"> {t('draw.playOnDeclines')}</span>}</p>
      {mine.length > 0 && (
        <span className="draw-answer">
          <button type="button" className="primary" disabled={busy} onClick={() => onOp('accept')} data-testid="draw-accept">{t('draw.accept')}</button>
          <button type="button" disabled={busy} onClick={() => onOp('decline')} data-testid="draw-decline">{t('draw.decline')}</button>
        </span>
      )}
    </div>
  );
}
