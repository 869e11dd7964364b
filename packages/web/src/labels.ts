// Turning the engines' data (ids, i18n keys + args, actions) into words in the current language.
import type { TFunction } from 'i18next';

type Args = Record<string, unknown> | undefined;

export function gameName(t: TFunction, id: string): string {
  return t(`game.${id}`, { defaultValue: id });
}

function humanize(s: string): string {
  const spaced = s.replace(/[-_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function roleName(t: TFunction, gameId: string, role: string | null): string {
  if (role === null) return t('role.spectator');
  return t(`role.${role}`, { ns: gameId, defaultValue: humanize(role) });
}

export function scenarioName(t: TFunction, gameId: string, scenario: string): string {
  return t(`scenario.${scenario}`, { ns: gameId, defaultValue: humanize(scenario) });
}

export function variantName(t: TFunction, gameId: string, key: string): string {
  return t(`variant.${key}`, { ns: gameId, defaultValue: humanize(key) });
}

/** An id that names something of the game (a card, tile, side, zone or feature): the game's word for it, else ''. */
function gameWord(t: TFunction, gameId: string, v: string): string {
  // "name.<id>", or a card's name ("card.<id>.name")
  return t(`name.${v}`, { ns: gameId, defaultValue: '' }) || t(`card.${v}.name`, { ns: gameId, defaultValue: '' })
    // a side ("axis"), a zone ("front"), a feature ("road"): the game's own word when it has one
    || t(`role.${v}`, { ns: gameId, defaultValue: '' }) || t(`zone.${v}`, { ns: gameId, defaultValue: '' })
    || t(`feature.${v}`, { ns: gameId, defaultValue: '' });
}

/**
 * Translates arguments that are themselves keys of the game (role, area, card, tile names) when the game has them.
 * Lists (e.g. the players who score) are translated item by item and stay lists: messages join them in their
 * language with i18next's list format ("{{players, list}}", Intl.ListFormat). Every string argument is also kept
 * untranslated as "<name>Id", for messages that need a form of the word ("$t(zoneIn.{{zoneId}})").
 */
function localizeArgs(t: TFunction, gameId: string, args: Args): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args ?? {})) {
    if (typeof v === 'string') out[`${k}Id`] = v;
    if (typeof v === 'string' && k === 'role') out[k] = roleName(t, gameId, v);
    else if (typeof v === 'string') out[k] = gameWord(t, gameId, v) || v;
    else if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? gameWord(t, gameId, x) || humanize(x) : String(x)));
    else out[k] = v;
  }
  return out;
}

function argsText(args: Args): string {
  const parts = Object.entries(args ?? {}).map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** A log line { role, key, args }: the game's "log.<key>" message, else the platform's, else the raw key. */
export function logText(t: TFunction, gameId: string, line: { role: string | null; key: string; args?: Args }): string {
  const key = line.key.startsWith('log.') ? line.key : `log.${line.key}`;
  const args = { ...localizeArgs(t, gameId, line.args), role: line.role ? roleName(t, gameId, line.role) : '' };
  const text = t(`${key}`, { ns: gameId, ...args, defaultValue: '' }) || t(`ui:${key}`, { ...args, defaultValue: '' });
  if (text) return text;
  return `${humanize(line.key.replace(/^log\./, ''))}${argsText(line.args)}`;
}

/** A bot's reason for its move (learning mode, { key: "bot.<reason>", args }): the game's message, with the bot's side as {{role}}. */
export function reasonText(t: TFunction, gameId: string, role: string, reason: { key: string; args?: Args }): string {
  const args = { ...localizeArgs(t, gameId, reason.args), role: roleName(t, gameId, role) };
  return t(reason.key, { ns: gameId, ...args, defaultValue: '' }) || t('bot.best', { ns: gameId, ...args, defaultValue: '' }) || roleName(t, gameId, role);
}

/** A RuleError code: the game's "rule.<code>" message, else the platform's, else the server's English message. */
export function ruleText(t: TFunction, gameId: string, code: string, fallback: string, args?: Record<string, unknown>): string {
  return t(`rule.${code}`, { ns: gameId, ...(args ? localizeArgs(t, gameId, args as Args) : {}), defaultValue: '' }) || t(`rule.${code}`, { defaultValue: '' }) || t(`error.${code}`, { defaultValue: '' }) || fallback;
}

export function actionType(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && !Array.isArray(action)) {
    const a = action as Record<string, unknown>;
    for (const k of ['type', 'kind', 'verb', 'action', 'op']) if (typeof a[k] === 'string') return a[k] as string;
  }
  return 'action';
}

function valueText(t: TFunction, gameId: string, v: unknown): string {
  if (typeof v === 'string') return gameWord(t, gameId, v) || humanize(v);
  if (v === null || v === undefined) return '-';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A bot's id ("mcts-hard", "mcts-medium@400"): the bots package's names, never an account's. */
const BOT_ID = /^(random|mcts-[a-z]+)(@\d+)?$/;

/** A bot seat as players read it: "Bot (Hard)" in the player's language. */
export function botName(t: TFunction, bot: string): string {
  const base = bot.split('@')[0]!;
  return t('seat.botNamed', { bot: t(`bot.${base}`, { defaultValue: humanize(base) }) });
}

/** An account or bot name as the server sends it ("alice", "mcts-hard"): bots by their level, never their id. */
export function playerName(t: TFunction, name: string): string {
  return BOT_ID.test(name) ? botName(t, name) : name;
}

/** A game's own words for its actions (blocks, areas, cards by the names the board shows); registered by `loadActionNames`. */
export type ActionNamer = (t: TFunction, gameId: string, action: unknown) => string | null;
const namers = new Map<string, ActionNamer>();
export function registerActionNamer(gameId: string, namer: ActionNamer): void { namers.set(gameId, namer); }

/** A readable label for a legal action: the game's "action.<type>" message with the action's fields, else a generic one. */
export function actionLabel(t: TFunction, gameId: string, action: unknown): string {
  const own = namers.get(gameId)?.(t, gameId, action);
  if (own) return own;
  const type = actionType(action);
  const fields: Record<string, unknown> = {};
  if (action && typeof action === 'object' && !Array.isArray(action)) {
    for (const [k, v] of Object.entries(action as Record<string, unknown>)) fields[k] = valueText(t, gameId, v);
  }
  const text = t(`action.${type}`, { ns: gameId, ...fields, defaultValue: '' });
  if (text) return text;
  const rest = Object.entries(fields).filter(([k]) => !['type', 'kind', 'verb', 'action', 'op'].includes(k));
  if (typeof action !== 'object' || action === null) return humanize(String(action));
  return rest.length ? `${rest.map(([k, v]) => `${k} ${String(v)}`).join(', ')}` : humanize(type);
}

export function actionGroupName(t: TFunction, gameId: string, type: string): string {
  return t(`actionGroup.${type}`, { ns: gameId, defaultValue: '' }) || humanize(type);
}
