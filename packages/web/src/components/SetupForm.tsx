import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogEntry } from '../api/client.js';
import { gameName, roleName, scenarioName, variantName } from '../labels.js';
import { DeckPicker } from './DeckPicker.js';
import { QUICK_BOT } from '../local/quick.js';

export const BOT_NAMES = ['random', 'mcts-easy', 'mcts-medium', 'mcts-hard'];

/** "me", "human" (someone else: online an open seat, locally another person at this device) or a bot name. */
export type SeatChoice = string;

export interface SetupChoice {
  game: string;
  scenario?: string;
  players?: number;
  variants: Record<string, unknown>;
  seats: Record<string, SeatChoice>;
  /** Learning mode: hints on for the player, and each bot explains its moves (only offered against a bot). */
  learning?: boolean;
}

/** A variant whose value is one deck per role (HACSE "decks"). */
function isDeckVariant(v: { key: string; default: unknown; values?: unknown[] }): boolean {
  return v.key === 'decks' && !v.values && (v.default === null || typeof v.default === 'object');
}

/** "axisDeck" next to a deck picker that already offers every built-in deck per side: one place to choose is enough. */
function redundantDeckChoice(v: { key: string }, all: { key: string; default: unknown; values?: unknown[] }[]): boolean {
  return /^[a-z]+Deck$/.test(v.key) && all.some(isDeckVariant);
}

