import { useTranslation } from 'react-i18next';
import type { RematchT } from '@tabula/protocol';
import { Link } from '../router.js';

/** On the result screen: offer a rematch (same settings, seats swapped), or answer the other player's offer. */
export function RematchPanel({ rematch, me, isPlayer, busy, onOp }: {
  rematch: RematchT | null; me: string | null; isPlayer: boolean; busy: boolean; onOp: (op: 'offer' | 'accept' | 'decline' | 'cancel') => void;
}) {
  const { t } = useTranslation();
  const status = rematch?.status;
  const mine = rematch?.by === me;
  return (
    <div className="rematch" data-testid="rematch" data-status={status ?? 'none'}>
      {status === 'accepted' && rematch?.game && <p>{t('rematch.accepted')} <Link to={`/games/${rematch.game}`} data-testid="rematch-game">{t('rematch.open')}</Link></p>}
      {status === 'offered' && mine && <p>{t('rematch.waiting')} {isPlayer && <button type="button" className="small" disabled={busy} onClick={() => onOp('cancel')}>{t('rematch.cancel')}</button>}</p>}
      {status === 'offered' && !mine && (
        <p><span dir="auto">{t('rematch.offered', { name: rematch!.by })}</span>{' '}
          {isPlayer && <>
            <button type="button" className="primary" disabled={busy} onClick={() => onOp('accept')} data-testid="rematch-accept">{t('rematch.accept')}</button>{' '}
            <button type="button" disabled={busy} onClick={() => onOp('decline')} data-testid="rematch-decline">{t('rematch.decline')}</button>
          </>}
        </p>
      )}
      {status === 'declined' && <p className="muted">{t('rematch.declined')}</p>}
      {isPlayer && (!status || status === 'declined' || status === 'cancelled') && (
        <button type="button" disabled={busy} onClick={() => onOp('offer')} data-testid="rematch-offer">{t('rematch.offer')}</button>
      )}
    </div>
  );
}
