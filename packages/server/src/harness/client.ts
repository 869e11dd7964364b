/** A tiny HTTP + WebSocket client for the tests and the load benchmark. */
import WebSocket from 'ws';

export interface Reply<T = any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  status: number;
  body: T;
  headers: Headers;
}

export class Api {
  constructor(readonly base: string) {}

  async req<T = any>(method: string, path: string, body?: unknown, token?: string | null, headers: Record<string, string> = {}): Promise<Reply<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const h: Record<string, string> = { ...headers };
    if (body !== undefined && !('content-type' in h)) h['content-type'] = 'application/json';
    if (token) h.authorization = `Bearer ${token}`;
    const r = await fetch(this.base + path, { method, headers: h, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: r.status, body: parsed as T, headers: r.headers };
  }

  get<T = any>(path: string, token?: string | null): Promise<Reply<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return this.req<T>('GET', path, undefined, token);
  }

  post<T = any>(path: string, body: unknown, token?: string | null): Promise<Reply<T>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return this.req<T>('POST', path, body, token);
  }

  /** Creates an account and returns its token. */
  async signUp(name: string, password = 'correct horse'): Promise<string> {
    const r = await this.post<{ token: string }>('/api/accounts', { name, password });
    if (r.status !== 201) throw new Error(`sign-up ${name}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.token;
  }
}

/** A live connection: every message kept in order; `next` waits for one matching a predicate. */
export class Live {
  readonly messages: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  private cursor = 0;
  closedWith: number | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as unknown;
      this.messages.push(m);
      this.flush();
    });
    ws.on('close', (code) => {
      this.closedWith = code;
      for (const w of this.waiters.splice(0)) { clearTimeout(w.timer); w.reject(new Error(`socket closed (${code})`)); }
    });
  }

  static open(base: string, gameId: string, token?: string | null, role?: string): Promise<Live> {
    const q = new URLSearchParams();
    if (token) q.set('token', token);
    if (role) q.set('role', role);
    const url = `${base.replace(/^http/, 'ws')}/api/games/${gameId}/live${q.size ? `?${q.toString()}` : ''}`;
    const ws = new WebSocket(url);
    const live = new Live(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(live));
      ws.once('error', reject);
    });
  }

  private flush(): void {
    for (const w of [...this.waiters]) {
      for (let i = this.cursor; i < this.messages.length; i++) {
        if (w.pred(this.messages[i])) {
          this.cursor = i + 1;
          this.waiters.splice(this.waiters.indexOf(w), 1);
          clearTimeout(w.timer);
          w.resolve(this.messages[i]);
          break;
        }
      }
    }
  }

  /** The next message (after the last one returned) that matches. */
  next<T = any>(pred: (m: any) => boolean = () => true, timeoutMs = 5000): Promise<T> { // eslint-disable-line @typescript-eslint/no-explicit-any
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.timer !== timer);
        reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(this.messages.slice(-3)).slice(0, 500)}`));
      }, timeoutMs);
      this.waiters.push({ pred, resolve, reject, timer });
      this.flush();
    });
  }

  send(m: unknown): void {
    this.ws.send(JSON.stringify(m));
  }

  close(): void {
    this.ws.close();
  }
}
