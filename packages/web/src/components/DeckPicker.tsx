import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleName } from '../labels.js';

interface DeckFileLike { id: string; name: string; side: string; era: string }

/** HACSE: a deck per role, one of the built-in decks or a deck file (JSON) of your own. */
export function DeckPicker({ gameId, roles, value, onChange }: {
  gameId: string;
  roles: string[];
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  const [decks, setDecks] = useState<DeckFileLike[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    import('@tabula/hacse').then((m) => setDecks(Object.values(m.BUILTIN_DECKS as Record<string, DeckFileLike>)), () => setDecks([]));
  }, []);
  const set = (role: string, v: unknown) => {
    const next = { ...value };
    if (v === undefined) delete next[role]; else next[role] = v;
    onChange(next);
  };
  const upload = async (role: string, f: File) => {
    try { set(role, JSON.parse(await f.text())); setError(null); } catch (e) { setError(e instanceof Error ? e.message : String(e)); }
  };
  return (
    <fieldset className="seat-choices">
      <legend>{t('setup.decks')}</legend>
      {roles.map((r) => {
        const v = value[r];
        const custom = v !== undefined && typeof v === 'object';
        return (
          <div key={r} className="deck-choice">
            <label className="seat-choice">{roleName(t, gameId, r)}
              <select value={custom ? '__file' : typeof v === 'string' ? v : ''} onChange={(e) => set(r, e.target.value === '' || e.target.value === '__file' ? undefined : e.target.value)} data-testid={`deck-${r}`}>
                <option value="">{t('setup.deckDefault')}</option>
                {decks.map((d) => <option key={d.id} value={d.id}>{t(`deckname.${d.id}`, { ns: gameId, defaultValue: d.name })} ({d.era})</option>)}
                {custom && <option value="__file">{(v as { name?: string }).name ?? t('setup.deckFile')}</option>}
              </select>
            </label>
            <label className="small">{t('setup.deckFile')}
              <input type="file" accept="application/json,.json" onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(r, f); }} />
            </label>
          </div>
        );
      })}
      {error && <p className="error">{error}</p>}
    </fieldset>
  );
}
