import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogEntryT, LobbyGameT, SeekT, TimeControlT, TournamentSummaryT } from '@tabula/protocol';
import { api, ApiError, getAuth } from '../api/client.js';
import { connectLobby } from '../api/lobby.js';
import { Link, navigate } from '../router.js';
import { loadGame } from '../games.js';
import { formatDate } from '../dates.js';
import { botName, gameName, playerName, scenarioName } from '../labels.js';
import { TimeControlPicker, timeControlText } from './Clocks.js';
import { TournamentRow } from './TournamentRow.js';

const tcKey = (tc: TimeControlT): string => (tc.kind === 'live' ? `live:${tc.baseSeconds}+${tc.incrementSeconds}` : tc.kind === 'correspondence' ? `corr:${tc.days}` : 'none');

/** The lobby socket: games, seeks and tournaments as the server pushes them; `paired` moves this page to the new game. */
function useLobby(): { games: LobbyGameT[]; seeks: SeekT[]; tournaments: TournamentSummaryT[]; live: boolean } {
  const [games, setGames] = useState<Map<string, LobbyGameT>>(new Map());
  const [seeks, setSeeks] = useState<SeekT[]>([]);
  const [tournaments, setTournaments] = useState<Map<string, TournamentSummaryT>>(new Map());
  const [live, setLive] = useState(false);
  useEffect(() => connectLobby((m) => {
    if (m.type === 'lobby') { setGames(new Map(m.games.map((g) => [g.id, g]))); setSeeks(m.seeks); setTournaments(new Map((m.tournaments ?? []).map((x) => [x.id, x]))); }
    else if (m.type === 'game') setGames((prev) => new Map(prev).set(m.game.id, m.game));
    else if (m.type === 'seeks') setSeeks(m.seeks);
    else if (m.type === 'tournament') setTournaments((prev) => ((prev.get(m.tournament.id)?.version ?? -1) >= m.tournament.version ? prev : new Map(prev).set(m.tournament.id, m.tournament)));
    else if (m.type === 'paired') navigate(`/games/${m.game}`);
  }, setLive), []);
  const list = useMemo(() => [...games.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)), [games]);
  const shownTournaments = useMemo(() => [...tournaments.values()].filter((x) => x.status === 'open' || x.status === 'running').sort((a, b) => a.startsAt.localeCompare(b.startsAt)), [tournaments]);
  return { games: list, seeks, tournaments: shownTournaments, live };
}

function LobbyRow({ g }: { g: LobbyGameT }) {
  const { t, i18n } = useTranslation();
  const free = g.seats.filter((s) => !s.user && !s.bot).length;
  return (
    <li className="game-row" data-game-id={g.id} data-status={g.status} data-testid="lobby-game">
      <Link to={`/games/${g.id}`} className="game-link"><b>{gameName(t, g.game)}</b> <span className="muted">· {scenarioName(t, g.game, g.scenario)}</span></Link>
      <span className="seats muted" dir="auto">{g.seats.map((s) => s.user ?? (s.bot ? botName(t, s.bot) : t('seat.free'))).join(' · ')}</span>
      {g.timeControl.kind !== 'none' && <span className="tag clock-tag">⏱ {timeControlText(t, g.timeControl)}</span>}
      {g.rated && <span className="tag">{t('lobby.rated')}</span>}
      {g.status === 'open' && free > 0 && <span className="tag">{t('lobby.freeSeats', { count: free })}</span>}
      {g.status === 'finished' && (
        <span className="small" data-testid="lobby-winner">
          <span dir="auto">{g.winners.length ? t('lobby.won', { names: g.winners.map((w) => playerName(t, w)).join(t('common.listSep')) }) : t('result.noWinner')}</span>
          <span className="muted"> · {formatDate(g.updatedAt, i18n.resolvedLanguage ?? i18n.language)}</span>
        </span>
      )}
      {g.status === 'finished' && <Link to={`/games/${g.id}/replay`} className="button small">{t('lobby.replay')}</Link>}
    </li>
  );
}

