// The HTTP API (types from @tabula/protocol, the server's own schemas). The bearer token and the account
// name live in localStorage. Moves, undo and resign go over the live socket (live.ts).
import type { PreviewReplyT, WhyBodyT, WhyReplyT, ExplainReplyT, HintReplyT,
  CatalogT, CreateGameT, GameListT, GameStateT, GameSummaryT, HealthT, IdReplyT, ReplayReplyT, TokenReplyT,
  ChatReplyT, GameTournamentReplyT, LeaderboardT, MuteListT, ProfileT, RatingHistoryT, SeekBodyT, SeekT, AnalysisReplyT,
} from '@tabula/protocol';

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

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
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

export type { CatalogEntryT as CatalogEntry, VariantSpecT as VariantSpec, SeatT as Seat, LogLineT as LogLine, GameSummaryT as GameSummary, GameStateT as GameDetail, ReplayReplyT as GameLogJson } from '@tabula/protocol';

/** The seats of `g` the signed-in account holds (the server says which: `roles` / `yourRoles`). */
export const myRoles = (g: GameSummaryT | GameStateT): string[] => ('roles' in g ? g.roles : g.yourRoles);

export const api = {
  health: () => request<HealthT>('GET', '/health'),
  catalog: () => request<CatalogT>('GET', '/catalog'),
  async signUp(name: string, password: string): Promise<void> {
    const r = await request<TokenReplyT>('POST', '/accounts', { name, password });
    setAuth({ token: r.token, name: r.name });
  },
  async signIn(name: string, password: string): Promise<void> {
    const r = await request<TokenReplyT>('POST', '/sessions', { name, password });
    setAuth({ token: r.token, name: r.name });
  },
  signOut(): void { setAuth(null); },
  createGame: (body: CreateGameT) => request<IdReplyT>('POST', '/games', body),
  async listGames(status: 'open' | 'active' | 'finished'): Promise<GameSummaryT[]> {
    return (await request<GameListT>('GET', `/games?status=${status}`)).games;
  },
  takeSeat: (id: string, role: string, bot?: string) =>
    request<GameStateT>('POST', `/games/${encodeURIComponent(id)}/seats`, bot ? { role, bot } : { role }),
  /** What a candidate action risks (the server judges it on worlds re-dealt for the caller). */
  whyNot: (id: string, target: WhyBodyT['target'], role?: string | null) =>
    request<WhyReplyT>('POST', `/games/${encodeURIComponent(id)}/why`, role ? { target, role } : { target }),
  /** Learning mode: why the bot seat played action `at` (told to my seat). */
  explain: (id: string, at: number, role?: string | null) =>
    request<ExplainReplyT>('POST', `/games/${encodeURIComponent(id)}/explain`, role ? { at, role } : { at }),
  /** Learning games: what the bot would play for my seat now. */
  hint: (id: string, role?: string | null) =>
    request<HintReplyT>('POST', `/games/${encodeURIComponent(id)}/hint`, role ? { role } : {}),
  preview: (id: string, action: unknown, role?: string | null) =>
    request<PreviewReplyT>('POST', `/games/${encodeURIComponent(id)}/preview`, role ? { action, role } : { action }),
  getGame: (id: string, role?: string) => request<GameStateT>('GET', `/games/${encodeURIComponent(id)}${role ? `?role=${encodeURIComponent(role)}` : ''}`),
  /** The tournament a game belongs to, if any (its page links back). */
  gameTournament: (id: string) => request<GameTournamentReplyT>('GET', `/games/${encodeURIComponent(id)}/tournament`),
  replay: (id: string) => request<ReplayReplyT>('GET', `/games/${encodeURIComponent(id)}/replay`),
  chat: (id: string) => request<ChatReplyT>('GET', `/games/${encodeURIComponent(id)}/chat`),
  analysis: (id: string) => request<AnalysisReplyT>('GET', `/games/${encodeURIComponent(id)}/analysis`),
  startAnalysis: (id: string) => request<AnalysisReplyT>('POST', `/games/${encodeURIComponent(id)}/analysis`),
  profile: (name: string) => request<ProfileT>('GET', `/users/${encodeURIComponent(name)}`),
  leaderboard: (game: string) => request<LeaderboardT>('GET', `/ratings/${encodeURIComponent(game)}`),
  ratingHistory: (name: string, game: string, limit = 50) =>
    request<RatingHistoryT>('GET', `/users/${encodeURIComponent(name)}/ratings?game=${encodeURIComponent(game)}&limit=${limit}`),
  mute: (name: string) => request<MuteListT>('POST', '/mutes', { name }),
  unmute: (name: string) => request<MuteListT>('DELETE', `/mutes/${encodeURIComponent(name)}`),
  muted: () => request<MuteListT>('GET', '/mutes'),
  seek: (body: SeekBodyT) => request<SeekT>('POST', '/seeks', body),
  cancelSeek: (id: string) => request<null>('DELETE', `/seeks/${encodeURIComponent(id)}`),
};
