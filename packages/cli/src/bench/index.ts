import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';
import { dirname } from 'node:path';
import type { Benchmark, BenchSection } from './types.js';
import { parseSections } from './sections.js';

export { parseSections } from './sections.js';

/** A benchmark by name; its module is imported only when it runs (the server's pull in the whole server, which `tabula sim` and the other commands do not load). */
export interface BenchEntry { name: string; load: () => Promise<Benchmark> }

/** Every benchmark `tabula bench` runs, in order. Other packages' benchmarks are added here. */
export const benchmarks: BenchEntry[] = [
  { name: 'playout-speed', load: async () => (await import('./playout-speed.js')).playoutSpeedBench },
  { name: 'random-games', load: async () => (await import('./random-games.js')).randomGamesBench },
  { name: 'hammer-sim', load: async () => (await import('./hammer-sim.js')).hammerSimBench },
  { name: 'bots', load: async () => (await import('./bots.js')).botsBench },
  { name: 'web-bundle', load: async () => (await import('./web-bundle.js')).webBundleBench },
  { name: 'server-load', load: async () => (await import('./server-load.js')).serverLoadBench },
  { name: 'real-load', load: async () => (await import('./real-games.js')).realLoadBench },
  { name: 'cold-start', load: async () => (await import('./real-games.js')).coldStartBench },
  { name: 'cluster-load', load: async () => (await import('./real-games.js')).clusterLoadBench },
];

export function machineLine(): string {
  const c = cpus();
  return `${c.length} x ${c[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
}

/** Paragraphs written by hand under the header's machine line (kept by every run, like the sections). */
export function headerNotes(markdown: string): string {
  const head = markdown.split(/^## /m)[0] ?? '';
  const at = head.search(/^Machine: /m);
  if (at < 0) return '';
  const afterMachine = head.slice(at).indexOf('\n');
  return afterMachine < 0 ? '' : head.slice(at + afterMachine + 1).trim();
}

export function renderMarkdown(sections: BenchSection[], command: string, previous = ''): string {
  const date = new Date().toISOString().slice(0, 10);
  const parts = [
    '# Benchmarks',
    '',
    'Each section names the command that wrote it; `npm run bench` runs them all. A partial run',
    '(`--only`) replaces its own sections and keeps the others.',
    '',
    `Machine: ${machineLine()} (the latest run; each section names the machine it ran on).`,
    '',
  ];
  const notes = headerNotes(previous);
  if (notes) parts.push(notes, '');
  const fresh = new Map(sections.map((s) => [s.title, s]));
  const old = parseSections(previous);
  const titles = [...new Set([...benchmarksOrder(old, sections)])];
  for (const title of titles) {
    const s = fresh.get(title);
    if (s) parts.push(`## ${s.title}`, '', `Command: \`${s.command}\` (run by \`${command}\` on ${date}, ${machineLine()})`, '', s.markdown, '');
    else parts.push(`## ${title}`, '', old.get(title)!, '');
  }
  return parts.join('\n');
}

function benchmarksOrder(old: Map<string, string>, sections: BenchSection[]): string[] {
  return [...old.keys(), ...sections.map((s) => s.title)];
}

export function writeBenchmarks(path: string, markdown: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, markdown);
}
