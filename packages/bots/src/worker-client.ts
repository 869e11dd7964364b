/**
 * The one host-side client of a bot worker (a worker_threads Worker on the server, a Web Worker in the
 * browser, or the host's own thread): it numbers requests, routes each answer and progress message to its
 * request, and fails every pending request when the worker fails (a new one is opened on the next request).
 */
import type { AnalysisMessage, AnalysisRequest, BotRequest, BotResponse, WorkerRequest } from './protocol.js';
import type { MoveReason } from './explain/types.js';

/** A worker as the client sees it: post a message, hear its answers and failures. */
export interface WorkerPort {
  post(message: WorkerRequest): void;
  terminate(): void | Promise<unknown>;
}

/** Opens a worker whose answers go to `answer` and whose failure goes to `failed`. */
export type OpenWorker = (answer: (m: BotResponse | AnalysisMessage) => void, failed: (e: Error) => void) => WorkerPort;

interface Pending { resolve: (a: unknown) => void; reject: (e: Error) => void; progress?: (done: number, total: number) => void; explained?: boolean }

type Asked<T> = T extends unknown ? Omit<T, 'id'> : never;

export class WorkerClient {
  private port: WorkerPort | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly open: OpenWorker) {}

  /** A bot's move (the action). */
  move(req: Asked<BotRequest>): Promise<unknown> {
    return this.ask(req);
  }

  /** A bot's move explained to `explainTo` (learning mode): the action and the bot's reason. */
  explained(req: Asked<BotRequest> & { explainTo: string }): Promise<{ action: unknown; reason?: MoveReason }> {
    return this.ask(req, undefined, true) as Promise<{ action: unknown; reason?: MoveReason }>;
  }

  /** A finished game's analysis, with progress as it goes. */
  analyse(req: Asked<AnalysisRequest>, progress: (done: number, total: number) => void): Promise<unknown> {
    return this.ask(req, progress);
  }

  private ask(req: Asked<WorkerRequest>, progress?: (done: number, total: number) => void, explained = false): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...(progress ? { progress } : {}), ...(explained ? { explained } : {}) });
      this.port ??= this.open((m) => this.answered(m), (e) => this.failed(e));
      this.port.post({ ...req, id } as WorkerRequest);
    });
  }

  private answered(m: BotResponse | AnalysisMessage): void {
    const p = this.pending.get(Number(m.id));
    if (!p) return;
    if ('progress' in m) { p.progress?.(m.progress.done, m.progress.total); return; }
    this.pending.delete(Number(m.id));
    if ('error' in m) p.reject(new Error(m.error.message));
    else if ('analysis' in m) p.resolve(m.analysis);
    else p.resolve(p.explained ? { action: m.action, ...(m.reason ? { reason: m.reason } : {}) } : m.action);
  }

  /** The worker failed: every pending request fails; the next request opens a new worker. */
  failed(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    const port = this.port;
    this.port = null;
    void port?.terminate();
  }

  async close(): Promise<void> {
    this.failed(new Error('closed'));
  }
}
export type { MoveReason } from './explain/types.js';
