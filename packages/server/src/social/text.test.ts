import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_MAX_MARKS_PER_CHAR } from '@tabula/protocol';
import { ApiError } from '../http/errors.js';
import { checkedChatText, cleanChatText } from './text.js';

const refused = (raw: string): boolean => {
  try { checkedChatText(raw); return false; } catch (e) { return e instanceof ApiError && e.code === 'chat-empty'; }
};

describe('chat text', () => {
  it('a line of only invisible characters is refused as empty', () => {
    for (const raw of ['\u3164', '\u3164\u3164 \u115F\u1160', '\uFFA0', '\u2800\u2800', '\u200B\u200D\uFEFF', '\u034F\u180E', '\uFE0F', '   ']) {
      assert.ok(refused(raw), JSON.stringify(raw));
    }
  });

  it('a letter with hundreds of stacked combining marks keeps at most the allowed number', () => {
    const zalgo = `Z${'\u0301\u0308\u0323'.repeat(100)}a`;
    const clean = cleanChatText(zalgo);
    const marks = [...clean].filter((c) => /\p{M}/u.test(c)).length;
    assert.ok(marks <= CHAT_MAX_MARKS_PER_CHAR, `${marks} marks kept`);
    assert.ok(clean.endsWith('a') && /^\p{L}/u.test(clean), clean);
  });

  it('ordinary text in many scripts passes unchanged', () => {
    for (const t of ['Guten Zug!', '¿Qué tal?', '你好，下一局吧', 'Tiếng Việt có dấu', 'नमस्ते', '👍 gg', 'ok 🇩🇪']) {
      assert.equal(checkedChatText(t), t.normalize('NFC'));
    }
  });
});
