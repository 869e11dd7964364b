// The account life cycle in Chromium with a real SMTP sink: sign up, set an address and verify it from
// the mail, change the password, then forget it and reset it through the mail, and sign in with the new one.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { b, newPage, server, skip, submitSignUp, uid, useServerAndBrowser } from './helpers.mjs';

const mails = [];
const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, cb) { simpleParser(stream).then((m) => { mails.push(m); cb(); }, cb); },
});
await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
after(() => new Promise((r) => smtp.close(() => r())));
useServerAndBrowser(null, { args: ['--smtp', `smtp://127.0.0.1:${smtp.server.address().port}`] });

async function linkIn(kind, to) {
  const t0 = Date.now();
  for (;;) {
    const m = mails.find((x) => x.to?.text === to && (x.text ?? '').includes(`/${kind}?token=`));
    if (m) return /(http:\/\/\S+\/(?:verify|reset)\?token=[\w-]+)/.exec(m.text)[1];
    if (Date.now() - t0 > 10_000) throw new Error(`no ${kind} mail to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('sign up, verify the address from the mail, change the password, reset it through the mail, sign in with it', { skip }, async () => {
  assert.ok(b);
  const { ctx, page, errors } = await newPage();
  const name = `life${uid()}`;
  const address = `${name}@example.test`;
  await page.goto(`${server.url}/signin`);
  await submitSignUp(page, name);
  await page.getByTestId('new-game').waitFor();

  await page.goto(`${server.url}/settings`);
  await page.getByTestId('email').fill(address);
  await page.getByRole('button', { name: 'Save' }).first().click();
  await page.getByTestId('email-unverified').waitFor();
  await page.goto(await linkIn('verify', address));
  await page.getByTestId('verified').waitFor();
  assert.match(await page.getByTestId('verified').textContent(), new RegExp(address));
  await page.goto(`${server.url}/settings`);
  await page.getByTestId('email-verified').waitFor();

  await page.getByTestId('pw-current').fill('correct horse battery');
  await page.getByTestId('pw-next').fill('violet otter lantern');
  await page.getByTestId('pw-submit').click();
  await page.getByTestId('pw-done').waitFor();
  await page.getByTestId('sessions').waitFor();

  await page.evaluate(() => localStorage.clear());
  await page.goto(`${server.url}/signin`);
  await page.getByTestId('forgot').click();
  await page.getByTestId('forgot-who').fill(name);
  await page.getByTestId('forgot-submit').click();
  await page.getByTestId('forgot-sent').waitFor();
  await page.goto(await linkIn('reset', address));
  await page.getByTestId('reset-password').fill('amber falcon meadow');
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-done').waitFor();

  await page.goto(`${server.url}/signin`);
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'amber falcon meadow');
  await page.getByTestId('auth-submit').click();
  await page.getByTestId('new-game').waitFor();
  assert.deepEqual(errors, []);
  await ctx.close();
});
