import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkHost, isPublicAddress } from './guard.js';

describe('webhook address filter', () => {
  it('every spelling of a loopback, private, link-local, mapped or embedded address is refused', () => {
    for (const ip of [
      '127.0.0.1', '127.1.2.3', '10.0.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0',
      '::1', '0:0:0:0:0:0:0:1', '0000::0001', '::0:1', '::', '::127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '::ffff:7f00:1',
      '::ffff:0:127.0.0.1', '64:ff9b::127.0.0.1', '2002:7f00:1::1', '2002:a00:1::', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1',
      'FE80::1', '::FFFF:127.0.0.1', 'ff02::1',
    ]) assert.equal(isPublicAddress(ip), false, ip);
  });

  it('public addresses pass', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:81c::200e']) assert.equal(isPublicAddress(ip), true, ip);
  });

  it('a URL host in any of its spellings is checked as the address it is', async () => {
    for (const url of ['http://[::127.0.0.1]/h', 'http://[0:0:0:0:0:0:0:1]/h', 'http://2130706433/h', 'http://0x7f.1/h', 'http://[::ffff:127.0.0.1]/h', 'http://127.1/h', 'http://localhost/h']) {
      await assert.rejects(checkHost(new URL(url).hostname, false), url);
    }
  });
});
