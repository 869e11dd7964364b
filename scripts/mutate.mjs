#!/usr/bin/env node
// Mutation testing: changes the BUILT JavaScript of one file in small plausible ways, one change at a
// time, runs that package's tests against each change and reports which changes no test noticed.
// Not part of `npm test`. Usage (after `npm run build`):
//
//   npm run mutate -- --file packages/hammer/src/battle.ts [--file ...] [--max 60] [--seed mutate]
//                     [--timeout 120] [--no-write] [--list] [--verbose]
//
// --file  a package source or dist file (packages/<pkg>/src/x.ts or packages/<pkg>/dist/x.js)
// --max   mutants sampled per file (seeded shuffle of all generated mutants; 0 = all). Default 60.
// --seed  sample seed. Default "mutate".
// --timeout seconds per mutant (default: 3 x the unmutated run + 10 s); a mutant that runs longer is
//         killed by the timeout and counted as "timeout" (detected, with its own label).
// --no-write  do not update the "Mutation score" section of docs/benchmarks.md.
// --list  only list the sampled mutants.
// --tests comma-separated test file names of the package to run instead of all of them (for a package
//         whose whole suite is too slow per mutant, e.g. the server's process and fault tests).
//
// A mutant counts as killed when any test of the package fails. To save time the tests run in two
// stages: first the test files that killed earlier mutants of the same file (and the file's own
// *.test.js), then the rest; a mutant that survives the first stage runs every other test file.
// Mutants listed in scripts/mutation-equivalent.json (same source file, same JavaScript line text,
// same operator, original text starting with `from`, same replacement) are reported as equivalent and
// left out of the score; docs/mutation.md gives the reason for each.
import { readFileSync, writeFileSync, existsSync, copyFileSync, unlinkSync, readdirSync, statSync } from 'node:fs';
import { join, basename, dirname, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import ts from 'typescript';

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const o = { files: [], max: 60, seed: 'mutate', timeout: null, tests: null, write: true, list: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--file') o.files.push(next());
    else if (a === '--max') o.max = Number(next());
    else if (a === '--seed') o.seed = next();
    else if (a === '--timeout') o.timeout = Number(next()) * 1000;
    else if (a === '--tests') o.tests = next().split(',').filter(Boolean);
    else if (a === '--no-write') o.write = false;
    else if (a === '--list') o.list = true;
    else if (a === '--verbose') o.verbose = true;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.files.length === 0) throw new Error('give at least one --file packages/<pkg>/src/<file>.ts');
  if (!Number.isInteger(o.max) || o.max < 0) throw new Error('--max must be a whole number');
  return o;
}

/** packages/<pkg>/src/x.ts or packages/<pkg>/dist/x.js -> { pkg, dist, src } */
function resolveTarget(f) {
  const m = /^(?:\.\/)?packages\/([^/]+)\/(src|dist)\/(.+?)\.(ts|js)$/.exec(f);
  if (!m) throw new Error(`${f}: expected packages/<pkg>/src/<file>.ts or packages/<pkg>/dist/<file>.js`);
  const [, pkg, , rest] = m;
  const dist = join('packages', pkg, 'dist', `${rest}.js`);
  if (!existsSync(dist)) throw new Error(`${dist} does not exist: run npm run build first`);
  return { pkg, dist, src: join('packages', pkg, 'src', `${rest}.ts`), name: `${pkg}/${rest}` };
}

// ---------------------------------------------------------------- seeded sampling

function hashSeed(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function sample(list, max, seed) {
  const rnd = mulberry32(hashSeed(seed));
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  const picked = max === 0 ? a : a.slice(0, max);
  return picked.sort((x, y) => x.start - y.start || x.op.localeCompare(y.op));
}

// ---------------------------------------------------------------- source maps (to report the .ts line)

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** generated line (0-based) -> original line (0-based) of the first segment on that line */
function lineMap(mapFile) {
  if (!existsSync(mapFile)) return null;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const out = [];
  let srcLine = 0;
  map.mappings.split(';').forEach((line, gl) => {
    let first = null;
    for (const seg of line.split(',')) {
      if (seg === '') continue;
      const vals = [];
      let shift = 0;
      let v = 0;
      for (const ch of seg) {
        const d = B64.indexOf(ch);
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = 0;
          shift = 0;
        }
      }
      if (vals.length >= 4) {
        srcLine += vals[2];
        if (first === null) first = srcLine;
      }
    }
    out[gl] = first;
  });
  return out;
}

// ---------------------------------------------------------------- mutant generation

