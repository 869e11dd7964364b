import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameRatingsT, LogLineT, OutcomeT } from '@tabula/protocol';
import { roleName } from '../labels.js';
import { Link } from '../router.js';
import { breakdownFor } from '../boards/breakdowns.js';

const FEATURES = ['city', 'road', 'cloister', 'field', 'flock'];

/** A rating difference as shown: +12, −3, ±0 (whole points). */
export function signedPoints(diff: number): string {
  const n = Math.round(diff);
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : '\u00b10';
}

/** What the game did to each player's rating: "Rating 1500 → 1512 (+12)", or "Unrated". */
function RatingChanges({ ratings, label }: { ratings: GameRatingsT; label: (role: string) => string }) {
  const { t } = useTranslation();
  if (ratings.status === 'unrated') return <p className="muted" data-testid="result-unrated">{t('result.unrated')}</p>;
  if (ratings.status === 'pending') return <p className="muted" data-testid="result-rating-pending">{t('result.ratingPending')}</p>;
  return (
    <ul className="rating-changes" data-testid="result-ratings">
      {ratings.players.map((p) => (
        <li key={p.role} data-testid={`result-rating-${p.role}`}>
          <span dir="auto">{label(p.role)}</span>{': '}
          {t('result.ratingChange', { before: Math.round(p.before), after: Math.round(p.after), diff: signedPoints(Math.round(p.after) - Math.round(p.before)) })}
          {p.weight < 1 && <span className="muted small"> {p.weight === 0 ? t('result.ratingRepeatNone') : t('result.ratingRepeat', { percent: Math.round(p.weight * 100) })}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The end of a game: who won and why in words, per-seat scores (and their breakdown), the rating change, the replay. */
/** `players`: the account seated in each role, so a result names people, not only colours or sides. */
export function Result({ gameId, id, outcome, roles, log, players, ratings, children }: { gameId: string; id: string; outcome: OutcomeT; roles: string[]; log: LogLineT[]; players?: Record<string, string | null | undefined>; ratings?: GameRatingsT | null; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const label = (r: string) => (players?.[r] ? `${roleName(t, gameId, r)} · ${players[r]}` : roleName(t, gameId, r));
  const names = (rs: string[]) => rs.map(label).join(t('common.listSep'));
  const by = outcome.by ? names(outcome.by.split(',')) : '';
  // The platform's words for its own reasons and the common ones; else the game's (Hammer's "reason.*").
  const reason = i18n.exists(`result.reason.${outcome.reason}`) ? t(`result.reason.${outcome.reason}`, { by })
    : i18n.exists(`reason.${outcome.reason}`, { ns: gameId }) ? t('result.gameReason', { reason: t(`reason.${outcome.reason}`, { ns: gameId }) })
      : outcome.reason;
  const breakdown = outcome.breakdown ?? breakdownFor(gameId)?.(log) ?? null;
  const features = breakdown ? FEATURES.filter((f) => Object.values(breakdown).some((row) => row[f])) : [];
  return (
    <section className="panel result" data-testid="result" aria-labelledby="result-title">
      <h2 id="result-title">{outcome.winners.length ? t('result.winners', { winners: names(outcome.winners), count: outcome.winners.length }) : outcome.reason === 'agreed' ? t('result.drawAgreed') : t('result.noWinner')}</h2>
      <p data-testid="result-reason">{reason}</p>
      {(outcome.scores || features.length > 0) && (
        <table className="scores">
          <thead>
            <tr><th scope="col">{t('game.players')}</th>{features.map((f) => <th key={f} scope="col">{t(`result.feature.${f}`)}</th>)}{outcome.scores && <th scope="col">{t('result.score')}</th>}</tr>
          </thead>
          <tbody>
            {roles.map((r) => (
              <tr key={r} className={outcome.winners.includes(r) ? 'winner' : ''}>
                <th scope="row">{label(r)}</th>
                {features.map((f) => <td key={f}>{breakdown?.[r]?.[f] ?? 0}</td>)}
                {outcome.scores && <td><b>{outcome.scores[r] ?? ''}</b></td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ratings && <RatingChanges ratings={ratings} label={label} />}
      <p><Link to={`/games/${id}/replay`} className="button" data-testid="result-replay">{t('result.replay')}</Link></p>
      {children}
    </section>
  );
}
