import { CHAT_MAX_CHARS, CHAT_MAX_MARKS_PER_CHAR } from '@tabula/protocol';
import { unprocessable } from '../http/errors.js';

const MARK_RUN = new RegExp(`(\\p{M}{${CHAT_MAX_MARKS_PER_CHAR}})\\p{M}+`, 'gu');

/**
 * Chat text as stored and shown: NFC, with every control character (Cc: C0, DEL, C1), every format
 * character (Cf: bidi embeddings, overrides and isolates, LRM/RLM/ALM, zero-width space/joiners, word joiner,
 * BOM, soft hyphen, ...) and every other default-ignorable code point (Hangul fillers, variation selectors,
 * the combining grapheme joiner) removed, at most CHAT_MAX_MARKS_PER_CHAR combining marks on a character,
 * line breaks and tabs made spaces, runs of spaces collapsed, trimmed. Clients still render it as text, never as HTML.
 */
export function cleanChatText(raw: string): string {
  return raw.normalize('NFC')
    .replace(/[\t\n\r\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .replace(MARK_RUN, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether the text shows something: a letter, digit, punctuation or symbol other than a blank (the braille blank draws nothing). */
function hasVisibleText(text: string): boolean {
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(text.replace(/\u2800/g, ''));
}

/** The cleaned text, or a 422: empty after cleaning, or longer than CHAT_MAX_CHARS characters (code points). */
export function checkedChatText(raw: string): string {
  const text = cleanChatText(raw);
  if (!hasVisibleText(text)) throw unprocessable('chat-empty', 'The message is empty: it has no visible text.');
  const n = [...text].length;
  if (n > CHAT_MAX_CHARS) throw unprocessable('chat-too-long', `A message has at most ${CHAT_MAX_CHARS} characters (this one has ${n}).`);
  return text;
}
