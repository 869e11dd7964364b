import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TournamentSummaryT } from '@tabula/protocol';
import { Link } from '../router.js';
import { gameName, scenarioName } from '../labels.js';
import { formatDateTimeZone } from '../dates.js';
import { formatClock, timeControlText } from './Clocks.js';

/** The current time, again every `everyMs` while mounted (countdowns); 0: no ticking. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs <= 0) return undefined;
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** "Hammer of the Scots · Braveheart · Swiss · 5+3 live · Rated": what a tournament plays, in one line. */
export function tournamentKind(t: TFunction, x: TournamentSummaryT): string {
  return [
    gameName(t, x.game),
    x.scenario ? scenarioName(t, x.game, x.scenario) : null,
    t(`tourn.format.${x.format}`),
    x.timeControl.kind === 'none' ? t('seek.noClock') : timeControlText(t, x.timeControl),
    x.rated ? t('lobby.rated') : null,
  ].filter(Boolean).join(' · ');
}

/** Where a tournament stands: its start (with a countdown), the round being played, or its end. */
function tournamentWhen(t: TFunction, x: TournamentSummaryT, lang: string, now: number): string {
  if (x.status === 'open') {
    const left = Date.parse(x.startsAt) - now;
    return t('tourn.startsAt', { when: formatDateTimeZone(x.startsAt, lang) }) + (left > 0 ? ` ${t('tourn.startsIn', { time: formatClock(left) })}` : ` ${t('tourn.startingNow')}`);
  }
  if (x.status === 'running') return x.rounds > 0 ? t('tourn.roundOf', { round: x.round, rounds: x.rounds }) : t('tourn.roundN', { round: x.round });
  return t(`tourn.status.${x.status}`);
}

/** `tournamentWhen` as text that keeps itself current (the countdown ticks each second before the start). */
export function TournamentWhen({ x }: { x: TournamentSummaryT }) {
  const { t, i18n } = useTranslation();
  const now = useNow(x.status === 'open' ? 1000 : 0);
  return <>{tournamentWhen(t, x, i18n.resolvedLanguage ?? i18n.language, now)}</>;
}

/** One tournament in a list (the lobby's and the tournaments page's). */
export function TournamentRow({ x }: { x: TournamentSummaryT }) {
  const { t } = useTranslation();
  return (
    <li className="game-row tournament-row" data-testid="tournament-row" data-tournament-id={x.id} data-status={x.status}>
      <Link to={`/tournaments/${encodeURIComponent(x.id)}`} className="game-link"><b dir="auto">{x.name}</b></Link>
      <span className="muted">{tournamentKind(t, x)}</span>
      <span className="tag">{t('tourn.playersCount', { count: x.players, max: x.capacity.max })}</span>
      <span className="small"><TournamentWhen x={x} /></span>
    </li>
  );
}
