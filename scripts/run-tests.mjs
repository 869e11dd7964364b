#!/usr/bin/env node
// Runs every package's compiled tests (packages/*/dist/**/*.test.js) with Node's test runner.
// Extra arguments are passed to `node --test` (e.g. --test-name-pattern).
import { readdirSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}

const only = process.env.TABULA_TEST_PACKAGES?.split(',').filter(Boolean);
const files = [];
for (const pkg of readdirSync('packages').sort()) {
  if (only && !only.includes(pkg)) continue;
  const dist = join('packages', pkg, 'dist');
  if (existsSync(dist)) walk(dist, files);
  // The web client's end-to-end tests (a real browser against a real server) are plain .mjs files.
  const e2e = join('packages', pkg, 'test');
  if (pkg === 'web' && existsSync(e2e)) for (const name of readdirSync(e2e).sort()) if (name.endsWith('.test.mjs')) files.push(join(e2e, name));
}
if (files.length === 0) {
  console.error('no test files found: run `npm run build` first');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--test', ...process.argv.slice(2), ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
