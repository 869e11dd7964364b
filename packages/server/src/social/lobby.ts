import type { WebSocket } from 'ws';
import type { LobbyGameT, LobbyMessageT, TournamentSummaryT } from '@tabula/protocol';
import type { Games } from '../games/index.js';
import type { GameRow, UserRow } from '../store/index.js';
import { lobbyGame, ratedOf } from './games.js';
import type { Seeks } from './seeks.js';

/** Where the lobby reads tournaments (the tournaments room, set by app.ts). */
export interface LobbyTournaments {
  /** Open and running tournaments (the first message). */
  listed(): Promise<TournamentSummaryT[]>;
  summary(id: string): Promise<TournamentSummaryT | null>;
}

interface LobbyConn { ws: WebSocket; user: UserRow | null; since: number; told: Set<string> }

function send(ws: WebSocket, m: LobbyMessageT): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
}

/**
 * The lobby socket of one process (GET /api/lobby/live): on connect the open, playing and recently
 * finished games and the open seeks; then each game whose status or seats changed, the seeks whenever
 * they change, and "paired" to the two players of a seek pairing. Changes made in other processes
 * arrive through the fan-out (social.ts).
 */
export class LobbyHub {
  private readonly conns = new Set<LobbyConn>();
  /** What each game was last pushed as (status + seats), so a move alone pushes nothing. */
  private readonly last = new Map<string, string>();
  private readonly pending = new Map<string, GameRow | null>();
  private timer: NodeJS.Timeout | null = null;
  private seeksDirty = false;
  private readonly tournamentsDirty = new Set<string>();
  /** Set by app.ts once the tournaments room exists. */
  tournaments: LobbyTournaments = { listed: () => Promise.resolve([]), summary: () => Promise.resolve(null) };

  constructor(private readonly games: Games, private readonly seeks: Seeks, private readonly now: () => number,
    private readonly warn: (obj: object, msg: string) => void) {}

  get size(): number {
    return this.conns.size;
  }

  async add(ws: WebSocket, user: UserRow | null): Promise<void> {
    const c: LobbyConn = { ws, user, since: this.now(), told: new Set() };
    this.conns.add(c);
    ws.on('close', () => this.conns.delete(c));
    const store = this.games.table.store;
    const rows = [
      ...(await store.listGames({ status: 'open', limit: 100 })),
      ...(await store.listGames({ status: 'active', limit: 100 })),
      ...(await store.listGames({ status: 'finished', limit: 50 })),
    ];
    const rated = await ratedOf(store.sql, rows.map((r) => r.id));
    const links = await store.tournaments.linksOf(rows.map((r) => r.id));
    send(ws, { type: 'lobby', games: rows.map((r) => lobbyGame(this.games.views, r, rated.has(r.id), links.get(r.id))), seeks: await this.seeks.open(), tournaments: await this.tournaments.listed() });
  }

  /** A game changed (here: with its row; elsewhere: null, read again). Pushes are batched every 100 ms. */
  gameChanged(id: string, row: GameRow | null): void {
    if (this.conns.size === 0) return;
    this.pending.set(id, row ?? this.pending.get(id) ?? null);
    this.schedule();
  }

  /** A tournament changed (here or in another process): every lobby gets its summary. */
  tournamentChanged(id: string): void {
    if (this.conns.size === 0) return;
    this.tournamentsDirty.add(id);
    this.schedule();
  }

  seeksChanged(): void {
    if (this.conns.size === 0) return;
    this.seeksDirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => { this.timer = null; void this.flush().catch((e: unknown) => this.warn({ err: e }, 'lobby push failed')); }, 100);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    const rows: GameRow[] = [];
    for (const [id, row] of batch) {
      const r = row ?? (await this.games.table.store.getGame(id));
      if (r) rows.push(r);
    }
    const rated = await ratedOf(this.games.table.store.sql, rows.map((r) => r.id));
    const links = await this.games.table.store.tournaments.linksOf(rows.map((r) => r.id));
    for (const r of rows) {
      const key = `${r.status}|${r.seats.map((s) => `${s.userId ?? ''}:${s.bot ?? ''}`).join(',')}`;
      if (this.last.get(r.id) === key) continue;
      this.last.set(r.id, key);
      if (this.last.size > 20_000) this.last.delete(this.last.keys().next().value!);
      const game: LobbyGameT = lobbyGame(this.games.views, r, rated.has(r.id), links.get(r.id));
      for (const c of this.conns) send(c.ws, { type: 'game', game });
    }
    const tournaments = [...this.tournamentsDirty];
    this.tournamentsDirty.clear();
    for (const id of tournaments) {
      const tournament = await this.tournaments.summary(id);
      if (tournament) for (const c of this.conns) send(c.ws, { type: 'tournament', tournament });
    }
    if (this.seeksDirty) {
      this.seeksDirty = false;
      const open = await this.seeks.open();
      for (const c of this.conns) {
        send(c.ws, { type: 'seeks', seeks: open });
        if (!c.user) continue;
        for (const s of await this.seeks.pairedSince(c.user.id, c.since)) {
          if (c.told.has(s.id) || !s.gameId) continue;
          c.told.add(s.id);
          send(c.ws, { type: 'paired', seek: s.id, game: s.gameId });
        }
      }
    }
  }

  closeAll(): void {
    for (const c of this.conns) c.ws.close(1001, 'server shutting down');
    this.conns.clear();
    if (this.timer) clearTimeout(this.timer);
  }
}
