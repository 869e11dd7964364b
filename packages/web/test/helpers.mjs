// What the e2e test files share: one server and one browser per file, pages, sign-up.
import { before, after } from 'node:test';
import { existsSync } from 'node:fs';
import { launch, CHROMIUM } from './browser.mjs';
import { startServer } from './server.mjs';

export const haveBrowser = existsSync(CHROMIUM);
/** The `skip` option of every browser test: a reason when there is no browser. */
export const skip = haveBrowser ? false : `no browser at ${CHROMIUM}`;

/** This file's server and browser (live bindings, set by `useServerAndBrowser`). */
export let server, b;

/**
 * Starts a server and a browser before this file's tests and stops both after them; `ready` runs once
 * both are up (Node's test runner does not wait for one top-level `before` hook before starting the next).
 * `serverOptions`: as `startServer` takes them.
 */
export function useServerAndBrowser(ready, serverOptions) {
  before(async () => {
    if (!haveBrowser) return;
    server = await startServer(serverOptions);
    b = await launch();
    await ready?.();
  });
  after(async () => {
    await b?.close();
    await server?.stop();
  });
}

/** Starts the server again on its port and database (after `server.stop({ keep: true })`). */
export async function restartServer() {
  server = await startServer({ port: server.port, dir: server.dir });
}

/** One REST call to the server at `url` (`path` under /api), with a bearer token if given: { status, body }. */
export async function apiCall(url, method, path, body, token) {
  const r = await fetch(`${url}/api${path}`, {
    method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
}

export const uid = () => Math.random().toString(36).slice(2, 8);

/** A page in a fresh browser context at 1280 x 900, English, collecting page errors. */
export async function newPage(opts = {}) {
  const ctx = await b.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', ...opts });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.setDefaultTimeout(15_000);
  return { ctx, page, errors };
}

/** Fills the sign-up form (the sign-in page's second tab) and submits it. */
export async function submitSignUp(page, name) {
  await page.getByTestId('tab-signup').click();
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'correct horse battery');
  await page.getByTestId('auth-submit').click();
}

/** Signs up a new account and waits for the home page. */
export async function signUp(page, name) {
  await page.goto(`${server.url}/signin`);
  await submitSignUp(page, name);
  await page.getByTestId('new-game').waitFor();
}
