import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameIds, catalogOf, loadGame, type LocalCatalogEntry } from '../games.js';
import { TutorialLinks } from '../components/TutorialLinks.js';
import { SetupForm, type SetupChoice } from '../components/SetupForm.js';
import { loadCurrent, parseLocalFile, randomSeed, saveCurrent } from '../local/session.js';
import type { SavedGame } from '../local/library.js';

// The device's list (IndexedDB through idb) is a chunk of its own.
const library = () => import('../local/library.js');
import { gameName } from '../labels.js';
import { Link, navigate } from '../router.js';

/** The games saved on this device (IndexedDB), newest first: resume, replay or remove each. */
function SavedGames() {
  const { t, i18n } = useTranslation();
  const [games, setGames] = useState<SavedGame[] | null>(null);
  const reload = () => void library().then((l) => l.listGames()).then(setGames, () => setGames([]));
  useEffect(reload, []);
  if (!games || games.length === 0) return null;
  const resume = (g: SavedGame) => { const { updatedAt: _u, ...file } = g; saveCurrent(file); navigate('/local/play'); };
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="card" aria-labelledby="saved-games">
      <h2 id="saved-games">{t('local.saved')}</h2>
      <ul className="saved-games" data-testid="saved-games">
        {games.map((g) => (
          <li key={g.id} data-testid="saved-game" data-game={g.game} data-finished={g.finished ? 'true' : undefined}>
            <span>{gameName(t, g.game)} · {g.finished ? t('local.finished') : t('local.moves', { count: g.actions.length })} · <span className="muted small">{when(g.updatedAt)}</span></span>{' '}
            {!g.finished && <button type="button" className="small primary" onClick={() => resume(g)} data-testid="saved-resume">{t('local.resume')}</button>}{' '}
            <Link to={`/local/replay?id=${encodeURIComponent(g.id)}`} className="button small" data-testid="saved-replay">{t('local.replay')}</Link>{' '}
            <button type="button" className="small" onClick={() => void library().then((l) => l.deleteGame(g.id)).then(reload)} aria-label={t('local.removeNamed', { game: gameName(t, g.game) })}>{t('local.remove')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LocalSetup() {
  const { t } = useTranslation();
  const [catalog, setCatalog] = useState<LocalCatalogEntry[] | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const current = loadCurrent();
  useEffect(() => {
    const ids = gameIds();
    void Promise.allSettled(ids.map((id) => loadGame(id))).then((rs) => {
      const ok: LocalCatalogEntry[] = [];
      const bad: string[] = [];
      rs.forEach((r, i) => (r.status === 'fulfilled' ? ok.push(catalogOf(r.value.game)) : bad.push(ids[i]!)));
      setCatalog(ok);
      setMissing(bad);
    });
  }, []);
  const start = (c: SetupChoice) => {
    const seats = Object.fromEntries(Object.entries(c.seats).map(([r, w]) => [r, w === 'human' ? 'me' : w]));
    saveCurrent({ game: c.game, seed: randomSeed(), options: { scenario: c.scenario, players: c.players, variants: Object.keys(c.variants).length ? c.variants : undefined }, actions: [], seats, ...(c.learning ? { learning: true } : {}) });
    navigate('/local/play');
  };
  const open = async (f: File) => {
    try {
      const parsed = parseLocalFile(JSON.parse(await f.text()));
      saveCurrent(parsed);
      navigate('/local/play');
    } catch (e) {
      setError(t('local.badFile', { message: e instanceof Error ? e.message : String(e) }));
    }
  };
  return (
    <div className="narrow">
      <h1>{t('local.title')}</h1>
      <p className="muted">{t('local.intro')}</p>
      <TutorialLinks />
      {current && (
        <p className="card">
          {t('local.continue', { game: gameName(t, current.game), count: current.actions.length })}{' '}
          <Link to="/local/play" className="button primary" data-testid="local-continue">{t('local.resume')}</Link>
        </p>
      )}
      <SavedGames />
      {error && <p className="error" role="alert">{error}</p>}
      {catalog === null ? <p className="muted">{t('common.loading')}</p>
        : catalog.length === 0 ? <p className="muted">{t('setup.noGames')}</p>
          : <SetupForm catalog={catalog} online={false} initialGame={new URLSearchParams(location.search).get('game') ?? undefined} onSubmit={start} submitLabel={t('local.start')} />}
      {missing.length > 0 && <p className="muted small">{t('local.missing', { games: missing.map((g) => gameName(t, g)).join(t('common.listSep')) })}</p>}
      <div className="card">
        <label>{t('local.load')}
          <input ref={file} type="file" accept="application/json,.json" data-testid="load-file" onChange={(e) => { const f = e.target.files?.[0]; if (f) void open(f); }} />
        </label>
      </div>
    </div>
  );
}
