import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { register } from '@tabula/games';
import { answerBotRequest } from './protocol.js';
import { goofspiel } from './testgames.test-support.js';

register(goofspiel);

test('a bot request is answered with a legal action, the same for the same seed', () => {
  const state = goofspiel.setup({ seed: 'w' });
  const req = { id: 1, game: 'goofspiel', bot: 'mcts-easy@100', state, role: 'a', seed: 'x' };
  const a = answerBotRequest(req), b = answerBotRequest({ ...req, id: 2 });
  assert.ok('action' in a && 'action' in b);
  assert.ok(goofspiel.actions(state, 'a').includes(a.action as number));
  assert.equal(a.action, b.action);
  const bad = answerBotRequest({ ...req, game: 'nope' });
  assert.ok('error' in bad);
});

test('the bot code has no Node-only imports (it runs in a browser Web Worker)', () => {
  const dir = fileURLToPath(new URL('../src/', import.meta.url));
  const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(`${d}${e.name}/`) : e.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(e.name) ? [`${d}${e.name}`] : []);
  const files = walk(dir);
  assert.ok(files.length >= 8);
  for (const f of files) {
    const src = readFileSync(f, 'utf8');
    assert.doesNotMatch(src, /from '(node:|fs|path|os|worker_threads|child_process)/, f);
    assert.doesNotMatch(src, /\bprocess\./, f);
  }
});

test('the levels can be created by name inside worker_threads', async () => {
  const code = `
    import { parentPort } from 'node:worker_threads';
    import { createBot } from ${JSON.stringify(new URL('./index.js', import.meta.url).href)};
    parentPort.postMessage(createBot('mcts-hard@10').name);`;
  const w = new Worker(code, { eval: true, type: 'module' } as never);
  const name = await new Promise((res, rej) => { w.on('message', res); w.on('error', rej); });
  await w.terminate();
  assert.equal(name, 'mcts-hard@10');
});

test('the Web Worker entry answers a posted request through postMessage', async () => {
  const g = globalThis as unknown as { onmessage: ((e: { data: unknown }) => void) | null; postMessage: (m: unknown) => void };
  const posted: unknown[] = [];
  const saved = { onmessage: g.onmessage, postMessage: g.postMessage };
  g.postMessage = (m) => { posted.push(m); };
  try {
    await import('./web-worker.js');
    const state = goofspiel.setup({ seed: 'ww' });
    g.onmessage!({ data: { id: 7, game: 'goofspiel', bot: 'mcts-easy@50', state, role: 'b', seed: 's' } });
    assert.equal(posted.length, 1);
    const r = posted[0] as { id: number; action: number };
    assert.equal(r.id, 7);
    assert.ok(goofspiel.actions(state, 'b').includes(r.action));
  } finally {
    g.onmessage = saved.onmessage;
    g.postMessage = saved.postMessage;
  }
});
