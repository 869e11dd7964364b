/** Setup (Aufbau): options and decks, the shuffled decks, the opening hands, the front die at 5. */
import { RuleCodes, RuleError, isDeepStrictEqual, seedRng, shuffleInPlace, type SetupOptions } from '@tabula/engine';
import { card } from './cards.js';
import { BUILTIN_DECKS, DEFAULT_DECKS } from './decks.js';
import { deckCards, validateDeck } from './deckfile.js';
import { startTurn } from './flow.js';
import { HAND_LIMIT, SIDES, draw } from './state.js';
import type { Balancing, DeckFile, Era, HacseState, PlayerState, Side } from './types.js';

export const SCENARIOS: Era[] = ['early', 'late'];
export const DEFAULT_TURN_LIMIT = 60;
export const START_HAND = { start: 4, other: 6 } as const;

function bad(message: string): never {
  throw new RuleError(RuleCodes.badOptions, message);
}

/** A deck given by built-in id or as a full deck object, checked by the validator. */
const builtinChecked = new Map<string, DeckFile>();

export function resolveDeck(spec: unknown, scenario: Era, role: Side): DeckFile {
  if (typeof spec === 'string' && BUILTIN_DECKS[spec] && !(scenario === 'early' && BUILTIN_DECKS[spec]!.era === 'late')) {
    let d = builtinChecked.get(spec);
    if (!d) { d = validateDeck(BUILTIN_DECKS[spec]).deck!; builtinChecked.set(spec, d); }
    return d;
  }
  const raw = typeof spec === 'string' ? BUILTIN_DECKS[spec] : spec;
  if (raw === undefined) bad(`Unknown deck "${String(spec)}" for ${role}; built-in decks: ${Object.keys(BUILTIN_DECKS).join(', ')}.`);
  const check = validateDeck(raw, { scenario });
  if (!check.ok) throw new RuleError('bad-deck', `The ${role} deck is not legal: ${check.problems.map((p) => p.message).join(' ')}`, { role, problems: check.problems });
  const deck = check.deck!;
  // An uploaded deck may not pose as a built-in one: the built-in ids are reserved (issue 19).
  if (typeof spec !== 'string' && BUILTIN_DECKS[deck.id] && !isDeepStrictEqual(deck, builtinChecked.get(deck.id) ?? validateDeck(BUILTIN_DECKS[deck.id]).deck)) {
    throw new RuleError('reserved-deck-id', `The deck id "${deck.id}" belongs to a built-in deck: give your deck an id of its own.`, { role });
  }
  return deck;
}

/** A deck spec in its stored form: a built-in id, or the uploaded deck as the validator read it. */
export function normalizeDeckSpec(spec: unknown, scenario: Era, role: Side): unknown {
  if (typeof spec === 'string') return spec;
  const deck = resolveDeck(spec, scenario, role);
  return BUILTIN_DECKS[deck.id] ? deck.id : deck;
}

/** `variants` with each uploaded deck in its validated form (what the server stores). */
export function normalizeVariants(o: SetupOptions): Record<string, unknown> {
  const v = { ...(o.variants ?? {}) };
  const scenario = (o.scenario ?? 'early') as Era;
  if (v.decks !== undefined && v.decks !== null) {
    if (typeof v.decks !== 'object' || Array.isArray(v.decks)) bad('variants.decks must be { axis?: deck, allies?: deck }.');
    const decks: Record<string, unknown> = {};
    for (const [role, spec] of Object.entries(v.decks as Record<string, unknown>)) {
      if (role !== 'axis' && role !== 'allies') bad('variants.decks must be { axis?: deck, allies?: deck }.');
      decks[role] = normalizeDeckSpec(spec, scenario, role);
    }
    v.decks = decks;
  }
  return v;
}

export function isEarlyOnly(deck: DeckFile): boolean {
  return deck.cards.every((e) => card(e.id).era === 'early');
}

