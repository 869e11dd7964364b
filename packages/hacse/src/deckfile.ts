/**
 * The deck file format ("hacse-deck/1"): a JSON Schema (exported as a constant) and a validator
 * that explains every problem in plain words. Deck rules (Deckbau, as far as known, and our
 * decisions for the rest, docs/rules/hacse.md A16): one side; one or more nations of that side;
 * exactly 18 standard combat orders, 6 of each type; 35-60 cards; an Early deck holds only Early
 * cards, a Late deck may hold both; at most 6 copies of any other card; only known card ids.
 */
import { CARDS, ORDER_IDS } from './cards.js';
import type { DeckFile, Era, Side } from './types.js';

export const DECK_FORMAT = 'hacse-deck/1';
export const DECK_MIN = 35;
export const DECK_MAX = 60;
export const ORDERS_PER_TYPE = 6;
export const MAX_COPIES = 6;
/** Bounds of a deck file's lists: nations named, card entries (an entry per card id: at most DECK_MAX). */
export const MAX_NATIONS = 8;
export const MAX_ENTRIES = DECK_MAX;
/** Nations are ids like the deck's: lower-case letters, digits and dashes. */
const NATION_RE = /^[a-z][a-z0-9-]{0,31}$/;

export const deckSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://tabula.example/schemas/hacse-deck-1.json',
  title: 'HACSE Kartenspiel deck',
  type: 'object',
  required: ['format', 'id', 'name', 'side', 'era', 'nations', 'cards'],
  additionalProperties: false,
  properties: {
    format: { const: DECK_FORMAT },
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' },
    name: { type: 'string', minLength: 1, maxLength: 80 },
    side: { enum: ['axis', 'allies'] },
    era: { enum: ['early', 'late'] },
    nations: { type: 'array', minItems: 1, maxItems: MAX_NATIONS, items: { type: 'string', pattern: NATION_RE.source }, uniqueItems: true },
    cards: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_ENTRIES,
      items: {
        type: 'object',
        required: ['id', 'count'],
        additionalProperties: false,
        properties: { id: { type: 'string' }, count: { type: 'integer', minimum: 1, maximum: 18 } },
      },
    },
  },
} as const;

export interface DeckProblem {
  /** Stable code; i18n key "deck.<code>". */
  code: string;
  /** Plain English explanation. */
  message: string;
  args?: Record<string, string | number>;
}

export interface DeckCheck { ok: boolean; problems: DeckProblem[]; deck: DeckFile | null }

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Checks a deck file (any JSON value). `scenario` adds the era rule of a setting: an Early game
 * accepts only Early decks. Returns every problem found, not just the first.
 */
