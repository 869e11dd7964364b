/** The built-in decks (authored as data in decks/*.json). */
import germanyEarly from './decks/germany-early.json' with { type: 'json' };
import germanyLate from './decks/germany-late.json' with { type: 'json' };
import sovietEarly from './decks/soviet-early.json' with { type: 'json' };
import sovietLate from './decks/soviet-late.json' with { type: 'json' };
import type { DeckFile, Era, Side } from './types.js';

export const BUILTIN_DECKS: Readonly<Record<string, DeckFile>> = {
  'germany-early': germanyEarly as DeckFile,
  'germany-late': germanyLate as DeckFile,
  'soviet-early': sovietEarly as DeckFile,
  'soviet-late': sovietLate as DeckFile,
};

/** The deck each role gets when the setup names none. */
export const DEFAULT_DECKS: Record<Era, Record<Side, string>> = {
  early: { axis: 'germany-early', allies: 'soviet-early' },
  late: { axis: 'germany-late', allies: 'soviet-late' },
};
