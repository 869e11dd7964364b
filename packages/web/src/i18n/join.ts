// The four ways the client joins phrases, each with its own mark in every language (Chinese uses 、，；。
// where the others use commas, semicolons and full stops). Screen-reader sentences are built with these too.
type T = (key: string) => string;

/** Names of one kind in a row ("Fife, Lothian"; 、 in Chinese). */
export const joinItems = (t: T, items: readonly string[]): string => items.join(t('common.listSep'));
/** Phrases that describe one thing ("Edward, England, strength 4"; ， in Chinese). */
export const joinClauses = (t: T, items: readonly string[]): string => items.join(t('common.clauseSep'));
/** Groups that hold commas themselves ("north: city, road; east: field"; ； in Chinese). */
export const joinGroups = (t: T, items: readonly string[]): string => items.join(t('common.groupSep'));
/** Whole sentences ("Fife. Borders: …"; 。 in Chinese). */
export const joinSentences = (t: T, items: readonly string[]): string => items.join(t('common.sentenceSep'));
