// The `tabula` command as a user runs it: a child process per call, on every registered game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listGames } from '@tabula/games';

const main = fileURLToPath(new URL('./main.js', import.meta.url));
function tabula(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [main, ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('tabula sim --json prints one JSON object with the documented keys, and --workers 2 equals --workers 1', () => {
  const games = listGames();
  for (const g of games) {
    for (const scenario of g.scenarios) {
      const one = tabula('sim', g.id, '--scenario', scenario, '--games', '6', '--seed', '1', '--json');
      assert.equal(one.status, 0, one.stderr);
      const r1 = JSON.parse(one.stdout) as Record<string, unknown>;
      for (const k of ['game', 'scenario', 'games', 'seed', 'bots', 'wins', 'draws', 'meanActions', 'gamesPerSecond', 'gamesPerCpuSecond', 'errors']) assert.ok(k in r1, `${g.id}: key ${k}`);
      assert.deepEqual(r1.errors, [], `${g.id}/${scenario}: ${JSON.stringify(r1.errors)}`);
      const two = tabula('sim', g.id, '--scenario', scenario, '--games', '6', '--seed', '1', '--json', '--workers', '2');
      assert.equal(two.status, 0, two.stderr);
      const r2 = JSON.parse(two.stdout) as Record<string, unknown>;
      assert.deepEqual(r2.wins, r1.wins);
      assert.equal(r2.draws, r1.draws);
      assert.equal(r2.meanActions, r1.meanActions);
    }
  }
});

test('tabula sim rejects an unknown game with a clear message and exit code 1', () => {
  const r = tabula('sim', 'no-such-game', '--games', '1');
  assert.equal(r.status, 1);
  assert.match(r.stderr, /unknown game "no-such-game"/);
});

test('tabula replay checks a log: a legal one is summarised, a broken one is refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-replay-'));
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, JSON.stringify({ game: 'x', seed: 3, options: {}, actions: [] }));
  const r = tabula('replay', bad);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /seed/);
  const game = listGames()[0];
  if (!game) return;
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, JSON.stringify({ game: game.id, seed: 'z', options: { scenario: game.scenarios[0] }, actions: [] }));
  const ok = tabula('replay', empty, '--json');
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal((JSON.parse(ok.stdout) as { finished: boolean }).finished, false);
  const wrong = join(dir, 'wrong.json');
  writeFileSync(wrong, JSON.stringify({ game: game.id, seed: 'z', options: { scenario: game.scenarios[0] }, actions: [{ role: '__nobody__', action: null }] }));
  const w = tabula('replay', wrong);
  assert.equal(w.status, 1);
  assert.match(w.stderr, /illegal log: Action 0/);
});

test('tabula sim starts without loading the server or the benchmarks (a quick command stays quick)', () => {
  // An ESM resolve hook that prints every module the process resolves.
  const dir = mkdtempSync(join(tmpdir(), 'tabula-cli-'));
  writeFileSync(join(dir, 'hooks.mjs'), "import { writeSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); writeSync(2, `RESOLVED ${r.url}\\n`); return r; }\n");
  writeFileSync(join(dir, 'register.mjs'), "import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url));\n");
  const r = spawnSync(process.execPath, ['--import', new URL(`file://${join(dir, 'register.mjs')}`).href, main, 'sim', 'carcassonne', '--games', '1', '--json'], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stderr);
  const loaded = r.stderr.split('\n').filter((l) => l.startsWith('RESOLVED ')).map((l) => l.slice(9));
  assert.ok(loaded.some((u) => u.includes('/carcassonne/')), 'the hook sees the game modules load');
  assert.deepEqual(loaded.filter((u) => /\/server\/|\/bench\/(?!index\.js|sections\.js)|fastify|better-sqlite3|[/]pg[/]|ioredis/.test(u)), []);
});

test('tabula games-log: a run played in two parts (--first) and counted from its logs equals the run played at once; a repeated game counts once; a bad line is named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-games-log-'));
  const game = listGames().find((g) => g.id === 'carcassonne') ?? listGames()[0]!;
  const common = [game.id, '--bots', 'random,mcts-easy@3', '--seed', 'split'];
  const whole = tabula('sim', ...common, '--games', '6', '--json');
  assert.equal(whole.status, 0, whole.stderr);
  const a = join(dir, 'a.jsonl'), b = join(dir, 'b.jsonl');
  assert.equal(tabula('sim', ...common, '--games', '4', '--games-log', a).status, 0);
  assert.equal(tabula('sim', ...common, '--games', '2', '--first', '4', '--games-log', b).status, 0);
  // The first part's last game again, as a resumed run would write it.
  writeFileSync(b, readFileSync(a, 'utf8').trim().split('\n').at(-1) + '\n' + readFileSync(b, 'utf8'));
  const counted = tabula('games-log', game.id, a, b, '--json');
  assert.equal(counted.status, 0, counted.stderr);
  const w = JSON.parse(whole.stdout) as Record<string, unknown>, c = JSON.parse(counted.stdout) as Record<string, unknown>;
  for (const k of ['games', 'wins', 'draws', 'reasons', 'byRole', 'meanActions', 'errors']) assert.deepEqual(c[k], w[k], k);
  assert.equal(c.repeated, 1);
  assert.deepEqual(c.missing, []);
  assert.ok((c.meanDecisionMs as Record<string, number>)['mcts-easy@3']! > 0);
  const text = tabula('games-log', game.id, a, b);
  assert.match(text.stdout, /mcts-easy@3 by role: /);
  const broken = join(dir, 'broken.jsonl');
  writeFileSync(broken, `${readFileSync(a, 'utf8')}{"game": -1}\n`);
  const bad = tabula('games-log', game.id, broken);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /broken\.jsonl:5: "game" is not a game number/);
});
