import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSections, renderMarkdown } from './index.js';

test('tabula bench --only replaces its own section of docs/benchmarks.md and keeps the others', () => {
  const first = renderMarkdown([
    { title: 'A', command: 'cmd a', markdown: 'table a1', rows: [] },
    { title: 'B', command: 'cmd b', markdown: 'table b1', rows: [] },
  ], 'npx tabula bench');
  const second = renderMarkdown([{ title: 'B', command: 'cmd b', markdown: 'table b2', rows: [] }], 'npx tabula bench --only b', first);
  const sections = parseSections(second);
  assert.deepEqual([...sections.keys()], ['A', 'B']);
  assert.match(sections.get('A')!, /table a1/);
  assert.match(sections.get('B')!, /table b2/);
  assert.doesNotMatch(second, /table b1/);
  assert.match(second, /^Machine: /m);
  assert.match(sections.get('B')!, /^Command: `cmd b` \(run by `npx tabula bench --only b` on \d{4}-\d{2}-\d{2}, \d+ x .*Node v\d+/m, 'a fresh section names its machine');
});

test('tabula bench: each listed benchmark loads a benchmark of its own name', async () => {
  const { benchmarks } = await import('./index.js');
  assert.deepEqual(benchmarks.map((b) => b.name), ['playout-speed', 'random-games', 'hammer-sim', 'bots', 'web-bundle', 'server-load', 'real-load', 'cold-start', 'cluster-load']);
  for (const entry of benchmarks) assert.equal((await entry.load()).name, entry.name);
});

test('tabula bench keeps the notes written under the header\'s machine line and writes the machine line afresh', () => {
  const first = renderMarkdown([{ title: 'A', command: 'cmd a', markdown: 'table a1', rows: [] }], 'npx tabula bench');
  const noted = first.replace(/^(Machine: .*)$/m, '$1\n\nOlder sections ran on another machine.');
  const second = renderMarkdown([{ title: 'A', command: 'cmd a', markdown: 'table a2', rows: [] }], 'npx tabula bench --only a', noted);
  assert.match(second, /^Machine: .*\n\nOlder sections ran on another machine\.\n\n## A/m);
  assert.equal(second.match(/^Machine: /gm)!.length, 1);
  assert.equal(second.match(/Older sections/g)!.length, 1);
});
