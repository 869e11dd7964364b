import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBundle, staticImports } from './web-bundle.js';

test('staticImports lists static imports and re-exports, not dynamic import()', () => {
  const code = 'import{a as b}from"./x-1.js";import"./side.js";export{c}from"./y.js";const l=()=>import("./lazy.js");';
  assert.deepEqual(staticImports(code).sort(), ['./side.js', './x-1.js', './y.js']);
});

test('measureBundle counts the entry and its static imports as initial, dynamic chunks as lazy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  try {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<script type="module" crossorigin src="/assets/index-a.js"></script>');
    writeFileSync(join(dir, 'assets/index-a.js'), `import{x}from"./shared-b.js";const g=()=>import("./game-c.js");${'x'.repeat(5000)}`);
    writeFileSync(join(dir, 'assets/shared-b.js'), 'export const x=1;');
    writeFileSync(join(dir, 'assets/game-c.js'), `export const big="${'y'.repeat(20000)}";`);
    const r = measureBundle(dir);
    assert.deepEqual(r.initial.map((f) => f.file).sort(), ['index-a.js', 'shared-b.js']);
    assert.deepEqual(r.lazy.map((f) => f.file), ['game-c.js']);
    assert.equal(r.initialGzip, r.initial[0]!.gzip + r.initial[1]!.gzip);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
