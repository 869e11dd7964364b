// Tournaments over HTTP (docs/api.md "Tournaments"); their changes come on the lobby socket (api/lobby.ts).
import type { CreateTournamentT, IdReplyT, TournamentListT, TournamentT } from '@tabula/protocol';
import { request } from './client.js';

export type TournamentList = 'upcoming' | 'running' | 'finished';
export type TournamentOp = 'join' | 'withdraw' | 'start' | 'cancel';

const path = (id: string) => `/tournaments/${encodeURIComponent(id)}`;

export const tournamentsApi = {
  list: async (status: TournamentList, limit = 50) => (await request<TournamentListT>('GET', `/tournaments?status=${status}&limit=${limit}`)).tournaments,
  get: (id: string) => request<TournamentT>('GET', path(id)),
  create: (body: CreateTournamentT) => request<IdReplyT>('POST', '/tournaments', body),
  /** join, withdraw, start (organiser), cancel (organiser); `bot`: the organiser enters or withdraws this bot. */
  op: (id: string, op: TournamentOp, bot?: string) => request<TournamentT>('POST', `${path(id)}/${op}`, bot && (op === 'join' || op === 'withdraw') ? { bot } : {}),
};
