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

test('measureBundle adds the largest UI dictionary (ui-<lang>-*.js) to what a first visit loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  try {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<script type="module" crossorigin src="/assets/index-a.js"></script>');
    writeFileSync(join(dir, 'assets/index-a.js'), 'const d={en:()=>import("./ui-en-x1.js"),"zh-Hans":()=>import("./ui-zh-Hans-y_2.js")};');
    writeFileSync(join(dir, 'assets/ui-en-x1.js'), 'export const en={"a":"b"};');
    writeFileSync(join(dir, 'assets/ui-zh-Hans-y_2.js'), `export const zhHans={"a":"${'中文'.repeat(300)}"};`);
    writeFileSync(join(dir, 'assets/game-c.js'), 'export const g=1;');
    const r = measureBundle(dir);
    assert.deepEqual(r.dictionaries.map((f) => f.file).sort(), ['ui-en-x1.js', 'ui-zh-Hans-y_2.js']);
    const largest = Math.max(...r.dictionaries.map((f) => f.gzip));
    assert.ok(largest > r.dictionaries.find((f) => f.file === 'ui-en-x1.js')!.gzip);
    assert.equal(r.firstVisitGzip, r.initialGzip + largest);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
