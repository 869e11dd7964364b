import type { TimeControlT } from '@tabula/protocol';
/**
 * The options of a new game (issue 19): bounded (size, strings, lists, keys, depth), checked against
 * the game's scenarios, player counts and variants, and normalised, so what is stored is what the
 * server validated and never the request body itself.
 */
import { isDeepStrictEqual, isRuleError, type AnyGame, type Role, type SetupOptions } from '@tabula/engine';
import { MAX_OPTIONS_BYTES, MAX_OPTION_DEPTH, MAX_OPTION_ITEMS, MAX_OPTION_KEYS, MAX_OPTION_STRING } from '@tabula/protocol';
import { ApiError, unprocessable } from '../http/errors.js';

export interface CreateGameBody {
  game: string;
  scenario?: string;
  players?: number;
  variants?: Record<string, unknown>;
  timeControl?: TimeControlT;
  /** Glicko-2 rated (social/ratings.ts); people only. */
  rated?: boolean;
  /** A learning game: one person, every other seat a bot; hints on; never rated. */
  learning?: boolean;
  /** The finished game this one is a rematch of (social/rematch.ts). */
  rematchOf?: string;
}

const tooLarge = (message: string): ApiError => new ApiError(413, 'options-too-large', message);

/** Throws 413 options-too-large unless `value` is plain JSON within the option bounds. */
export function checkOptionBounds(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.length > MAX_OPTION_STRING) throw tooLarge(`Option strings have at most ${MAX_OPTION_STRING} characters.`);
    } else if (Array.isArray(v)) {
      if (depth >= MAX_OPTION_DEPTH) throw tooLarge(`Options nest at most ${MAX_OPTION_DEPTH} levels deep.`);
      if (v.length > MAX_OPTION_ITEMS) throw tooLarge(`Option lists have at most ${MAX_OPTION_ITEMS} entries.`);
      for (const x of v) stack.push([x, depth + 1]);
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_OPTION_DEPTH) throw tooLarge(`Options nest at most ${MAX_OPTION_DEPTH} levels deep.`);
      const entries = Object.entries(v);
      if (entries.length > MAX_OPTION_KEYS) throw tooLarge(`Option objects have at most ${MAX_OPTION_KEYS} keys.`);
      for (const [k, x] of entries) {
        if (k.length > MAX_OPTION_STRING) throw tooLarge(`Option keys have at most ${MAX_OPTION_STRING} characters.`);
        stack.push([x, depth + 1]);
      }
    }
  }
  if (Buffer.byteLength(JSON.stringify(value) ?? '') > MAX_OPTIONS_BYTES) throw tooLarge(`The options (decks included) have at most ${MAX_OPTIONS_BYTES} bytes of JSON.`);
}

export interface ValidatedGame {
  /** Without the seed: the caller adds a fresh one. */
  options: Omit<SetupOptions, 'seed'>;
  roles: Role[];
  active: Role[];
}

/** The normalised options of `body` for `game`, with the roles and first active roles they set up. */
export function validateGameOptions(game: AnyGame, body: CreateGameBody, seed: string): ValidatedGame {
  const scenario = body.scenario ?? game.scenarios[0]!;
  if (!game.scenarios.includes(scenario)) throw unprocessable('unknown-scenario', `"${game.id}" has no scenario "${scenario}" (${game.scenarios.join(', ')}).`);
  const options: SetupOptions = { seed, scenario };
  if (body.players !== undefined) {
    const p = game.players;
    const fixed = game.roles({ seed: 'x', scenario }).length;
    const ok = p ? body.players >= p.min && body.players <= p.max : body.players === fixed;
    if (!ok) throw unprocessable('bad-players', `"${game.id}" is for ${p ? `${p.min}-${p.max}` : fixed} players.`);
    options.players = body.players;
  }
  if (body.variants !== undefined && Object.keys(body.variants).length > 0) {
    checkOptionBounds(body.variants);
    const specs = game.variants ?? [];
    const variants: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body.variants)) {
      const spec = specs.find((s) => s.key === key);
      if (!spec) throw unprocessable('unknown-variant', `"${game.id}" has no variant "${key}"${specs.length ? ` (${specs.map((s) => s.key).join(', ')})` : ''}.`);
      if (spec.values && !spec.values.some((v) => isDeepStrictEqual(v, value))) throw unprocessable('bad-variant', `Variant "${key}" must be one of ${JSON.stringify(spec.values)}.`);
      variants[key] = structuredClone(value);
    }
    options.variants = variants;
  }
  try {
    if (options.variants && game.normalizeVariants) options.variants = game.normalizeVariants(options);
    const roles = game.roles(options);
    const active = game.active(game.setup(options));
    const { seed: _seed, ...rest } = options;
    return { options: rest, roles, active };
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (isRuleError(e)) throw unprocessable(e.code, e.message);
    throw unprocessable('bad-options', `These options do not set up a game: ${e instanceof Error ? e.message : String(e)}`);
  }
}