const FLIP = { '<': '>=', '<=': '>', '>': '<=', '>=': '<', '===': '!==', '!==': '===', '==': '!=', '!=': '==' };
const BOUNDARY = { '<': '<=', '<=': '<', '>': '>=', '>=': '>' };
const LOGICAL = { '&&': '||', '||': '&&' };
const ARITH = { '+': '-', '-': '+', '+=': '-=', '-=': '+=' };
const METHOD = { some: 'every', every: 'some', min: 'max', max: 'min' };
const show = (s) => JSON.stringify(s.replace(/\s+/g, ' ').slice(0, 60));

function isStringy(node) {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

/** Every mutant of `text`: { op, start, end, from, to } (replace text[start, end) = from by to). */
export function generateMutants(text, fileName = 'x.js') {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const out = [];
  const add = (op, start, end, to) => {
    const from = text.slice(start, end);
    if (from !== to) out.push({ op, start, end, from, to });
  };
  const wrapNot = (op, expr) => add(op, expr.getStart(sf), expr.end, `!(${text.slice(expr.getStart(sf), expr.end)})`);
  const inFunction = (node) => {
    for (let p = node.parent; p; p = p.parent) if (ts.isFunctionLike(p)) return true;
    return false;
  };

  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isBinaryExpression(node)) {
      const opTok = node.operatorToken;
      const op = opTok.getText(sf);
      const s = opTok.getStart(sf);
      const e = opTok.end;
      if (FLIP[op]) add('comparison-flipped', s, e, FLIP[op]);
      if (BOUNDARY[op]) add('boundary', s, e, BOUNDARY[op]);
      if (LOGICAL[op]) add('logical', s, e, LOGICAL[op]);
      if (ARITH[op] && !isStringy(node.left) && !isStringy(node.right)) add('arithmetic', s, e, ARITH[op]);
    }
    if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) {
      const t = node.getText(sf);
      add('arithmetic', node.getStart(sf), node.end, t.includes('++') ? t.replace('++', '--') : t.replace('--', '++'));
    }
    if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add('condition-negated', node.getStart(sf), node.operand.getStart(sf), '');
    }
    if (ts.isIfStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) wrapNot('condition-negated', node.expression);
    if (ts.isForStatement(node) && node.condition) wrapNot('condition-negated', node.condition);
    if (ts.isConditionalExpression(node)) wrapNot('condition-negated', node.condition);
    if (ts.isNumericLiteral(node) && inFunction(node)) {
      const v = Number(node.text);
      const s = node.getStart(sf);
      if (v === 0) add('constant', s, node.end, '1');
      else if (v === 1) {
        add('constant', s, node.end, '0');
        add('constant', s, node.end, '2');
      } else if (Number.isInteger(v)) {
        add('constant', s, node.end, String(v + 1));
        add('constant', s, node.end, String(v - 1));
      }
    }
    if (node.kind === ts.SyntaxKind.TrueKeyword && inFunction(node)) add('constant', node.getStart(sf), node.end, 'false');
    if (node.kind === ts.SyntaxKind.FalseKeyword && inFunction(node)) add('constant', node.getStart(sf), node.end, 'true');
    if (ts.isPropertyAccessExpression(node) && ts.isCallExpression(node.parent) && node.parent.expression === node) {
      const name = node.name.getText(sf);
      if (METHOD[name] && (name === 'some' || name === 'every' || node.expression.getText(sf) === 'Math')) add('method', node.name.getStart(sf), node.name.end, METHOD[name]);
      // an order-normalising sort() dropped
      if (name === 'sort' && node.parent.arguments.length === 0) add('method', node.expression.end, node.parent.end, '');
    }
    if (inFunction(node) && (ts.isExpressionStatement(node) || ts.isBreakStatement(node) || ts.isContinueStatement(node))) {
      add('statement-removed', node.getStart(sf), node.end, ';');
    }
    // a guard removed: `if (c) throw/return/continue/break` without else
    if (inFunction(node) && ts.isIfStatement(node) && !node.elseStatement) {
      let t = node.thenStatement;
      if (ts.isBlock(t) && t.statements.length === 1) t = t.statements[0];
      if (ts.isThrowStatement(t) || ts.isReturnStatement(t) || ts.isContinueStatement(t) || ts.isBreakStatement(t)) add('statement-removed', node.getStart(sf), node.end, ';');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  // one mutant per distinct output: the same change reached twice is run once
  const seen = new Set();
  return out.filter((m) => {
    const k = `${m.start}:${m.end}:${m.to}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function applyMutant(text, m) {
  return text.slice(0, m.start) + m.to + text.slice(m.end);
}

// ---------------------------------------------------------------- running tests

function testFiles(pkg) {
  const out = [];
  const walk = (d) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith('.test.js')) out.push(p);
    }
  };
  walk(join('packages', pkg, 'dist'));
  return out;
}

/** Runs `node --test files`; resolves 'pass' | 'fail' | 'timeout' and the time taken. */
function runTests(files, timeoutMs) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['--test', '--test-reporter=dot', ...files], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout.on('data', (d) => { if (out.length < 20000) out += d; });
    child.stderr.on('data', (d) => { if (out.length < 20000) out += d; });
    let timedOut = false;
    const timer = timeoutMs ? setTimeout(() => {
      timedOut = true;
      try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone already */ }
    }, timeoutMs) : null;
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ result: timedOut ? 'timeout' : code === 0 ? 'pass' : 'fail', ms: Date.now() - t0, out });
    });
  });
}

// ---------------------------------------------------------------- equivalents

const EQUIV_FILE = 'scripts/mutation-equivalent.json';
function loadEquivalents() {
  if (!existsSync(EQUIV_FILE)) return [];
  return JSON.parse(readFileSync(EQUIV_FILE, 'utf8'));
}
function equivalentReason(equivs, name, lineText, m) {
  const from = m.from.replace(/\s+/g, ' ');
  const e = equivs.find((q) => q.file === name && q.op === m.op && from.startsWith(q.from) && q.to === m.to && lineText.trim() === q.line.trim());
  return e ? e.reason : null;
}

// ---------------------------------------------------------------- one file

let restoreCurrent = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (restoreCurrent) restoreCurrent();
    process.exit(130);
  });
}

async function mutateFile(target, opts, equivs) {
  const backup = `${target.dist}.mutate-backup`;
  if (existsSync(backup)) {
    // an earlier run was killed before it could restore the file
    copyFileSync(backup, target.dist);
    unlinkSync(backup);
  }
  const original = readFileSync(target.dist, 'utf8');
  const lines = original.split('\n');
  const map = lineMap(`${target.dist}.map`);
  const all = generateMutants(original, target.dist);
  const picked = sample(all, opts.max, `${opts.seed}:${target.name}`);
  const where = (m) => {
    const gl = original.slice(0, m.start).split('\n').length - 1;
    const tl = map?.[gl];
    return { gl, lineText: lines[gl], label: tl == null ? `${basename(target.dist)}:${gl + 1}` : `${basename(target.src)}:${tl + 1}` };
  };
  console.log(`\n== ${target.name}: ${all.length} mutants, sampling ${picked.length} (seed ${JSON.stringify(opts.seed)})`);
  if (opts.list) {
    for (const m of picked) {
      const w = where(m);
      console.log(`  ${w.label.padEnd(18)} ${m.op.padEnd(18)} ${show(m.from)} -> ${show(m.to)}   ${w.lineText.trim().slice(0, 100)}`);
    }
    return null;
  }

  let files = testFiles(target.pkg);
  if (opts.tests) {
    files = files.filter((f) => opts.tests.some((t) => f.endsWith(`/${t}`) || f.endsWith(`/${t}.test.js`)));
    if (files.length === 0) throw new Error(`--tests ${opts.tests.join(',')}: no such test file in packages/${target.pkg}/dist`);
  }
  const base = await runTests(files, null);
  if (base.result !== 'pass') {
    console.error(base.out.slice(-4000));
    throw new Error(`the unmutated tests of ${target.pkg} fail: fix them before a mutation run`);
  }
  const timeoutMs = opts.timeout ?? base.ms * 3 + 10_000;
  console.log(`   ${files.length} test files, unmutated run ${(base.ms / 1000).toFixed(1)} s, timeout per mutant ${(timeoutMs / 1000).toFixed(0)} s`);

  const own = files.filter((f) => basename(f) === basename(target.dist).replace(/\.js$/, '.test.js'));
  const killers = new Map(own.map((f) => [f, 0.5]));
  const counts = { killed: 0, timeout: 0, survived: 0, equivalent: 0 };
  const survivors = [];
  const t0 = Date.now();
  copyFileSync(target.dist, backup);
  restoreCurrent = () => {
    writeFileSync(target.dist, original);
    if (existsSync(backup)) unlinkSync(backup);
  };
  try {
    for (const [i, m] of picked.entries()) {
      const w = where(m);
      const eq = equivalentReason(equivs, target.name, w.lineText, m);
      if (eq) {
        counts.equivalent++;
        if (opts.verbose) console.log(`  [${i + 1}/${picked.length}] equivalent ${w.label} ${m.op}: ${eq}`);
        continue;
      }
      writeFileSync(target.dist, applyMutant(original, m));
      const first = [...killers.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f]) => f);
      const rest = files.filter((f) => !first.includes(f));
      let r = first.length ? await runTests(first, timeoutMs) : { result: 'pass' };
      let killer = first;
      if (r.result === 'pass' && rest.length) {
        r = await runTests(rest, timeoutMs);
        killer = rest;
      }
      if (r.result === 'fail' && killer === rest) {
        // find which file killed it, to run that file first next time (cheap: the out names it)
        for (const f of rest) if (r.out.includes(basename(f, '.js'))) killers.set(f, (killers.get(f) ?? 0) + 1);
      } else if (r.result === 'fail') {
        for (const f of first) killers.set(f, (killers.get(f) ?? 0) + 0.25);
      }
      const status = r.result === 'pass' ? 'survived' : r.result === 'fail' ? 'killed' : 'timeout';
      counts[status]++;
      if (status === 'survived') survivors.push({ ...m, where: w });
      if (opts.verbose || status !== 'killed') console.log(`  [${i + 1}/${picked.length}] ${status.padEnd(8)} ${w.label.padEnd(18)} ${m.op.padEnd(18)} ${show(m.from)} -> ${show(m.to)}   ${w.lineText.trim().slice(0, 110)}`);
    }
  } finally {
    restoreCurrent();
    restoreCurrent = null;
  }
  const judged = counts.killed + counts.timeout + counts.survived;
  const score = judged === 0 ? 100 : (100 * (counts.killed + counts.timeout)) / judged;
  console.log(`   ${target.name}: killed ${counts.killed}, timeout ${counts.timeout}, survived ${counts.survived}, equivalent ${counts.equivalent}: score ${score.toFixed(1)}% in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return { name: target.name, src: target.src, tests: opts.tests ? files.map((f) => basename(f)).join(', ') : 'all', generated: all.length, sampled: picked.length, ...counts, score, seconds: Math.round((Date.now() - t0) / 1000), survivors };
}

// ---------------------------------------------------------------- docs/benchmarks.md

const DOC = 'docs/benchmarks.md';
const HEADING = '## Mutation score';
function writeDoc(results, opts) {
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(`${HEADING}\n`);
  let end = start < 0 ? -1 : doc.indexOf('\n## ', start + HEADING.length);
  if (start >= 0 && end < 0) end = doc.length;
  const old = start >= 0 ? doc.slice(start, end) : '';
  const rows = new Map();
  for (const line of old.split('\n')) {
    const m = /^\| `([^`]+)` \|/.exec(line);
    if (m) rows.set(m[1], line);
  }
  const date = new Date().toISOString().slice(0, 10);
  for (const r of results) {
    rows.set(r.src, `| \`${r.src}\` | ${r.tests} | ${r.generated} | ${r.sampled} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.equivalent} | ${r.score.toFixed(1)}% | ${r.seconds} | ${date} |`);
  }
  const cpu = cpus();
  const machine = `${cpu.length} x ${cpu[0]?.model.trim() ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const files = results.map((r) => `--file ${r.src}`).join(' ');
  const section = [
    HEADING,
    '',
    `Command: \`npm run mutate -- ${files} --max ${opts.max} --seed ${opts.seed}\` (last run on ${date}; machine: ${machine}).`,
    'Rows of earlier runs with other files are kept; each row names the date it was measured.',
    '',
    'The runner (`scripts/mutate.mjs`) changes the built JavaScript of one file at a time (comparison flipped, boundary',
    'moved by one, `&&`/`||` swapped, a condition negated, a constant changed, a statement or guard removed, `+`/`-`',
    'swapped, `some`/`every` and `min`/`max` swapped), runs the package\'s own tests (`node --test packages/<pkg>/dist/`)',
    'against each change and counts it killed (a test failed), timeout (the tests ran longer than 3x the unmutated run',
    '+ 10 s: also detected) or survived. `sampled` is a seeded sample of the generated mutants (`--max`, `--seed`).',
    'Equivalent mutants (no behaviour change) are listed with their reason in `docs/mutation.md` and',
    '`scripts/mutation-equivalent.json` and left out of the score: score = (killed + timeout) / (sampled - equivalent).',
    '',
    '| file | tests run | mutants | sampled | killed | timeout | survived | equivalent | score | seconds | date |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...[...rows.keys()].sort().map((k) => rows.get(k)),
    '',
  ].join('\n');
  const next = start >= 0 ? doc.slice(0, start) + section + doc.slice(end) : `${doc.trimEnd()}\n\n${section}`;
  writeFileSync(DOC, next.endsWith('\n') ? next : `${next}\n`);
  console.log(`wrote ${relative('.', DOC)} (${HEADING})`);
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const targets = opts.files.map(resolveTarget);
  const equivs = loadEquivalents();
  const results = [];
  for (const t of targets) {
    const r = await mutateFile(t, opts, equivs);
    if (r) results.push(r);
  }
  if (results.length === 0) return;
  console.log('\n| file | sampled | killed | timeout | survived | equivalent | score |');
  for (const r of results) console.log(`| ${r.name} | ${r.sampled} | ${r.killed} | ${r.timeout} | ${r.survived} | ${r.equivalent} | ${r.score.toFixed(1)}% |`);
  if (opts.write) writeDoc(results, opts);
}

if (process.argv[1] && basename(process.argv[1]) === 'mutate.mjs' && dirname(process.argv[1]).endsWith('scripts')) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
