import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gameIds, catalogOf, loadGame, type LocalCatalogEntry } from '../games.js';
import { SetupForm, type SetupChoice } from '../components/SetupForm.js';
import { loadCurrent, parseLocalFile, randomSeed, saveCurrent } from '../local/session.js';
import { gameName } from '../labels.js';
import { Link, navigate } from '../router.js';

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
    saveCurrent({ game: c.game, seed: randomSeed(), options: { scenario: c.scenario, players: c.players, variants: Object.keys(c.variants).length ? c.variants : undefined }, actions: [], seats });
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
      {current && (
        <p className="card">
          {t('local.continue', { game: gameName(t, current.game), count: current.actions.length })}{' '}
          <Link to="/local/play" className="button primary" data-testid="local-continue">{t('local.resume')}</Link>
        </p>
      )}
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
