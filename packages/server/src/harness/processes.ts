/** Server child processes for the multi-process and crash tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { childScript } from './fixtures.js';

export interface Child {
  proc: ChildProcess;
  url: string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** kill -9 and wait. */
  kill9(): Promise<void>;
}

const all = new Set<ChildProcess>();
process.on('exit', () => { for (const c of all) c.kill('SIGKILL'); });

function exited(p: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) resolve();
    else p.once('exit', () => resolve());
  });
}

export function spawnServer(env: Record<string, string>): Promise<Child> {
  const proc = spawn(process.execPath, [childScript], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  all.add(proc);
  let out = '', err = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server child did not start: ${out} ${err}`)), 60_000);
    proc.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve({
          proc, url: m[1]!,
          async stop() { proc.kill('SIGTERM'); await exited(proc); all.delete(proc); },
          async kill9() { proc.kill('SIGKILL'); await exited(proc); all.delete(proc); },
        });
      }
    });
    proc.once('exit', (code) => { clearTimeout(t); reject(new Error(`server child exited (${code}): ${err}`)); });
  });
}
