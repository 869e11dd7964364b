import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PairingT, RoundT, TournamentStandingT, TournamentT } from '@tabula/protocol';
import { ApiError, getAuth } from '../api/client.js';
import { tournamentsApi, type TournamentOp } from '../api/tournaments.js';
import { connectLobby } from '../api/lobby.js';
import { Link } from '../router.js';
import { loadGame } from '../games.js';
import { botName, playerName, roleName } from '../labels.js';
import { formatDateTimeZone } from '../dates.js';
import { Bracket } from '../components/Bracket.js';
import { tournamentKind, TournamentWhen } from '../components/TournamentRow.js';
import { BOT_NAMES } from '../components/SetupForm.js';

/** Tournament points as players read them: 1, 0.5, 1.5 (the language's decimal mark). */
function points(n: number | undefined, lang: string): string {
  return n === undefined ? '–' : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);
}

/** The standings (ranked, with the tie-breaks the format has); before the start, the entrants and their ratings. */
function Standings({ standings, lang, entrants }: { standings: TournamentStandingT[]; lang: string; entrants: boolean }) {
  const { t } = useTranslation();
  const has = (k: keyof TournamentStandingT['tieBreaks']) => !entrants && standings.some((s) => s.tieBreaks[k] !== undefined);
  const buchholz = has('buchholz'), sb = has('sonnebornBerger'), tables = has('tablePoints');
  return (
    <div className="table-scroller">
      <table className="standings" data-testid="standings">
        <caption className="sr-only">{entrants ? t('tourn.entrants') : t('tourn.standings')}</caption>
        <thead>
          <tr>
            {!entrants && <th scope="col">{t('tourn.col.rank')}</th>}
            <th scope="col" className="name">{t('tourn.col.player')}</th>
            {!entrants && <th scope="col">{t('tourn.col.score')}</th>}
            {buchholz && <th scope="col"><abbr title={t('tourn.col.buchholzLong')}>{t('tourn.col.buchholz')}</abbr></th>}
            {sb && <th scope="col"><abbr title={t('tourn.col.sbLong')}>{t('tourn.col.sb')}</abbr></th>}
            {tables && <th scope="col">{t('tourn.col.tablePoints')}</th>}
            {!entrants && <th scope="col" className="minor">{t('tourn.col.played')}</th>}
            <th scope="col" className={entrants ? undefined : 'minor'}>{t('tourn.col.rating')}</th>
          </tr>
        </thead>
        <tbody>
          {standings.map((s) => (
            <tr key={s.name} data-testid="standing" data-player={s.name} className={s.withdrawn || s.eliminated ? 'out' : undefined}>
              {!entrants && <td data-testid="standing-rank">{s.rank}</td>}
              <th scope="row" dir="auto">
                {s.bot ? playerName(t, s.name) : <Link to={`/u/${encodeURIComponent(s.name)}`}>{s.name}</Link>}
                {s.withdrawn && <span className="muted small"> {t('tourn.withdrawn')}</span>}
                {s.eliminated && !s.withdrawn && <span className="muted small"> {t('tourn.eliminated')}</span>}
              </th>
              {!entrants && <td data-testid="standing-score">{points(s.score, lang)}</td>}
              {buchholz && <td data-testid="standing-buchholz">{points(s.tieBreaks.buchholz, lang)}</td>}
              {sb && <td data-testid="standing-sb">{points(s.tieBreaks.sonnebornBerger, lang)}</td>}
              {tables && <td>{points(s.tieBreaks.tablePoints, lang)}</td>}
              {!entrants && <td className="minor">{s.played}</td>}
              <td className={entrants ? undefined : 'minor'}>{Math.round(s.rating)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One pairing: its players with the points it gave, its games (watch while playing), a bye or a forfeit. */
function Pairing({ p, lang, game, me }: { p: PairingT; lang: string; game: string; me: string | null }) {
  const { t } = useTranslation();
  if (p.bye) return <li className="pairing" data-testid="pairing" data-result="bye">{t('tourn.bye', { name: playerName(t, p.players[0] ?? '') })}</li>;
  const done = p.result !== undefined;
  // One game: the side each player has in it (a two-game match plays both sides).
  const sides = p.games.length === 1 ? p.games[0]!.sides : undefined;
  return (
    <li className="pairing" data-testid="pairing" data-result={p.result ?? 'playing'}>
      <span className="muted small">{t('tourn.table', { table: p.table })}</span>{' '}
      <span className="pairing-players" dir="auto">
        {p.players.map((name, i) => (
          <span key={name} className="pairing-player">
            {i > 0 && <span className="muted">{t('tourn.vs')}</span>}
            <b>{playerName(t, name)}</b>
            {sides?.[name] && <span className="muted small" data-testid="pairing-side"> ({roleName(t, game, sides[name]!)})</span>}
            {done && <span data-testid="pairing-points"> {points(p.points[i], lang)}</span>}
          </span>
        ))}
      </span>
      {p.result === 'forfeit' && <span className="tag">{t('tourn.forfeit')}</span>}
      {p.games.map((g, i) => {
        // A live match's later game is made when the one before it ends.
        if (g.status === 'pending') return <span key={g.id} className="muted small" data-testid="pairing-pending">{t('tourn.pendingN', { n: i + 1, prev: i })}</span>;
        // A player's own unfinished game is to play, anyone else's to watch.
        const kind = g.status === 'finished' ? 'seeGame' : me && p.players.includes(me) ? 'play' : 'watch';
        return (
          <Link key={g.id} to={`/games/${encodeURIComponent(g.id)}`} className={`button small${kind === 'play' ? ' primary' : ''}`} data-testid="pairing-game">
            {p.games.length > 1 ? t(`tourn.${kind}N`, { n: i + 1 }) : t(`tourn.${kind}`)}
          </Link>
        );
      })}
    </li>
  );
}

function Round({ r, lang, game, me }: { r: RoundT; lang: string; game: string; me: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="round" data-testid="round" data-round={r.number} data-status={r.status} aria-labelledby={`round-${r.number}`}>
      <h3 id={`round-${r.number}`}>{t('tourn.roundN', { round: r.number })} <span className="muted small">· {t(`tourn.round.${r.status}`)}</span></h3>
      {r.deadline && r.status === 'playing' && <p className="muted small">{t('tourn.deadline', { when: formatDateTimeZone(r.deadline, lang) })}</p>}
      <ul className="pairings">{r.pairings.map((p) => <Pairing key={p.table} p={p} lang={lang} game={game} me={me} />)}</ul>
    </section>
  );
}

/** /tournaments/:id: standings, rounds and their games, the bracket; refetched whenever the lobby socket says it changed. */
export function Tournament({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const me = getAuth();
  const [x, setX] = useState<TournamentT | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const shown = useRef<TournamentT | null>(null);
  const show = useCallback((next: TournamentT) => {
    const before = shown.current;
    if (before && before.version > next.version) return;
    shown.current = next;
    setX(next);
    void loadGame(next.game).catch(() => undefined);
    // The live region says what changed for everyone watching: a new round, the end.
    if (before && next.status === 'finished' && before.status !== 'finished') setSaid(t('tourn.announceFinished', { name: next.champion ? playerName(t, next.champion) : '' }));
    else if (before && next.round > before.round) setSaid(t('tourn.announceRound', { round: next.round }));
  }, [t]);
  const load = useCallback(async () => {
    try { show(await tournamentsApi.get(id)); setError(null); }
    catch (e) { setError(e instanceof ApiError && e.status === 404 ? t('tourn.notFound') : e instanceof Error ? e.message : String(e)); }
  }, [id, show, t]);
  useEffect(() => {
    void load();
    return connectLobby((m) => {
      // A newer version of this tournament: fetch it (after a reconnect, the lobby's list may carry one too).
      const pushed = m.type === 'tournament' ? [m.tournament] : m.type === 'lobby' ? m.tournaments ?? [] : [];
      const mine = pushed.find((p) => p.id === id);
      if (mine && mine.version > (shown.current?.version ?? -1)) void load();
    });
  }, [id, load]);
  const op = async (o: TournamentOp, bot?: string) => {
    if ((o === 'withdraw' && !bot && !confirm(t('tourn.confirmWithdraw'))) || (o === 'cancel' && !confirm(t('tourn.confirmCancel')))) return;
    setBusy(true);
    try { show(await tournamentsApi.op(id, o, bot)); setError(null); }
    catch (e) { setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); }
    finally { setBusy(false); }
  };
  if (!x) return <div className="narrow">{error ? <><h1>{t('tourn.title')}</h1><p className="error" role="alert">{error}</p></> : <p className="muted">{t('common.loading')}</p>}</div>;
  const elimination = x.format === 'single-elimination' || x.format === 'double-elimination';
  const rounds = [...x.roundsPlayed].sort((a, b) => b.number - a.number);
  const you = x.you;
  // The organiser of a tournament that takes bots enters them (and may withdraw them) before the start.
  const botDesk = me?.name === x.organiser && x.allowBots && x.status === 'open';
  const botsIn = x.standings.filter((s) => s.bot && !s.withdrawn);
  // The signed-in player's unfinished game of the round being played: the first thing they need.
  const current = x.roundsPlayed.find((r) => r.number === x.round && r.status === 'playing');
  const myGame = me ? current?.pairings.find((p) => p.players.includes(me.name))?.games.find((g) => g.status !== 'finished' && g.status !== 'pending') : undefined;
  return (
    <div className="tournament" data-testid="tournament" data-version={x.version} data-status={x.status}>
      <div className="lobby-head">
        <h1 dir="auto">{x.name}</h1>
        <Link to="/tournaments" className="small">{t('tourn.all')}</Link>
      </div>
      <p className="muted">{tournamentKind(t, x)}</p>
      <p className="muted small">{t('tourn.organiser', { name: x.organiser })} · {t('tourn.playersCount', { count: x.players, max: x.capacity.max })}{x.status === 'open' ? ` · ${t('tourn.minPlayers', { count: x.capacity.min })}` : ''}</p>
      <p data-testid="tournament-when"><b><TournamentWhen x={x} /></b>{x.status === 'finished' && x.champion && <> · <span data-testid="champion" dir="auto">{t('tourn.champion', { name: playerName(t, x.champion) })}</span></>}</p>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="tournament-announce">{said}</div>
      {error && <p className="error" role="alert" data-testid="tournament-error">{error}</p>}
      <div className="button-row tournament-actions" data-testid="tournament-actions">
        {myGame && current && <span data-testid="tournament-your-game"><Link to={`/games/${encodeURIComponent(myGame.id)}`} className="button primary">{t('tourn.yourGame', { round: current.number })}</Link></span>}
        {!me && x.status === 'open' && <Link to={`/signin?next=${encodeURIComponent(`/tournaments/${id}`)}`} className="button primary">{t('tourn.signInToJoin')}</Link>}
        {you?.canJoin && <button type="button" className="primary" disabled={busy} onClick={() => void op('join')} data-testid="tournament-join">{t('tourn.join')}</button>}
        {you?.canWithdraw && <button type="button" disabled={busy} onClick={() => void op('withdraw')} data-testid="tournament-withdraw">{t('tourn.withdraw')}</button>}
        {you?.canStart && <button type="button" disabled={busy} onClick={() => void op('start')} data-testid="tournament-start-now">{t('tourn.start')}</button>}
        {you?.canCancel && <button type="button" className="danger" disabled={busy} onClick={() => void op('cancel')} data-testid="tournament-cancel">{t('tourn.cancel')}</button>}
        {you?.joined && !you.withdrawn && <span className="muted" data-testid="tournament-joined">{t('tourn.joined')}</span>}
        {you?.coolingOffUntil && !you.joined && <span className="muted">{t('tourn.coolingOff', { when: formatDateTimeZone(you.coolingOffUntil, lang) })}</span>}
      </div>
      {botDesk && (
        <div className="button-row" data-testid="tournament-bots">
          <select aria-label={t('tourn.enterBot')} value="" disabled={busy} onChange={(e) => { if (e.target.value) void op('join', e.target.value); }} data-testid="tournament-add-bot">
            <option value="">{t('tourn.enterBot')}</option>
            {BOT_NAMES.map((b) => <option key={b} value={b}>{botName(t, b)}</option>)}
          </select>
          {botsIn.map((s) => <button key={s.name} type="button" className="small" disabled={busy} onClick={() => void op('withdraw', s.name)}>{t('tourn.withdrawBot', { name: playerName(t, s.name) })}</button>)}
        </div>
      )}
      {elimination && x.bracket && (
        // The bracket's scroller is the named region (it scrolls sideways on its own); the panel only holds its heading.
        <div className="panel">
          <h2>{t('tourn.bracket')}</h2>
          <Bracket bracket={x.bracket} />
        </div>
      )}
      <div className="tournament-body">
      <section className="panel standings-panel" aria-labelledby="standings-title">
        <h2 id="standings-title">{x.status === 'open' ? t('tourn.entrants') : t('tourn.standings')}</h2>
        {x.standings.length === 0 ? <p className="muted">{t('tourn.noEntrants')}</p> : <Standings standings={x.standings} lang={lang} entrants={x.status === 'open' || (x.status === 'cancelled' && x.round === 0)} />}
      </section>
      {rounds.length > 0 && (
        <section className="panel" aria-labelledby="rounds-title" data-testid="rounds">
          <h2 id="rounds-title">{t('tourn.rounds')}</h2>
          {rounds.map((r) => <Round key={r.number} r={r} lang={lang} game={x.game} me={me?.name ?? null} />)}
        </section>
      )}
      </div>
    </div>
  );
}
