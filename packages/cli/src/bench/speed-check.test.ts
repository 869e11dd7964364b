import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSpeeds, recordedOn, recordedSpeeds, speedReport, speedWarnings } from './speed-check.js';

const TITLE = 'Random full games, one thread';
const FILE = `# Benchmarks

Machine: 2 x CPU, 24 GiB (the latest run; each section names the machine it ran on).

## ${TITLE}

Command: \`npx tabula bench --only random-games\` (run by \`npx tabula bench --only random-games\` on 2026-11-29, 2 x AMD EPYC, 24 GiB, linux 6, Node v20.20.2)

| game | setup | games | games/s (median of 3 passes) | games/s range | decisions/game | decisions/s | peak RSS (MiB) |
|---|---|---:|---:|---:|---:|---:|---:|
| hacse | early | 200 | 1019.2 | 900.4-1107.1 | 134 | 136102 | 117 |
| carcassonne | 2p base | 1000 | 5933.2 | 5921.7-5949.4 | 93 | 553607 | 119 |
| carcassonne | tabula sim 2p | 4000 | 2,650 | 2600.0-2700.0 | 114 | 302100 |  |

Notes.

## Other

| game | setup | games | games/s |
|---|---|---:|---:|
| hacse | early | 1 | 5 |
`;

test('speed check: reads the recorded games/s of each row of the section (not the range, not another section)', () => {
  const rec = recordedSpeeds(FILE, TITLE);
  assert.deepEqual([...rec.entries()], [['hacse / early', 1019.2], ['carcassonne / 2p base', 5933.2], ['carcassonne / tabula sim 2p', 2650]]);
  assert.equal(recordedSpeeds(FILE, 'Absent').size, 0);
  assert.equal(recordedSpeeds('', TITLE).size, 0);
  assert.equal(recordedOn(FILE, TITLE), 'recorded on 2026-11-29, 2 x AMD EPYC, 24 GiB, linux 6, Node v20.20.2');
});

test('speed check: a fall of more than 10% is reported, a 5% fall and a gain are not', () => {
  const rec = recordedSpeeds(FILE, TITLE);
  const cmp = compareSpeeds(rec, [
    { key: 'hacse / early', gamesPerSecond: 1019.2 * 0.95 }, // -5%
    { key: 'carcassonne / 2p base', gamesPerSecond: 5933.2 * 0.88 }, // -12%
    { key: 'carcassonne / tabula sim 2p', gamesPerSecond: 2800 }, // faster
    { key: 'hammer-of-the-scots / braveheart', gamesPerSecond: 10 }, // nothing recorded: not compared
  ]);
  assert.deepEqual(cmp.map((c) => [c.key, c.fell]), [['hacse / early', false], ['carcassonne / 2p base', true], ['carcassonne / tabula sim 2p', false]]);
  assert.ok(Math.abs(cmp[1]!.change + 0.12) < 1e-9);
  assert.equal(compareSpeeds(rec, [{ key: 'hacse / early', gamesPerSecond: 1019.2 * 0.9 + 0.01 }])[0]!.fell, false, 'exactly at the limit is not a fall beyond it');
  const warnings = speedWarnings(cmp, recordedOn(FILE, TITLE));
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, /^WARNING: carcassonne \/ 2p base plays 5221\.2 games\/s, -12\.0% against the 5933\.2 recorded in docs\/benchmarks\.md \(recorded on 2026-11-29, 2 x AMD EPYC/);
  const report = speedReport(cmp, recordedOn(FILE, TITLE));
  assert.match(report, /\*\*Slower than recorded\*\* .*: carcassonne \/ 2p base 5221\.2 games\/s against 5933\.2 \(-12\.0%\)\. The other rows: hacse \/ early -5\.0%, carcassonne \/ tabula sim 2p \+5\.7%\./);
  assert.doesNotMatch(speedReport(cmp.filter((c) => !c.fell), 'x'), /Slower/);
  assert.match(speedReport([], 'x'), /No recorded figures/);
});

test('speed check: another figure column (warm decisions/s) is read and its fall reported in its own unit; a machine name with parentheses is kept whole', () => {
  const file = `## Playout speed per engine

Command: \`npx tabula bench --only playout-speed\` (run by \`npx tabula bench\` on 2026-12-07, 2 x Intel(R) Xeon(R) Processor, 24 GiB, Node v24.22.3)

| game | setup | games | games/s (median of 3 processes) | games/s range | decisions/game | warm decisions/s |
|---|---|---:|---:|---:|---:|---:|
| carcassonne | 2p | 2000 | 2,650.5 | 2600.0-2700.0 | 114 | 480,000 |
`;
  assert.deepEqual([...recordedSpeeds(file, 'Playout speed per engine').entries()], [['carcassonne / 2p', 2650.5]]);
  const warm = recordedSpeeds(file, 'Playout speed per engine', 2, /^warm decisions\/s\b/);
  assert.deepEqual([...warm.entries()], [['carcassonne / 2p', 480000]]);
  const cmp = compareSpeeds(warm, [{ key: 'carcassonne / 2p', gamesPerSecond: 400000 }]);
  assert.match(speedWarnings(cmp, 'x', undefined, 'decisions/s')[0]!, /^WARNING: carcassonne \/ 2p plays 400000\.0 decisions\/s, -16\.7% against the 480000/);
  assert.match(speedReport(cmp, 'x', undefined, 'decisions/s'), /carcassonne \/ 2p 400000\.0 decisions\/s against 480000/);
  assert.equal(recordedOn(file, 'Playout speed per engine'), 'recorded on 2026-12-07, 2 x Intel(R) Xeon(R) Processor, 24 GiB, Node v24.22.3', 'the machine\'s own parentheses stay');
});
