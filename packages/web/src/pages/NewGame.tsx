import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError, type CatalogEntry } from '../api/client.js';
import type { TimeControlT } from '@tabula/protocol';
import { SetupForm, type SetupChoice } from '../components/SetupForm.js';
import { TimeControlPicker, timeControlProblem } from '../components/Clocks.js';
import { navigate } from '../router.js';
import { loadGame } from '../games.js';

export function NewGame() {
  const { t } = useTranslation();
  const [catalog, setCatalog] = useState<CatalogEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [timeControl, setTimeControl] = useState<TimeControlT>({ kind: 'none' });
  const [rated, setRated] = useState(false);
  useEffect(() => {
    // The games' own messages (scenario, variant and value labels) load before the form shows, as on this device.
    api.catalog().then(async (c) => { await Promise.allSettled(c.map((e) => loadGame(e.id))); setCatalog(c); }, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  const create = async (c: SetupChoice) => {
    const problem = timeControlProblem(t, timeControl);
    if (problem) { setError(problem); return; }
    setBusy(true);
    setError(null);
    try {
      const { id } = await api.createGame({ game: c.game, scenario: c.scenario, players: c.players, variants: Object.keys(c.variants).length ? c.variants : undefined, ...(timeControl.kind !== 'none' ? { timeControl } : {}), ...(rated ? { rated: true } : {}), ...(c.learning ? { learning: true } : {}) });
      // Take my seat(s) first, then hand seats to bots (a bot seat may start playing at once).
      for (const [role, who] of Object.entries(c.seats)) if (who === 'me') await api.takeSeat(id, role);
      for (const [role, who] of Object.entries(c.seats)) if (who !== 'me' && who !== 'human') await api.takeSeat(id, role, who);
      navigate(`/games/${id}`);
    } catch (e) {
      setError(e instanceof ApiError ? (e.status === 400 ? timeControlProblem(t, timeControl, e.message) : null) ?? t(`error.${e.code}`, { defaultValue: e.message }) : String(e));
      setBusy(false);
    }
  };
  return (
    <div className="narrow">
      <h1>{t('setup.newOnline')}</h1>
      {error && <p className="error" role="alert">{error}</p>}
      {catalog && catalog.length === 0 && <p className="muted">{t('setup.noGames')}</p>}
      {catalog && catalog.length > 0 && <TimeControlPicker value={timeControl} onChange={setTimeControl} />}
      {catalog && catalog.length > 0 && (
        <label className="card"><input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} data-testid="setup-rated" /> {t('setup.rated')}</label>
      )}
      {catalog && catalog.length > 0 && <SetupForm catalog={catalog} initialGame={new URLSearchParams(location.search).get('game') ?? undefined} online onSubmit={(c) => void create(c)} busy={busy} submitLabel={t('setup.create')} />}
      {!catalog && !error && <p className="muted">{t('common.loading')}</p>}
    </div>
  );
}
