// Shared helpers for the e2e tests and the screenshot script: Debian's chromium via playwright-core.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.TABULA_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** A browser with a fresh user-data-dir (playwright makes a new temporary profile per launch and removes it). */
export async function launch() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    browser,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
