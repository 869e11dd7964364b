import { CHAT_MAX_CHARS } from '@tabula/protocol';
import { unprocessable } from '../http/errors.js';

/**
 * Chat text as stored and shown: NFC, with every control character (Cc: C0, DEL, C1) and every format
 * character (Cf: bidi embeddings, overrides and isolates, LRM/RLM/ALM, zero-width space/joiners, word joiner,
 * BOM, soft hyphen, ...) removed, line breaks and tabs made spaces, runs of spaces collapsed, trimmed.
 * Clients still render it as text, never as HTML.
 */
export function cleanChatText(raw: string): string {
  return raw.normalize('NFC')
    .replace(/[\t\n\r\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** The cleaned text, or a 422: empty after cleaning, or longer than CHAT_MAX_CHARS characters (code points). */
export function checkedChatText(raw: string): string {
  const text = cleanChatText(raw);
  if (text.length === 0) throw unprocessable('chat-empty', 'The message is empty.');
  const n = [...text].length;
  if (n > CHAT_MAX_CHARS) throw unprocessable('chat-too-long', `A message has at most ${CHAT_MAX_CHARS} characters (this one has ${n}).`);
  return text;
}