/** Quick pairing: any opponent for a game, scenario, time control, rated or not. */
function SeekForm({ catalog, seeks }: { catalog: CatalogEntryT[]; seeks: SeekT[] }) {
  const { t } = useTranslation();
  const me = getAuth();
  const two = catalog.filter((c) => c.players.min <= 2 && c.players.max >= 2);
  const [game, setGame] = useState(two[0]?.id ?? '');
  const entry = two.find((c) => c.id === game) ?? two[0];
  const [scenario, setScenario] = useState('');
  const [tc, setTc] = useState<TimeControlT>({ kind: 'none' });
  const [rated, setRated] = useState(true);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { setScenario(entry?.scenarios[0] ?? ''); }, [entry?.id]);
  const mine = seeks.filter((s) => s.user === me?.name);
  if (!entry || !me) return null;
  const seek = async () => {
    try {
      const s = await api.seek({ game: entry.id, scenario, timeControl: tc, rated });
      setError(null);
      if (s.status === 'paired' && s.gameId) navigate(`/games/${s.gameId}`);
    } catch (e) { setError(e instanceof ApiError ? t(`error.${e.code}`, { defaultValue: e.message }) : String(e)); }
  };
  return (
    <section className="panel seek" aria-labelledby="seek-title">
      <h2 id="seek-title">{t('seek.title')}</h2>
      <div className="form seek-form">
        <label>{t('setup.game')}
          <select value={entry.id} onChange={(e) => setGame(e.target.value)} data-testid="seek-game">
            {two.map((c) => <option key={c.id} value={c.id}>{gameName(t, c.id)}</option>)}
          </select>
        </label>
        {entry.scenarios.length > 1 && (
          <label>{t('setup.scenario')}
            <select value={scenario} onChange={(e) => setScenario(e.target.value)} data-testid="seek-scenario">
              {entry.scenarios.map((s) => <option key={s} value={s}>{scenarioName(t, entry.id, s)}</option>)}
            </select>
          </label>
        )}
        <TimeControlPicker value={tc} onChange={setTc} />
        <label className="check"><input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} data-testid="seek-rated" /> {t('setup.rated')}</label>
        <button type="button" className="primary" onClick={() => void seek()} data-testid="seek-submit">{t('seek.submit')}</button>
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {mine.length > 0 && (
        <ul className="games" data-testid="my-seeks">
          {mine.map((s) => (
            <li key={s.id} className="game-row">{t('seek.waiting', { game: gameName(t, s.game) })} <span className="muted">· {scenarioName(t, s.game, s.scenario)} · {s.timeControl.kind === 'none' ? t('seek.noClock') : timeControlText(t, s.timeControl)}{s.rated ? ` · ${t('lobby.rated')}` : ''}</span>
              {' '}<button type="button" className="small" onClick={() => void api.cancelSeek(s.id).catch(() => undefined)} data-testid="seek-cancel">{t('seek.cancel')}</button></li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Upcoming and running tournaments, compact. */
function LobbyTournaments({ tournaments }: { tournaments: TournamentSummaryT[] }) {
  const { t } = useTranslation();
  if (tournaments.length === 0) return null;
  return (
    <section className="panel lobby-tournaments" data-testid="lobby-tournaments" aria-labelledby="lobby-tournaments-title">
      <h2 id="lobby-tournaments-title">{t('tourn.title')}</h2>
      <ul className="games">{tournaments.slice(0, 5).map((x) => <TournamentRow key={x.id} x={x} />)}</ul>
      <Link to="/tournaments" className="small">{t('tourn.all')}</Link>
    </section>
  );
}

/** The lobby that moves: pushed games (open, playing, finished) with filters, and seeks. */
export function LiveLobby({ onChange }: { onChange?: () => void }) {
  const { t } = useTranslation();
  const { games, seeks, tournaments, live } = useLobby();
  const [catalog, setCatalog] = useState<CatalogEntryT[]>([]);
  const [fGame, setFGame] = useState('');
  const [fScenario, setFScenario] = useState('');
  const [fTc, setFTc] = useState('');
  const [fRated, setFRated] = useState('');
  useEffect(() => { api.catalog().then(async (c) => { await Promise.allSettled(c.map((e) => loadGame(e.id))); setCatalog(c); }, () => undefined); }, []);
  useEffect(() => { onChange?.(); }, [games, onChange]);
  const tcs = [...new Map(games.map((g) => [tcKey(g.timeControl), g.timeControl])).entries()];
  const shown = games.filter((g) => (!fGame || g.game === fGame) && (!fScenario || g.scenario === fScenario) && (!fTc || tcKey(g.timeControl) === fTc) && (!fRated || String(g.rated) === fRated));
  const scenarios = fGame ? catalog.find((c) => c.id === fGame)?.scenarios ?? [] : [];
  const section = (status: string, title: string) => {
    const list = shown.filter((g) => g.status === status).slice(0, 50);
    return (
      <section className="panel" data-testid={`lobby-${status}`}>
        <h2>{title}</h2>
        {list.length === 0 ? <p className="muted">{t('lobby.none')}</p> : <ul className="games">{list.map((g) => <LobbyRow key={g.id} g={g} />)}</ul>}
      </section>
    );
  };
  return (
    <>
      <LobbyTournaments tournaments={tournaments} />
      <div className="lobby-filters form" role="group" aria-label={t('lobby.filters')} data-testid="lobby-filters" data-live={live ? 'yes' : 'no'}>
        <label>{t('setup.game')}
          <select value={fGame} onChange={(e) => { setFGame(e.target.value); setFScenario(''); }} data-testid="filter-game">
            <option value="">{t('lobby.any')}</option>
            {catalog.map((c) => <option key={c.id} value={c.id}>{gameName(t, c.id)}</option>)}
          </select>
        </label>
        {scenarios.length > 1 && (
          <label>{t('setup.scenario')}
            <select value={fScenario} onChange={(e) => setFScenario(e.target.value)} data-testid="filter-scenario">
              <option value="">{t('lobby.any')}</option>
              {scenarios.map((s) => <option key={s} value={s}>{scenarioName(t, fGame, s)}</option>)}
            </select>
          </label>
        )}
        <label>{t('lobby.timeControl')}
          <select value={fTc} onChange={(e) => setFTc(e.target.value)} data-testid="filter-tc">
            <option value="">{t('lobby.any')}</option>
            {tcs.map(([k, tc]) => <option key={k} value={k}>{tc.kind === 'none' ? t('seek.noClock') : timeControlText(t, tc)}</option>)}
          </select>
        </label>
        <label>{t('lobby.rated')}
          <select value={fRated} onChange={(e) => setFRated(e.target.value)} data-testid="filter-rated">
            <option value="">{t('lobby.any')}</option>
            <option value="true">{t('common.yes')}</option>
            <option value="false">{t('common.no')}</option>
          </select>
        </label>
      </div>
      <div className="lobby-columns" data-testid="lobby-columns">
        <div className="lobby-col">
        <SeekForm catalog={catalog} seeks={seeks} />
        <section className="panel">
          <h2>{t('seek.open')}</h2>
          {seeks.length === 0 ? <p className="muted">{t('lobby.none')}</p> : (
            <ul className="games" data-testid="open-seeks">{seeks.map((s) => (
              <li key={s.id} className="game-row"><b dir="auto">{s.user}</b> <span className="muted">{gameName(t, s.game)} · {scenarioName(t, s.game, s.scenario)} · {s.timeControl.kind === 'none' ? t('seek.noClock') : timeControlText(t, s.timeControl)}{s.rated ? ` · ${t('lobby.rated')}` : ''}</span></li>
            ))}</ul>
          )}
        </section>
        </div>
      {section('open', t('lobby.open'))}
      {section('active', t('lobby.watch'))}
      {section('finished', t('lobby.finished'))}
      </div>
    </>
  );
}
