import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogLineT, OutcomeT } from '@tabula/protocol';
import { roleName } from '../labels.js';
import { Link } from '../router.js';
import { breakdownFor } from '../boards/breakdowns.js';

const FEATURES = ['city', 'road', 'cloister', 'field', 'flock'];

/** The end of a game: who won and why in words, per-seat scores (and their breakdown), the replay. */
/** `players`: the account seated in each role, so a result names people, not only colours or sides. */
export function Result({ gameId, id, outcome, roles, log, players, children }: { gameId: string; id: string; outcome: OutcomeT; roles: string[]; log: LogLineT[]; players?: Record<string, string | null | undefined>; children?: ReactNode }) {
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
      <p><Link to={`/games/${id}/replay`} className="button" data-testid="result-replay">{t('result.replay')}</Link></p>
      {children}
    </section>
  );
}
