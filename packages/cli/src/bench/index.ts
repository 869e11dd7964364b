import { writeFileSync, mkdirSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';
import { dirname } from 'node:path';
import type { Benchmark, BenchSection } from './types.js';
import { randomGamesBench } from './random-games.js';
import { botsBench } from './bots.js';
import { webBundleBench } from './web-bundle.js';
import { serverLoadBench } from './server-load.js';

/** Every benchmark `tabula bench` runs, in order. Other packages' benchmarks are added here. */
export const benchmarks: Benchmark[] = [randomGamesBench, botsBench, webBundleBench, serverLoadBench];

export function machineLine(): string {
  const c = cpus();
  return `${c.length} x ${c[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.version}`;
}

export function renderMarkdown(sections: BenchSection[], command: string): string {
  const parts = [
    '# Benchmarks',
    '',
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Machine: ${machineLine()}.`,
    '',
  ];
  for (const s of sections) parts.push(`## ${s.title}`, '', `Command: \`${s.command}\``, '', s.markdown, '');
  return parts.join('\n');
}

export function writeBenchmarks(path: string, markdown: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, markdown);
}