export function setupState(o: SetupOptions): HacseState {
  const scenario = (o.scenario ?? 'early') as Era;
  if (!SCENARIOS.includes(scenario)) throw new RuleError(RuleCodes.unknownScenario, `Unknown scenario "${String(o.scenario)}"; use early or late.`);
  const v = o.variants ?? {};
  const specs = (v.decks ?? {}) as Record<string, unknown>;
  if (typeof specs !== 'object' || specs === null || Array.isArray(specs)) bad('variants.decks must be { axis?: deck, allies?: deck }.');
  const pick = (role: Side, short: unknown): unknown => specs[role] ?? (short === undefined || short === null || short === 'auto' ? DEFAULT_DECKS[scenario][role] : short);
  const axisDeck = resolveDeck(pick('axis', v.axisDeck), scenario, 'axis');
  const alliesDeck = resolveDeck(pick('allies', v.alliesDeck), scenario, 'allies');
  const decks: Record<Side, DeckFile> = { axis: axisDeck, allies: alliesDeck };
  // Aufbau: two decks of one side are allowed, the allies role then plays the other side (die mirrored at 5).
  const mirrored = axisDeck.side === alliesDeck.side;
  if (!mirrored && (axisDeck.side !== 'axis' || alliesDeck.side !== 'allies')) bad('The axis role needs an Axis deck and the allies role an Allied deck (unless both decks are of one side).');
  const choice = (v.earlyVsLate ?? 'choose') as Balancing | 'choose';
  if (!['choose', 'none', 'doctrine', 'numbers'].includes(choice)) bad('variants.earlyVsLate must be choose, none, doctrine or numbers.');
  const autoReshuffle = v.autoReshuffle ?? false;
  if (typeof autoReshuffle !== 'boolean') bad('variants.autoReshuffle must be true or false.');
  // A17: the armistice and the hand limit are not in the rules ("Spielziele" names breakthrough and
  // annihilation only; "Aktionen" lists no limit): variants, off by default.
  const armistice = v.armistice ?? false;
  if (typeof armistice !== 'boolean') bad('variants.armistice must be true or false.');
  const turnLimit = v.turnLimit ?? DEFAULT_TURN_LIMIT;
  if (typeof turnLimit !== 'number' || !Number.isInteger(turnLimit) || turnLimit < 2 || turnLimit > 1000) bad('variants.turnLimit must be an integer 2-1000.');
  const handLimit = v.handLimit ?? false;
  if (typeof handLimit !== 'boolean') bad('variants.handLimit must be true or false.');
  // Früh gegen Spät: the option helps the all-Early deck facing a deck with Late cards.
  let early: Side | null = null;
  for (const side of SIDES) if (isEarlyOnly(decks[side]) && !isEarlyOnly(decks[side === 'axis' ? 'allies' : 'axis'])) early = side;

  const rng = seedRng(o.seed);
  const players = {} as Record<Side, PlayerState>;
  for (const side of SIDES) {
    players[side] = { deck: shuffleInPlace(rng, deckCards(decks[side])), hand: [], discard: [], units: [], supports: [], progress: [], removed: [], known: [] };
  }
  const start: Side = scenario === 'early' ? 'allies' : 'axis';
  const s: HacseState = {
    scenario,
    rules: { destroyAt: { axis: 6, allies: 6 }, doctrine: null, balancing: 'none', turnLimit: armistice ? turnLimit : null, handLimit: handLimit ? HAND_LIMIT : null, mirrored, autoReshuffle },
    decks: {
      axis: { id: axisDeck.id, name: axisDeck.name, side: axisDeck.side, era: axisDeck.era, nations: [...axisDeck.nations], size: players.axis.deck.length, builtin: BUILTIN_DECKS[axisDeck.id] !== undefined },
      allies: { id: alliesDeck.id, name: alliesDeck.name, side: alliesDeck.side, era: alliesDeck.era, nations: [...alliesDeck.nations], size: players.allies.deck.length, builtin: BUILTIN_DECKS[alliesDeck.id] !== undefined },
    },
    die: 5, turn: 0, active: start, start, phase: 'main', actionsLeft: 0, freeMoveUsed: false, discountUsed: false,
    players, nextUid: 1, pending: null, combat: null, lastCombat: null, outcome: null, rng, reveals: 0, early: null,
    handTaken: 0, calmMark: '', calmSince: 0,
  };
  draw(s, start, START_HAND.start);
  draw(s, start === 'axis' ? 'allies' : 'axis', START_HAND.other);
  s.early = early;
  if (early && choice === 'choose') {
    // Früh gegen Spät: "Zwei Möglichkeiten stehen dem Spieler des 'frühen' Decks zur Auswahl": its first decision.
    s.phase = 'balance';
    s.active = early;
    return s;
  }
  chooseBalancing(s, early ? (choice as Balancing) : 'none');
  return s;
}

/** Applies the Early player's option (Früh gegen Spät), then the doctrine pick (option 1.2) or turn 1. */
export function chooseBalancing(s: HacseState, balancing: Balancing): void {
  const early = s.early;
  s.rules.balancing = early ? balancing : 'none';
  if (early && balancing === 'numbers') s.rules.destroyAt[early] = 7;
  s.rules.doctrine = early && balancing === 'doctrine' ? early : null;
  const doctrine = s.rules.doctrine;
  if (doctrine && s.players[doctrine].deck.some((id) => card(id).kind === 'support')) {
    s.phase = 'doctrine';
    s.active = doctrine;
    return;
  }
  startTurn(s, s.start);
}
