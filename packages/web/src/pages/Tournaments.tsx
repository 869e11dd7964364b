import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeControlT, TournamentFormatT, TournamentSidesT, TournamentSummaryT } from '@tabula/protocol';
import { TOURNAMENT_CAPACITY, TOURNAMENT_NAME_MAX, TOURNAMENT_ROUNDS, TOURNAMENT_TABLE_SIZE } from '@tabula/protocol/limits';
import { api, ApiError, getAuth, type CatalogEntry } from '../api/client.js';
import { tournamentsApi, type TournamentList } from '../api/tournaments.js';
import { connectLobby } from '../api/lobby.js';
import { Link, navigate } from '../router.js';
import { loadGame } from '../games.js';
import { SetupForm, type SetupChoice } from '../components/SetupForm.js';
import { TimeControlPicker, timeControlProblem } from '../components/Clocks.js';
import { TournamentRow } from '../components/TournamentRow.js';

const LISTS: TournamentList[] = ['upcoming', 'running', 'finished'];
export const FORMATS: TournamentFormatT[] = ['swiss', 'single-elimination', 'double-elimination', 'round-robin'];

/** /tournaments: upcoming, running and finished tournaments, kept current by the lobby socket. */
export function Tournaments() {
  const { t } = useTranslation();
  const [lists, setLists] = useState<Record<TournamentList, TournamentSummaryT[]> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const [upcoming, running, finished] = await Promise.all(LISTS.map((s) => tournamentsApi.list(s)));
      setLists({ upcoming: upcoming!, running: running!, finished: finished! });
      setError(null);
      for (const id of new Set([upcoming!, running!, finished!].flat().map((x) => x.game))) void loadGame(id).catch(() => undefined);
    } catch (e) { setError(e instanceof Error ? e.message : String(e)); }
  }, []);
  useEffect(() => {
    void load();
    // Each change, and each reconnect after the first connection (pushes may have been missed meanwhile).
    let connected = false;
    return connectLobby((m) => {
      if (m.type === 'tournament' || (m.type === 'lobby' && connected)) void load();
      if (m.type === 'lobby') connected = true;
    });
  }, [load]);
  return (
    <div className="tournaments">
      <div className="lobby-head">
        <h1>{t('tourn.title')}</h1>
        {getAuth() && <Link to="/tournaments/new" className="button primary" data-testid="tournament-create">{t('tourn.create')}</Link>}
      </div>
      {error && <p className="error" role="alert">{error}</p>}
      {!lists && !error && <p className="muted">{t('common.loading')}</p>}
      {lists && LISTS.map((s) => (
        <section key={s} className="panel" data-testid={`tournaments-${s}`} aria-labelledby={`tournaments-${s}-title`}>
          <h2 id={`tournaments-${s}-title`}>{t(`tourn.list.${s}`)}</h2>
          {lists[s].length === 0 ? <p className="muted">{t('tourn.none')}</p> : <ul className="games">{lists[s].map((x) => <TournamentRow key={x.id} x={x} />)}</ul>}
        </section>
      ))}
    </div>
  );
}

/** "2026-12-07T21:00" in the viewer's time zone: what a datetime-local input shows. */
function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The next full hour at least 30 minutes away: a start time to offer. */
function defaultStart(): Date {
  const d = new Date(Date.now() + 90 * 60_000);
  d.setMinutes(0, 0, 0);
  return d;
}

