import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RatingHistoryT } from '@tabula/protocol';
import { api } from '../api/client.js';
import { Link } from '../router.js';
import { formatDate } from '../dates.js';
import { gameName } from '../labels.js';
import { signedPoints } from './Result.js';

/** Entries listed under the line (the line shows every one fetched). */
const LISTED = 10;

/** The rating after each game as a line, oldest on the left; the newest point marked. */
function Sparkline({ ratings, label }: { ratings: number[]; label: string }) {
  const w = 240, h = 48, pad = 4;
  const lo = Math.min(...ratings), hi = Math.max(...ratings);
  const span = Math.max(hi - lo, 1);
  const x = (i: number) => pad + (ratings.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (ratings.length - 1));
  const y = (r: number) => h - pad - ((r - lo) * (h - 2 * pad)) / span;
  const points = ratings.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' ');
  const last = ratings.length - 1;
  return (
    <svg className="sparkline" viewBox={`0 0 ${w} ${h}`} role="img" aria-label={label} data-testid="rating-sparkline">
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <circle cx={x(last)} cy={y(ratings[last]!)} r="3.5" fill="currentColor" />
    </svg>
  );
}

/** One game kind's rating history on a profile: the line and the newest games with date, opponents and change. */
export function RatingHistory({ name, game }: { name: string; game: string }) {
  const { t, i18n } = useTranslation();
  const [h, setH] = useState<RatingHistoryT | null>(null);
  useEffect(() => { api.ratingHistory(name, game).then(setH, () => setH(null)); }, [name, game]);
  if (!h || h.entries.length === 0) return null;
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const oldestFirst = [...h.entries].reverse().map((e) => e.rating);
  const first = Math.round(oldestFirst[0]! - h.entries.at(-1)!.change), now = Math.round(h.entries[0]!.rating);
  return (
    <div className="rating-history" data-testid={`rating-history-${game}`}>
      <h3>{gameName(t, game)}</h3>
      <Sparkline ratings={[first, ...oldestFirst]} label={t('profile.historyChart', { game: gameName(t, game), n: h.entries.length, from: first, to: now })} />
      <ol className="history-list">
        {h.entries.slice(0, LISTED).map((e) => (
          <li key={e.gameId} data-testid="rating-history-entry">
            <span className="muted small">{formatDate(e.at, lang)}</span>{' '}
            <Link to={`/games/${e.gameId}`} dir="auto">{t('profile.vs', { names: e.opponents.join(t('common.listSep')) })}</Link>{' '}
            <b>{Math.round(e.rating)}</b>{' '}
            <span className={e.change >= 0 ? 'gain' : 'loss'}>({signedPoints(e.change)})</span>
            {e.weight < 1 && <span className="muted small"> {e.weight === 0 ? t('result.ratingRepeatNone') : t('result.ratingRepeat', { percent: Math.round(e.weight * 100) })}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}