export function validateDeck(input: unknown, opts: { scenario?: Era } = {}): DeckCheck {
  const problems: DeckProblem[] = [];
  const p = (code: string, message: string, args?: Record<string, string | number>): void => {
    problems.push(args ? { code, message, args } : { code, message });
  };
  if (!isObj(input)) {
    p('not-an-object', 'A deck file must be a JSON object with format, id, name, side, era, nations and cards.');
    return { ok: false, problems, deck: null };
  }
  const allowed = new Set(Object.keys(deckSchema.properties));
  for (const k of Object.keys(input)) if (!allowed.has(k)) p('unknown-field', `The field "${k}" is not part of a deck file.`, { field: k });
  if (input.format !== DECK_FORMAT) p('format', `"format" must be "${DECK_FORMAT}".`);
  if (typeof input.id !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(input.id)) p('id', 'The deck "id" must be 1-64 lower-case letters, digits or dashes.');
  if (typeof input.name !== 'string' || input.name.length === 0 || input.name.length > 80) p('name', 'The deck needs a "name" of 1-80 characters.');
  const side = input.side;
  if (side !== 'axis' && side !== 'allies') p('side', 'The deck "side" must be "axis" or "allies": a deck belongs to exactly one side.');
  const era = input.era;
  if (era !== 'early' && era !== 'late') p('era', 'The deck "era" must be "early" (1939-1942) or "late" (1943-1945).');
  const nations = Array.isArray(input.nations) ? input.nations : null;
  if (!nations || nations.length === 0 || nations.length > MAX_NATIONS || !nations.every((n) => typeof n === 'string' && NATION_RE.test(n)) || new Set(nations).size !== nations.length) {
    p('nations', `The deck must list its nations (1-${MAX_NATIONS} different ids of lower-case letters, digits or dashes), e.g. ["germany"].`);
  }
  if (!Array.isArray(input.cards) || input.cards.length === 0 || input.cards.length > MAX_ENTRIES) {
    p('cards', `The deck must list its cards as [{ "id": ..., "count": ... }, ...] (at most ${MAX_ENTRIES} entries).`);
    return { ok: false, problems, deck: null };
  }
  const counts = new Map<string, number>();
  input.cards.forEach((e, i) => {
    if (!isObj(e) || typeof e.id !== 'string' || typeof e.count !== 'number' || !Number.isInteger(e.count) || e.count < 1 || e.count > 18) {
      p('entry', `Card entry ${i + 1} must be { "id": "<card id>", "count": <1-18> }.`, { index: i + 1 });
      return;
    }
    counts.set(e.id, (counts.get(e.id) ?? 0) + e.count);
  });
  let total = 0;
  for (const [id, n] of counts) {
    total += n;
    const c = CARDS.get(id);
    if (!c) { p('unknown-card', `There is no card with the id "${id}".`, { card: id }); continue; }
    if (c.kind === 'order') continue;
    if ((side === 'axis' || side === 'allies') && c.side !== 'any' && c.side !== side) {
      p('wrong-side', `"${id}" is a card of the ${c.side === 'axis' ? 'Axis' : 'Allies'}; this deck belongs to the ${side === 'axis' ? 'Axis' : 'Allies'}.`, { card: id });
    }
    if (nations && c.nation !== undefined && !nations.includes(c.nation)) {
      p('wrong-nation', `"${id}" belongs to the nation "${c.nation}", which the deck does not list in "nations".`, { card: id, nation: c.nation });
    }
    if (era === 'early' && c.era === 'late') p('wrong-era', `"${id}" is a Late card (1943-1945); an Early deck may hold only Early cards.`, { card: id });
    if (n > MAX_COPIES) p('too-many-copies', `"${id}" appears ${n} times; at most ${MAX_COPIES} copies of a card are allowed (combat orders excepted).`, { card: id, count: n });
  }
  for (const [type, id] of Object.entries(ORDER_IDS)) {
    const n = counts.get(id) ?? 0;
    if (n !== ORDERS_PER_TYPE) p('orders', `The deck must hold exactly ${ORDERS_PER_TYPE} "${type}" combat orders (${id}); it holds ${n}.`, { order: type, count: n });
  }
  if (total < DECK_MIN || total > DECK_MAX) p('size', `A deck holds ${DECK_MIN}-${DECK_MAX} cards; this one holds ${total}.`, { count: total });
  const units = [...counts].filter(([id]) => CARDS.get(id)?.kind === 'unit').reduce((a, [, n]) => a + n, 0);
  if (units === 0) p('no-units', 'The deck holds no units: it could never hold a front.');
  if (opts.scenario === 'early' && era === 'late') p('scenario-era', 'This is an Early (1939-1942) game: only Early decks may take part.');
  if (problems.length > 0) return { ok: false, problems, deck: null };
  const deck: DeckFile = {
    format: DECK_FORMAT, id: input.id as string, name: input.name as string, side: side as Side, era: era as Era,
    nations: [...(nations as string[])], cards: [...counts].map(([id, count]) => ({ id, count })),
  };
  return { ok: true, problems, deck };
}

/** The cards of a deck as a flat list of ids (in entry order). */
export function deckCards(deck: DeckFile): string[] {
  const out: string[] = [];
  for (const e of deck.cards) for (let i = 0; i < e.count; i++) out.push(e.id);
  return out;
}
