// The HTTP API of design.md section 5. The bearer token and the account name live in localStorage.

export interface ApiErrorBody { error?: { code?: string; message?: string } }

export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOKEN_KEY = 'tabula.token';
const NAME_KEY = 'tabula.name';

export interface Auth { token: string; name: string }

export function getAuth(): Auth | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const name = localStorage.getItem(NAME_KEY);
    return token ? { token, name: name ?? '' } : null;
  } catch {
    return null;
  }
}

const authListeners = new Set<() => void>();
export function onAuthChange(f: () => void): () => void {
  authListeners.add(f);
  return () => authListeners.delete(f);
}

export function setAuth(auth: Auth | null): void {
  try {
    if (auth) {
      localStorage.setItem(TOKEN_KEY, auth.token);
      localStorage.setItem(NAME_KEY, auth.name);
    } else {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(NAME_KEY);
    }
  } catch { /* ignore */ }
  for (const f of authListeners) f();
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = getAuth();
  if (auth) headers.authorization = `Bearer ${auth.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const err = (data as ApiErrorBody | null)?.error;
    if (res.status === 401 && auth) setAuth(null);
    throw new ApiError(res.status, err?.code ?? `http-${res.status}`, err?.message ?? (text || res.statusText));
  }
  return data as T;
}

export interface VariantSpec { key: string; default: unknown; values?: unknown[]; description?: string }
export interface CatalogEntry {
  id: string;
  scenarios: string[];
  players: { min: number; max: number; default: number };
  roles: Record<number, string[]>;
  variants: VariantSpec[];
  bots?: string[];
}

export interface Seat { role: string; name: string | null; bot: string | null; me: boolean }

export interface LogLine { role: string | null; key: string; args?: Record<string, string | number | boolean | null | readonly string[]> }

export interface GameSummary {
  id: string;
  game: string;
  status: string;
  scenario?: string;
  seats: Seat[];
  active: string[];
  created?: string;
  updated?: string;
  raw: Record<string, unknown>;
}

export interface GameDetail extends GameSummary {
  version: number;
  view: unknown;
  actions: unknown[];
  log: LogLine[];
  outcome?: { winners: string[]; scores?: Record<string, number>; reason: string } | null;
  /** The seat this view is for (the server picks one of the caller's seats, an active one first). */
  role: string | null;
  /** How many of its last actions `role` may take back. */
  undo?: number;
}

export interface GameLogJson {
  game: string;
  seed: string;
  options: { scenario?: string; players?: number; variants?: Record<string, unknown> };
  actions: { role: string; action: unknown }[];
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Seats may come as an array of { role, user | name | player, bot } or as a { role: occupant } map. */
export function normalizeSeats(raw: unknown, myName: string | null): Seat[] {
  const seat = (role: string, v: unknown): Seat => {
    const r = asRecord(v);
    const str = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);
    const userObj = asRecord(r.user);
    const name = typeof v === 'string' ? v : str(r.name) ?? str(r.user) ?? str(userObj.name) ?? str(r.player) ?? str(r.account);
    const bot = str(r.bot);
    const me = r.me === true || r.mine === true || r.you === true || (!!myName && !bot && name === myName);
    return { role, name, bot, me };
  };
  if (Array.isArray(raw)) return raw.map((s) => { const r = asRecord(s); return seat(String(r.role ?? ''), s); });
  return Object.entries(asRecord(raw)).map(([role, v]) => seat(role, v));
}

function normalizeSummary(raw: unknown, myName: string | null): GameSummary {
  const r = asRecord(raw);
  const mine = Array.isArray(r.yourRoles) ? r.yourRoles.map(String) : Array.isArray(r.roles) ? r.roles.map(String) : null;
  const options = asRecord(r.options);
  const active = Array.isArray(r.active) ? r.active.map(String) : Array.isArray(r.activeRoles) ? r.activeRoles.map(String) : [];
  return {
    id: String(r.id ?? ''),
    game: String(r.game ?? ''),
    status: String(r.status ?? ''),
    scenario: typeof r.scenario === 'string' ? r.scenario : typeof options.scenario === 'string' ? options.scenario : undefined,
    seats: normalizeSeats(r.seats, mine ? null : myName).map((s) => (mine?.includes(s.role) ? { ...s, me: true } : s)),
    active,
    created: typeof r.createdAt === 'string' ? r.createdAt : typeof r.created === 'string' ? r.created : undefined,
    updated: typeof r.updatedAt === 'string' ? r.updatedAt : typeof r.updated === 'string' ? r.updated : undefined,
    raw: r,
  };
}

export function normalizeDetail(raw: unknown, myName: string | null): GameDetail {
  const r = asRecord(raw);
  const s = normalizeSummary(raw, myName);
  const view = r.view;
  const vr = asRecord(view);
  const outcome = (r.outcome ?? vr.outcome ?? null) as GameDetail['outcome'];
  const active = s.active.length ? s.active : Array.isArray(vr.active) ? vr.active.map(String) : [];
  return {
    ...s,
    active,
    version: typeof r.version === 'number' ? r.version : 0,
    view,
    actions: Array.isArray(r.actions) ? r.actions : [],
    log: Array.isArray(r.log) ? (r.log as LogLine[]) : [],
    outcome,
    role: typeof r.role === 'string' ? r.role : null,
    undo: typeof r.undo === 'number' ? r.undo : undefined,
  };
}

function listOf(data: unknown, key: string): unknown[] {
  if (Array.isArray(data)) return data;
  const r = asRecord(data);
  const v = r[key] ?? r.items ?? r.results;
  return Array.isArray(v) ? v : [];
}

export const api = {
  health: () => request<{ ok: boolean; version: string }>('GET', '/health'),
  async catalog(): Promise<CatalogEntry[]> {
    return listOf(await request<unknown>('GET', '/catalog'), 'games') as CatalogEntry[];
  },
  async signUp(name: string, password: string): Promise<void> {
    const { token } = await request<{ token: string }>('POST', '/accounts', { name, password });
    setAuth({ token, name });
  },
  async signIn(name: string, password: string): Promise<void> {
    const { token } = await request<{ token: string }>('POST', '/sessions', { name, password });
    setAuth({ token, name });
  },
  signOut(): void { setAuth(null); },
  createGame: (body: { game: string; scenario?: string; players?: number; variants?: Record<string, unknown> }) =>
    request<{ id: string }>('POST', '/games', body),
  async listGames(status: 'open' | 'active' | 'finished'): Promise<GameSummary[]> {
    const me = getAuth()?.name ?? null;
    return listOf(await request<unknown>('GET', `/games?status=${status}`), 'games').map((g) => normalizeSummary(g, me));
  },
  takeSeat: (id: string, role: string, bot?: string) =>
    request<unknown>('POST', `/games/${encodeURIComponent(id)}/seats`, bot ? { role, bot } : { role }),
  async getGame(id: string, role?: string): Promise<GameDetail> {
    const q = role ? `?role=${encodeURIComponent(role)}` : '';
    return normalizeDetail(await request<unknown>('GET', `/games/${encodeURIComponent(id)}${q}`), getAuth()?.name ?? null);
  },
  play: (id: string, version: number, action: unknown, role?: string | null) =>
    request<unknown>('POST', `/games/${encodeURIComponent(id)}/actions`, role ? { version, action, role } : { version, action }),
  undo: (id: string, version: number, role?: string | null) =>
    request<unknown>('POST', `/games/${encodeURIComponent(id)}/undo`, role ? { version, role } : { version }),
  resign: (id: string, role?: string | null) => request<unknown>('POST', `/games/${encodeURIComponent(id)}/resign`, role ? { role } : {}),
  replay: (id: string) => request<GameLogJson>('GET', `/games/${encodeURIComponent(id)}/replay`),
};