/** /tournaments/new: the game as a new game offers it (scenario, variants), then format, rounds, clock, capacity, start. */
export function NewTournament() {
  const { t } = useTranslation();
  const [catalog, setCatalog] = useState<CatalogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);
  const [game, setGame] = useState('');
  const [name, setName] = useState('');
  const [format, setFormat] = useState<TournamentFormatT>('swiss');
  const [rounds, setRounds] = useState(3);
  const [tableSize, setTableSize] = useState(2);
  const [timeControl, setTimeControl] = useState<TimeControlT>({ kind: 'live', baseSeconds: 5 * 60, incrementSeconds: 3 });
  const [rated, setRated] = useState(false);
  const [capMin, setCapMin] = useState(4);
  const [capMax, setCapMax] = useState(16);
  const [start, setStart] = useState(() => localInputValue(defaultStart()));
  const [allowBots, setAllowBots] = useState(false);
  const [sides, setSides] = useState<TournamentSidesT | ''>('');
  useEffect(() => {
    api.catalog().then(async (c) => { await Promise.allSettled(c.map((e) => loadGame(e.id))); setCatalog(c); }, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  const entry = catalog?.find((c) => c.id === game) ?? catalog?.[0];
  const tableSizes = entry ? Array.from({ length: entry.players.max - entry.players.min + 1 }, (_, i) => entry.players.min + i).filter((n) => n === 2 || (n >= TOURNAMENT_TABLE_SIZE.min && n <= TOURNAMENT_TABLE_SIZE.max)) : [2];
  useEffect(() => { if (entry) setTableSize(entry.players.min <= 2 && entry.players.max >= 2 ? 2 : entry.players.default); }, [entry?.id]);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const twoPlayer = tableSize === 2;
  const create = async (c: SetupChoice, e?: FormEvent) => {
    e?.preventDefault();
    const problem = timeControlProblem(t, timeControl);
    if (problem) { setError(problem); return; }
    const startsAt = new Date(start);
    if (Number.isNaN(startsAt.getTime())) { setError(t('tourn.badStart')); return; }
    setBusy(true);
    setError(null);
    try {
      const { id } = await tournamentsApi.create({
        name: name.trim(), game: c.game, ...(c.scenario ? { scenario: c.scenario } : {}), ...(Object.keys(c.variants).length ? { variants: c.variants } : {}),
        format, ...(format === 'swiss' ? { rounds } : {}), ...(!twoPlayer && format === 'swiss' ? { tableSize } : {}),
        timeControl, rated, capacity: { min: capMin, max: capMax }, startsAt: startsAt.toISOString(),
        ...(allowBots && !rated ? { allowBots: true } : {}), ...(sides ? { sides } : {}),
      });
      navigate(`/tournaments/${encodeURIComponent(id)}`);
    } catch (err) {
      setUnverified(err instanceof ApiError && err.code === 'not-verified');
      setError(err instanceof ApiError ? (err.status === 400 ? timeControlProblem(t, timeControl, err.message) : null) ?? t(`tourn.error.${err.code}`, { defaultValue: t(`error.${err.code}`, { defaultValue: err.message }) }) : String(err));
      setBusy(false);
    }
  };
  return (
    <div className="narrow">
      <h1>{t('tourn.new')}</h1>
      {error && <p className="error" role="alert" data-testid="tournament-error">{error}{unverified && <> <Link to="/settings">{t('nav.settings')}</Link></>}</p>}
      {!catalog && !error && <p className="muted">{t('common.loading')}</p>}
      {catalog && catalog.length > 0 && (
        <SetupForm catalog={catalog} online seatChoices={false} onGameChange={setGame} onSubmit={(c) => void create(c)} busy={busy} submitLabel={t('tourn.submit')}
          before={(
            <label>{t('tourn.name')}
              <input name="name" required maxLength={TOURNAMENT_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} data-testid="tournament-name" />
            </label>
          )}>
          <label>{t('tourn.format')}
            <select name="format" value={format} onChange={(e) => setFormat(e.target.value as TournamentFormatT)} data-testid="tournament-format" aria-describedby="format-help">
              {FORMATS.filter((f) => twoPlayer || f === 'swiss').map((f) => <option key={f} value={f}>{t(`tourn.format.${f}`)}</option>)}
            </select>
            <span className="muted small" id="format-help">{t(`tourn.formatHelp.${format}`)}</span>
          </label>
          {format === 'swiss' && (
            <label>{t('tourn.rounds.count')}
              <input type="number" name="rounds" min={TOURNAMENT_ROUNDS.min} max={TOURNAMENT_ROUNDS.max} value={rounds} onChange={(e) => setRounds(Number(e.target.value) || 0)} data-testid="tournament-rounds" />
            </label>
          )}
          {tableSizes.length > 1 && (
            <label>{t('tourn.tableSize')}
              <select name="tableSize" value={tableSize} onChange={(e) => { const n = Number(e.target.value); setTableSize(n); if (n > 2) setFormat('swiss'); }} data-testid="tournament-table-size">
                {tableSizes.map((n) => <option key={n} value={n}>{n}</option>)}
              </select>
            </label>
          )}
          {twoPlayer && (
            <label>{t('tourn.sides')}
              <select name="sides" value={sides} onChange={(e) => setSides(e.target.value as TournamentSidesT | '')} data-testid="tournament-sides">
                <option value="">{t('tourn.sides.default')}</option>
                <option value="balanced">{t('tourn.sides.balanced')}</option>
                <option value="both">{t('tourn.sides.both')}</option>
              </select>
            </label>
          )}
          <TimeControlPicker value={timeControl} onChange={setTimeControl} />
          <fieldset className="capacity">
            <legend>{t('tourn.capacity')}</legend>
            <label>{t('tourn.capacityMin')} <input type="number" name="capacityMin" min={TOURNAMENT_CAPACITY.min} max={TOURNAMENT_CAPACITY.max} value={capMin} onChange={(e) => setCapMin(Number(e.target.value) || 0)} data-testid="tournament-min" /></label>
            <label>{t('tourn.capacityMax')} <input type="number" name="capacityMax" min={TOURNAMENT_CAPACITY.min} max={TOURNAMENT_CAPACITY.max} value={capMax} onChange={(e) => setCapMax(Number(e.target.value) || 0)} data-testid="tournament-max" /></label>
          </fieldset>
          <label>{t('tourn.startTime', { zone })}
            <input type="datetime-local" name="startsAt" required value={start} onChange={(e) => setStart(e.target.value)} data-testid="tournament-start" />
          </label>
          <label className="check"><input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} data-testid="tournament-rated" /> {t('setup.rated')}</label>
          <label className="check"><input type="checkbox" checked={allowBots && !rated} disabled={rated} onChange={(e) => setAllowBots(e.target.checked)} data-testid="tournament-bots" aria-describedby="bots-help" /> {t('tourn.allowBots')}</label>
          <span className="muted small" id="bots-help">{t('tourn.botsHelp')}</span>
        </SetupForm>
      )}
    </div>
  );
}
