import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashPassword, hashToken, newGameId, newToken, verifyPassword } from './passwords.js';

const cheap = { N: 1024, r: 8, p: 1 };

describe('passwords and tokens', () => {
  it('scrypt hashes are salted and verify only the right password', async () => {
    const a = await hashPassword('correct horse', cheap);
    const b = await hashPassword('correct horse', cheap);
    assert.notEqual(a, b);
    assert.equal(await verifyPassword('correct horse', a), true);
    assert.equal(await verifyPassword('correct horsf', a), false);
    assert.equal(await verifyPassword('correct horse', 'garbage'), false);
    assert.equal(await verifyPassword('correct horse', 'scrypt$1024$8$1$AAAA$AAAA'), false);
  });

  it('tokens are 256-bit random and stored as SHA-256', () => {
    const t = newToken();
    assert.equal(Buffer.from(t, 'base64url').length, 32);
    assert.notEqual(newToken(), t);
    assert.equal(hashToken(t), hashToken(t));
    assert.notEqual(hashToken(t), t);
    assert.match(newGameId(), /^[a-z0-9]{12}$/);
  });
});
