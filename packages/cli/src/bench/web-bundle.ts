import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './types.js';

/** The budget for the JavaScript a first visit loads (initial JS and one UI dictionary; games and boards come on demand; issue 20: 150 KB gzipped). */
export const INITIAL_JS_BUDGET_KB = 150;

const kb = (n: number): number => Math.round(n / 102.4) / 10;
const gz = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length;

/** Static imports of an ES module chunk (not `import("...")`, which loads on demand). */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) out.push(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\n}])\s*export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+)["']/g)) out.push(m[1]!);
  return out;
}

/** The chunk of one language's UI dictionary (vite.config.mjs names them ui-<lang>-<hash>.js). */
const DICTIONARY = /^ui-[\w-]+\.js$/;

export interface BundleReport {
  initial: { file: string; bytes: number; gzip: number }[];
  initialGzip: number;
  /** The UI dictionaries: a first visit loads one of them (its language's) right after the initial JS. */
  dictionaries: { file: string; bytes: number; gzip: number }[];
  /** Initial JS plus the largest dictionary: what a first visit loads at most before the page shows. */
  firstVisitGzip: number;
  css: number;
  lazy: { file: string; bytes: number; gzip: number }[];
}

/** Reads a Vite build: the entry scripts of index.html and everything they import statically. */
export function measureBundle(dist: string): BundleReport {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  const queue = entries.map((e) => resolve(dist, `.${e.startsWith('/') ? e : `/${e}`}`));
  while (queue.length) {
    const f = queue.pop()!;
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    for (const imp of staticImports(readFileSync(f, 'utf8'))) if (imp.startsWith('.') || imp.startsWith('/')) queue.push(imp.startsWith('/') ? resolve(dist, `.${imp}`) : resolve(dirname(f), imp));
  }
  const assets = join(dist, 'assets');
  const all = existsSync(assets) ? readdirSync(assets).map((n) => join(assets, n)).filter((p) => statSync(p).isFile()) : [];
  const entry = (f: string) => { const b = readFileSync(f); return { file: basename(f), bytes: b.length, gzip: gz(b) }; };
  const initial = [...seen].map(entry);
  const css = all.filter((f) => f.endsWith('.css') && html.includes(basename(f))).reduce((a, f) => a + gz(readFileSync(f)), 0);
  const lazy = all.filter((f) => f.endsWith('.js') && !seen.has(f)).map(entry).sort((a, b) => b.gzip - a.gzip);
  const initialGzip = initial.reduce((a, x) => a + x.gzip, 0);
  const dictionaries = lazy.filter((x) => DICTIONARY.test(x.file));
  const firstVisitGzip = initialGzip + Math.max(0, ...dictionaries.map((x) => x.gzip));
  return { initial, initialGzip, dictionaries, firstVisitGzip, css, lazy };
}

export const webBundleBench: Benchmark = {
  name: 'web-bundle',
  async run({ log }) {
    const here = dirname(fileURLToPath(import.meta.url));
    const dist = resolve(here, '../../../web/dist');
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`no web build at ${dist}: run \`npm run build\` first`);
    const r = measureBundle(dist);
    log(`initial JS ${kb(r.initialGzip)} KB gzipped in ${r.initial.length} file(s), ${kb(r.firstVisitGzip)} KB with the page language's UI dictionary`);
    const ok = kb(r.firstVisitGzip) <= INITIAL_JS_BUDGET_KB;
    const dict = r.dictionaries[0];
    const rows: Record<string, string | number>[] = [
      { chunk: 'initial JS (entry + static imports)', files: r.initial.length, 'KB': kb(r.initial.reduce((a, x) => a + x.bytes, 0)), 'KB gzip': kb(r.initialGzip), budget: '' },
      ...(dict ? [{ chunk: `UI dictionary of the page's language (largest of ${r.dictionaries.length}: ${dict.file})`, files: 1, 'KB': kb(dict.bytes), 'KB gzip': kb(dict.gzip), budget: '' }] : []),
      { chunk: 'first visit JS (the two above)', files: r.initial.length + (dict ? 1 : 0), 'KB': '', 'KB gzip': kb(r.firstVisitGzip), budget: `${INITIAL_JS_BUDGET_KB} KB gzip: ${ok ? 'met' : 'EXCEEDED'}` },
      { chunk: 'initial CSS', files: 1, 'KB': '', 'KB gzip': kb(r.css), budget: '' },
      ...r.lazy.filter((x) => !DICTIONARY.test(x.file)).slice(0, 8).map((x) => ({ chunk: `on demand: ${x.file}`, files: 1, 'KB': kb(x.bytes), 'KB gzip': kb(x.gzip), budget: '' })),
    ];
    const md = [
      '| chunk | KB | KB gzip |',
      '|---|---:|---:|',
      ...rows.map((x) => `| ${x.chunk} | ${x.KB} | ${x['KB gzip']} |`),
      '',
      `JavaScript a first visit loads: **${kb(r.firstVisitGzip)} KB gzipped** (${kb(r.initialGzip)} KB initial JS and the UI dictionary of the page's language; budget ${INITIAL_JS_BUDGET_KB} KB: ${ok ? 'met' : 'exceeded'}). `
        + 'The other languages, the pages other than home, lobby and sign-in, the engines, the boards and the bot worker are separate chunks loaded on demand. Gzip level 9 (node:zlib).',
    ].join('\n');
    return { title: 'Web client bundle size', command: 'npx tabula bench --only web-bundle', markdown: md, rows };
  },
};
