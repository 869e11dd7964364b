import { useTranslation } from 'react-i18next';
import type { BracketMatchT, BracketRoundT, BracketT } from '@tabula/protocol';
import { playerName } from '../labels.js';

function Match({ m, label }: { m: BracketMatchT; label: string }) {
  const { t } = useTranslation();
  const decided = m.winner !== undefined && m.winner !== null;
  return (
    <li className="bracket-match" data-testid="bracket-match" aria-label={label}>
      {[0, 1].map((i) => {
        const p = m.players[i] ?? null;
        const won = decided && p !== null && p === m.winner;
        const lost = decided && p !== null && p !== m.winner;
        return (
          <span key={i} className={`bracket-player${won ? ' won' : ''}${lost ? ' lost' : ''}`} dir="auto">
            {p === null ? <span className="muted">{decided ? t('tourn.byeSlot') : t('tourn.tbd')}</span> : playerName(t, p)}
            {won && <span className="sr-only"> {t('tourn.advances')}</span>}
            {won && <span aria-hidden="true"> ✓</span>}
          </span>
        );
      })}
    </li>
  );
}

function Rounds({ title, rounds, testId, single }: { title: string; rounds: BracketRoundT[]; testId: string; single?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="bracket-part" data-testid={testId} aria-label={title}>
      <h3>{title}</h3>
      <ol className="bracket-rounds">
        {rounds.map((r, i) => (
          <li key={i} className="bracket-round">
            {!single && <h4>{t('tourn.bracketRound', { round: i + 1 })}</h4>}
            <ol className="bracket-matches">
              {r.matches.map((m, j) => <Match key={j} m={m} label={single ? `${title}, ${t('tourn.match', { n: i + 1 })}` : `${title}, ${t('tourn.bracketRound', { round: i + 1 })}, ${t('tourn.match', { n: j + 1 })}`} />)}
            </ol>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * An elimination bracket, rounds left to right. The bracket scrolls sideways in its own box (a keyboard can
 * scroll it: it is focusable) so a phone's page never does.
 */
export function Bracket({ bracket }: { bracket: BracketT }) {
  const { t } = useTranslation();
  return (
    <div className="bracket-scroller" tabIndex={0} role="region" aria-label={t('tourn.bracket')} data-testid="bracket">
      <Rounds title={bracket.losers ? t('tourn.winnersBracket') : t('tourn.bracket')} rounds={bracket.winners} testId="bracket-winners" />
      {bracket.losers && bracket.losers.length > 0 && <Rounds title={t('tourn.losersBracket')} rounds={bracket.losers} testId="bracket-losers" />}
      {bracket.final && bracket.final.matches.length > 0 && <Rounds title={t('tourn.grandFinal')} rounds={bracket.final.matches.map((m) => ({ matches: [m] }))} testId="bracket-final" single />}
    </div>
  );
}