function parseVariantValue(s: string): unknown {
  if (s === 'true') return true;
  if (s === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
  return s;
}

/**
 * Game, scenario, players, variants and who sits where: shared by online game creation and local play. A tournament
 * asks for no seats (`seatChoices` false: no players or seat choices) and adds its own fields (`before`, `children`).
 */
export function SetupForm({ catalog, onSubmit, online, busy, submitLabel, initialGame, seatChoices = true, onGameChange, before, children }: {
  catalog: (Omit<CatalogEntry, 'bots'> & { bots?: string[] })[];
  initialGame?: string;
  onSubmit: (c: SetupChoice) => void;
  online: boolean;
  busy?: boolean;
  submitLabel: string;
  seatChoices?: boolean;
  onGameChange?: (game: string) => void;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [gameId, setGameId] = useState(catalog.find((c) => c.id === initialGame)?.id ?? catalog[0]?.id ?? '');
  const entry = catalog.find((c) => c.id === gameId) ?? catalog[0];
  const [scenario, setScenario] = useState('');
  const [players, setPlayers] = useState(0);
  const [variants, setVariants] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<Record<string, SeatChoice>>({});
  const [decks, setDecks] = useState<Record<string, unknown>>({});
  const [learning, setLearning] = useState(false);
  const bots = entry?.bots?.length ? entry.bots : BOT_NAMES;

  useEffect(() => {
    if (!entry) return;
    setScenario(entry.scenarios[0] ?? '');
    setPlayers(entry.players.default);
    setVariants(Object.fromEntries(entry.variants.map((v) => [v.key, String(v.default)])));
    setDecks({});
    onGameChange?.(entry.id);
  }, [entry?.id]);

  const roles = useMemo(() => (entry ? entry.roles[players] ?? entry.roles[entry.players.default] ?? [] : []), [entry, players]);
  useEffect(() => {
    // A newcomer plays against a bot by default (a quick one); an open seat for a friend is one choice away.
    const defaultBot = bots.includes(QUICK_BOT) ? QUICK_BOT : bots[0] ?? 'random';
    setSeats((prev) => Object.fromEntries(roles.map((r, i) => [r, prev[r] ?? (i === 0 ? 'me' : defaultBot)])));
  }, [roles, online]);

  if (!entry) return <p className="muted">{t('common.loading')}</p>;
  // Learning mode needs a bot to explain and a player here to learn.
  const againstBot = roles.some((r) => seats[r] === 'me') && roles.some((r) => seats[r] && seats[r] !== 'me' && seats[r] !== 'human');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const vs: Record<string, unknown> = {};
    for (const v of entry.variants) {
      if (v.scenarios && !v.scenarios.includes(scenario)) continue;
      if (isDeckVariant(v)) { if (Object.keys(decks).length) vs[v.key] = decks; continue; }
      const raw = variants[v.key];
      if (raw !== undefined && raw !== String(v.default)) vs[v.key] = typeof v.default === 'string' ? raw : parseVariantValue(raw);
    }
    onSubmit({
      game: entry.id,
      scenario: scenario && scenario !== entry.scenarios[0] ? scenario : scenario || undefined,
      players: seatChoices && entry.players.min !== entry.players.max ? players : undefined,
      variants: vs,
      seats,
      ...(learning && againstBot ? { learning: true } : {}),
    });
  };
  return (
    <form className="card form setup-form" onSubmit={submit}>
      {before}
      <label>{t('setup.game')}
        <select name="game" value={entry.id} onChange={(e) => setGameId(e.target.value)} data-testid="setup-game">
          {catalog.map((c) => <option key={c.id} value={c.id}>{gameName(t, c.id)}</option>)}
        </select>
      </label>
      {entry.scenarios.length > 1 && (
        <label>{t('setup.scenario')}
          <select name="scenario" value={scenario} onChange={(e) => setScenario(e.target.value)}>
            {entry.scenarios.map((s) => <option key={s} value={s}>{scenarioName(t, entry.id, s)}</option>)}
          </select>
        </label>
      )}
      {seatChoices && entry.players.min !== entry.players.max && (
        <label>{t('setup.players')}
          <select name="players" value={players} onChange={(e) => setPlayers(Number(e.target.value))}>
            {Array.from({ length: entry.players.max - entry.players.min + 1 }, (_, i) => entry.players.min + i).map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </label>
      )}
      {entry.variants.filter((v) => !redundantDeckChoice(v, entry.variants) && (!v.scenarios || v.scenarios.includes(scenario))).map((v) => isDeckVariant(v) ? (
        <DeckPicker key={v.key} gameId={entry.id} roles={roles} value={decks} onChange={setDecks} />
      ) : (
        <label key={v.key}>{variantName(t, entry.id, v.key)}
          {v.values?.length ? (
            <select name={`variant-${v.key}`} value={variants[v.key] ?? ''} onChange={(e) => setVariants({ ...variants, [v.key]: e.target.value })}>
              {v.values.map((x) => <option key={String(x)} value={String(x)}>{typeof x === 'boolean' ? (x ? t('common.yes') : t('common.no')) : t(`${entry.id}:variant.${v.key}.${String(x)}`, { defaultValue: String(x) })}</option>)}
            </select>
          ) : typeof v.default === 'boolean' ? (
            <select name={`variant-${v.key}`} value={variants[v.key] ?? ''} onChange={(e) => setVariants({ ...variants, [v.key]: e.target.value })}>
              <option value="true">{t('common.yes')}</option>
              <option value="false">{t('common.no')}</option>
            </select>
          ) : (
            <input name={`variant-${v.key}`} value={variants[v.key] ?? ''} onChange={(e) => setVariants({ ...variants, [v.key]: e.target.value })} />
          )}
          {v.description && <span className="muted small">{t(`${entry.id}:variantHelp.${v.key}`, { defaultValue: v.description })}</span>}
        </label>
      ))}
      {seatChoices && <fieldset className="seat-choices">
        <legend>{t('setup.seats')}</legend>
        {roles.map((r) => (
          <label key={r} className="seat-choice">{roleName(t, entry.id, r)}
            <select name={`seat-${r}`} data-testid={`seat-${r}`} value={seats[r] ?? 'human'} onChange={(e) => setSeats({ ...seats, [r]: e.target.value })}>
              <option value="me">{online ? t('setup.me') : t('setup.human')}</option>
              {online && <option value="human">{t('setup.open')}</option>}
              {bots.map((b) => <option key={b} value={b}>{t('seat.bot', { bot: t(`bot.${b}`, { defaultValue: b }) })}</option>)}
            </select>
          </label>
        ))}
      </fieldset>}
      {againstBot && (
        <label className="learning-choice">
          <input type="checkbox" name="learning" checked={learning} onChange={(e) => setLearning(e.target.checked)} data-testid="setup-learning" /> {t('setup.learning')}
          <span className="muted small">{t('setup.learningHelp')}</span>
        </label>
      )}
      {children}
      <button type="submit" className="primary" disabled={busy} data-testid="setup-submit">{submitLabel}</button>
    </form>
  );
}
