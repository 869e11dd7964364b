/**
 * The tournaments room: creation and its limits, joining and withdrawing, the start (by the organiser or at
 * startsAt by the sweep), and the rounds. A round is paired once (store: the round's primary key) and written
 * with its games' ids before any game exists; the games are then made through the one lobby path, idempotently
 * (`ensureGames`), by the pairing process and by every sweep, so a crash between pairing and game creation
 * leaves nothing undone. A finished game settles its pairing; the last settled pairing of a round pairs the
 * next round. Every step is a conditional write, so any process may run it and only one succeeds.
 */
import { randomBytes } from 'node:crypto';
import {
  GLICKO, MAX_OPEN_TOURNAMENTS_PER_ORGANISER, ROUND_ROBIN_MAX_PLAYERS, TOURNAMENT_COOLING_OFF_MS, TOURNAMENT_NAME_MAX,
  TOURNAMENT_ROUND_DEADLINE_DAYS_FACTOR, TOURNAMENT_START_AHEAD_MS,
  type BracketMatchT, type BracketT, type CreateTournamentT, type OutcomeT, type PairingT, type RoundT, type TimeControlT,
  type TournamentSummaryT, type TournamentT, type TournamentYouT,
} from '@tabula/protocol';
import { getGame } from '@tabula/games';
import { botNames } from '@tabula/bots';
import { ApiError, conflict, forbidden, notFound, unauthorized, unprocessable } from '../http/errors.js';
import { newGameId } from '../accounts/passwords.js';
import { cleanChatText } from '../social/text.js';
import { validateGameOptions } from '../games/options.js';
import type { Games } from '../games/index.js';
import type { GameRow, OutboxInsert, PairingRow, Store, TournamentPlayerRow, TournamentRow, UserRow } from '../store/index.js';
import type { NewPairingRow } from '../store/tournaments.js';
import { bracketDefs, bracketPlaces, bracketState, championOf, eliminationRanks, type MatchState } from './bracket.js';
import { bySeed, orderTwo, roundRobinSchedule, swissRound, tablesRound, type Entrant, type NewPairing, type PastPairing } from './pairing.js';
import { tableResult, twoPlayerResult, type FinishedGame } from './results.js';
import { standings, type Scored } from './standings.js';

export interface TournamentsOptions {
  store: Store;
  games: Games;
  now: () => number;
  /** A tournament changed: tell every process's lobby sockets (app.ts: the fan-out). */
  changed: (id: string) => void;
  /** Notifications were queued (app.ts: the notifier's kick). */
  notified: () => void;
  warn: (err: unknown, msg: string) => void;
  /** Fault tests: called right after a round is written ('paired') and after each of its games is made ('game-made'). */
  fault?: (point: 'paired' | 'game-made') => void;
}

/** Games of a round made concurrently by one process. */
const MAKE_GAMES_AT_ONCE = 8;

const isElimination = (f: TournamentRow['format']): boolean => f === 'single-elimination' || f === 'double-elimination';

/** The whole state of one tournament as read for a decision or a view. */
interface Loaded { t: TournamentRow; players: TournamentPlayerRow[]; pairings: PairingRow[] }

export class Tournaments {
  private readonly store: Store;
  private readonly games: Games;
  private readonly now: () => number;
  /** The advance running in this process per tournament, and whether it should look once more. */
  private readonly advancing = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(private readonly o: TournamentsOptions) {
    this.store = o.store;
    this.games = o.games;
    this.now = o.now;
  }

  // ---- creation, entries, start and cancel ----

  async create(user: UserRow | null, body: CreateTournamentT): Promise<{ id: string }> {
    if (!user) throw unauthorized();
    if (!(await this.store.notify.settings(user.id)).emailVerified) throw forbidden('not-verified', 'Verify your email address before you organise a tournament.');
    const name = cleanChatText(body.name);
    if (name.length === 0 || [...name].length > TOURNAMENT_NAME_MAX) throw unprocessable('bad-name', `A tournament name has 1-${TOURNAMENT_NAME_MAX} characters.`);
    const game = getGame(body.game);
    if (!game) throw unprocessable('unknown-game', `No game "${body.game}".`);
    const scenario = body.scenario ?? game.scenarios[0]!;
    const seats = body.tableSize ?? 2;
    // The same checks as creating one of its games (scenario, player count, variants).
    validateGameOptions(game, { game: game.id, scenario, ...(game.players ? { players: seats } : {}), ...(body.variants ? { variants: body.variants } : {}) }, 'check');
    if (!game.players && game.roles({ seed: 'x', scenario }).length !== seats) throw unprocessable('bad-players', `"${game.id}" is not a ${seats}-player game.`);
    if (body.tableSize !== undefined && body.format !== 'swiss') throw unprocessable('bad-format', 'Tables of 3-5 are paired by score: use the swiss format.');
    if (body.format === 'swiss' && body.rounds === undefined) throw unprocessable('bad-rounds', 'A swiss tournament needs its number of rounds.');
    if (body.format !== 'swiss' && body.rounds !== undefined) throw unprocessable('bad-rounds', 'Only swiss tournaments set their rounds.');
    if (body.capacity.min > body.capacity.max) throw unprocessable('bad-capacity', 'capacity.min is above capacity.max.');
    if (body.format === 'round-robin' && body.capacity.max > ROUND_ROBIN_MAX_PLAYERS) throw unprocessable('bad-capacity', `A round robin has at most ${ROUND_ROBIN_MAX_PLAYERS} players.`);
    if (body.tableSize !== undefined && body.capacity.min < body.tableSize) throw unprocessable('bad-capacity', 'capacity.min is below one table.');
    if (body.allowBots && body.rated) throw unprocessable('rated-bots', 'Rated tournaments are for people only: no bots.');
    const startsAt = Date.parse(body.startsAt);
    const now = this.now();
    if (!Number.isFinite(startsAt) || !/^\d{4}-\d\d-\d\dT/.test(body.startsAt)) throw unprocessable('bad-start', 'startsAt is an ISO date-time such as 2026-05-01T18:00:00Z.');
    if (startsAt < now - 60_000 || startsAt > now + TOURNAMENT_START_AHEAD_MS) throw unprocessable('bad-start', `startsAt lies between now and ${TOURNAMENT_START_AHEAD_MS / 86_400_000} days ahead.`);
    if ((await this.store.tournaments.unfinishedBy(user.id)) >= MAX_OPEN_TOURNAMENTS_PER_ORGANISER) {
      throw conflict('too-many-tournaments', `You organise ${MAX_OPEN_TOURNAMENTS_PER_ORGANISER} tournaments that have not finished: wait for one to end.`);
    }
    const id = randomBytes(9).toString('base64url');
    await this.store.tournaments.insert({
      id, name, game: game.id, scenario, variants: body.variants ?? null, format: body.format, rounds: body.rounds ?? 0, tableSize: body.tableSize ?? null,
      timeControl: JSON.stringify(body.timeControl), rated: body.rated, capMin: body.capacity.min, capMax: body.capacity.max, startsAt,
      allowBots: body.allowBots === true, sides: body.sides ?? (isElimination(body.format) ? 'both' : 'balanced'), organiserId: user.id, createdAt: now,
    });
    this.o.changed(id);
    return { id };
  }

  async join(user: UserRow | null, id: string, bot?: string): Promise<TournamentT> {
    if (!user) throw unauthorized();
    const t = await this.must(id);
    // Swiss takes players until it ends (they are paired from the next round on); the other formats' draw is fixed at the start.
    const late = t.status === 'running' && t.format === 'swiss';
    if (t.status !== 'open' && !late) {
      throw conflict(t.status === 'running' ? 'tournament-started' : 'tournament-closed', t.status === 'running' ? 'This tournament has started: a knockout or round robin takes no new players.' : `The tournament is ${t.status}.`);
    }
    let entry: Omit<TournamentPlayerRow, 'withdrawnAt'>;
    const now = this.now();
    if (bot !== undefined) {
      if (t.organiserId !== user.id) throw forbidden('not-organiser', 'Only the organiser enters bots.');
      if (!t.allowBots) throw forbidden('bots-not-allowed', 'This tournament takes no bots.');
      if (!botNames().includes(bot)) throw unprocessable('unknown-bot', `No bot "${bot}" (${botNames().join(', ')}).`);
      entry = { name: bot, userId: null, bot, rating: GLICKO.rating, joinedAt: now };
    } else {
      const until = await this.store.tournaments.cooloffUntil(user.id, now);
      if (until !== null) throw conflict('cooling-off', `After a forfeit you may join tournaments again from ${new Date(until).toISOString()}.`);
      entry = { name: user.name, userId: user.id, bot: null, rating: await this.store.tournaments.rating(user.id, t.game, GLICKO.rating), joinedAt: now };
    }
    const players = await this.store.tournaments.players(id);
    if (players.some((p) => p.name === entry.name)) throw conflict('already-joined', `${entry.name} is in this tournament already.`);
    // The organiser makes every game and anyone may be paired with anyone: nobody who blocked (or was blocked by) one of them.
    const others = [t.organiserId, ...players.flatMap((p) => (p.userId !== null && p.withdrawnAt === null ? [p.userId] : []))].filter((u) => u !== entry.userId);
    if (entry.userId !== null && (await this.store.moderation.blockedAmong(entry.userId, others)).size > 0) {
      throw forbidden('blocked', 'You cannot join: you and a player or the organiser of this tournament blocked each other.');
    }
    if (t.entrants >= t.capMax) throw conflict('tournament-full', `The tournament is full (${t.capMax} players).`);
    if (!(await this.store.tournaments.join(id, entry, late ? ['open', 'running'] : ['open'], now))) {
      const again = await this.must(id);
      if (again.entrants >= again.capMax) throw conflict('tournament-full', `The tournament is full (${again.capMax} players).`);
      throw conflict('tournament-started', 'The tournament changed: try again.');
    }
    this.o.changed(id);
    return this.view(id, user);
  }

  /** Leaves before the start; during it, withdraws: not paired again, a running game of the round resigned. */
  async withdraw(user: UserRow | null, id: string, bot?: string): Promise<TournamentT> {
    if (!user) throw unauthorized();
    const t = await this.must(id);
    if (bot !== undefined && t.organiserId !== user.id) throw forbidden('not-organiser', 'Only the organiser withdraws bots.');
    const name = bot ?? user.name;
    const me = (await this.store.tournaments.players(id)).find((p) => p.name === name && (bot !== undefined ? p.bot === bot : p.userId === user.id));
    if (!me || me.withdrawnAt !== null) throw conflict('not-joined', `${name} is not playing in this tournament.`);
    if (t.status === 'open') {
      if (!(await this.store.tournaments.leave(id, name, this.now()))) throw conflict('tournament-started', 'The tournament has started: try again.');
    } else if (t.status === 'running') {
      if (!(await this.store.tournaments.withdraw(id, name, this.now()))) throw conflict('not-joined', `${name} has withdrawn already.`);
      await this.resignRunning(await this.load(id), name);
    } else {
      throw conflict('tournament-closed', `The tournament is ${t.status}.`);
    }
    this.o.changed(id);
    await this.advance(id);
    return this.view(id, user);
  }

  async start(user: UserRow | null, id: string): Promise<TournamentT> {
    if (!user) throw unauthorized();
    const t = await this.must(id);
    if (t.organiserId !== user.id) throw forbidden('not-organiser', 'Only the organiser starts the tournament.');
    if (t.status !== 'open') throw conflict('tournament-started', `The tournament is ${t.status}.`);
    if (t.entrants < t.capMin) throw conflict('too-few-players', `At least ${t.capMin} players must join first (${t.entrants} have).`);
    await this.begin(id);
    return this.view(id, user);
  }

  async cancel(user: UserRow | null, id: string): Promise<TournamentT> {
    if (!user) throw unauthorized();
    const t = await this.must(id);
    if (t.organiserId !== user.id) throw forbidden('not-organiser', 'Only the organiser cancels the tournament.');
    if (!(await this.store.tournaments.setStatus(id, 'open', 'cancelled', this.now()))) throw conflict('tournament-started', `The tournament is ${t.status}: it can be cancelled only before the start.`);
    this.o.changed(id);
    return this.view(id, user);
  }

  // ---- the life cycle ----

  /**
   * open -> running (once), or cancelled when fewer than capacity.min joined; then the first round. Elimination
   * and round robin fix their number of rounds here.
   */
  async begin(id: string): Promise<void> {
    const t = await this.must(id);
    if (t.status !== 'open') return;
    if (t.entrants < t.capMin) {
      if (await this.store.tournaments.setStatus(id, 'open', 'cancelled', this.now())) this.o.changed(id);
      return;
    }
    const n = t.entrants;
    const rounds = t.format === 'round-robin' ? (n % 2 === 0 ? n - 1 : n)
      : t.format === 'single-elimination' ? Math.log2(bracketPlaces(n))
        : t.format === 'double-elimination' ? 2 * Math.log2(bracketPlaces(n)) + 1 : t.rounds;
    if (!(await this.store.tournaments.setStatus(id, 'open', 'running', this.now(), rounds))) return;
    this.o.changed(id);
    await this.advance(id);
  }

  /**
   * Brings a running tournament up to date: settles the current round's pairings whose games ended, makes the
   * games still missing, and once every pairing is settled pairs the next round or finishes. Safe to call from
   * any process at any time (each write is conditional). Within a process, calls for one tournament coalesce:
   * while one runs, later calls only ask it to look once more (a round's results arrive together).
   */
  advance(id: string): Promise<void> {
    const current = this.advancing.get(id);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry: { again: boolean; done: Promise<void> } = { again: true, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        while (entry.again) {
          entry.again = false;
          await this.advanceOnce(id);
        }
      } finally {
        this.advancing.delete(id);
      }
    })();
    this.advancing.set(id, entry);
    return entry.done;
  }

  private async advanceOnce(id: string): Promise<void> {
    for (let guard = 0; guard < 64; guard++) {
      const s = await this.load(id);
      if (s.t.status !== 'running') return;
      const current = s.pairings.filter((p) => p.round === s.t.round);
      if (s.t.round > 0) {
        let open = 0;
        const states = await this.store.tournaments.gameStates(current.flatMap((p) => (p.points === null ? p.games.map((g) => g.id) : [])));
        for (const p of current) {
          if (p.points !== null) continue;
          // A later game of a live match that a withdrawal left unmade is not waited for.
          const ended = p.games.length > 0 && p.games.every((g) => states.get(g.id)?.status === 'finished' || (states.get(g.id) === undefined && this.withdrawnIn(s, p)));
          if (!ended || !(await this.settle(s, p))) open++;
        }
        if (open > 0) {
          await this.ensureGames(s, s.t.round);
          return;
        }
        await this.store.tournaments.finishRound(id, s.t.round, this.now());
      }
      const after = await this.load(id);
      const next = this.nextRound(after);
      if (next === null) {
        await this.finish(after);
        return;
      }
      const round = after.t.round + 1;
      const rows = this.pairingRows(after, next);
      const notes = this.roundNotes(after.t, round, rows, after.players);
      const tc = JSON.parse(after.t.timeControl) as TimeControlT;
      const deadline = tc.kind === 'correspondence' ? this.now() + tc.days * TOURNAMENT_ROUND_DEADLINE_DAYS_FACTOR * 86_400_000 : null;
      if (await this.store.tournaments.pairRound(id, round, rows, deadline, notes, this.now())) {
        this.o.fault?.('paired');
        this.o.changed(id);
        if (notes.length > 0) this.o.notified();
      }
      // Whoever paired it, the games of the round now (this process may have lost the race: then it only helps).
    }
  }

  /** Whether a player of `p` has withdrawn from the tournament. */
  private withdrawnIn(s: Loaded, p: PairingRow): boolean {
    return p.players.some((n) => (s.players.find((x) => x.name === n)?.withdrawnAt ?? null) !== null);
  }

  /** Settles a pairing whose games all ended; true when it is settled now. */
  private async settle(s: Loaded, p: PairingRow): Promise<boolean> {
    const finished: FinishedGame[] = [];
    for (const ref of p.games) {
      const row = await this.store.getGame(ref.id);
      if (!row && this.withdrawnIn(s, p)) continue;
      if (!row || row.status !== 'finished' || !row.outcome) return false;
      finished.push({ seats: ref.seats, roles: row.seats.map((x) => x.role), outcome: row.outcome });
    }
    if (finished.length === 0) return false;
    const seeds = bySeed(s.t.id, this.entrants(s)).map((e) => e.name);
    const r = s.t.tableSize !== null ? tableResult(p.players, finished[0]!) : twoPlayerResult(p.players, finished, isElimination(s.t.format), seeds);
    // A knockout match of a player who withdrew during it goes to the other, whatever the games' count.
    const gone = p.players.filter((n) => s.players.find((x) => x.name === n)?.withdrawnAt !== null);
    if (isElimination(s.t.format) && gone.length === 1) {
      r.points = p.players.map((n) => (n === gone[0] ? 0 : 1));
      r.forfeit = true;
    }
    const until = this.now() + TOURNAMENT_COOLING_OFF_MS;
    const cooloffs = r.forfeited.flatMap((n) => {
      const u = s.players.find((x) => x.name === n)?.userId;
      return u ? [{ userId: u, until }] : [];
    });
    if (await this.store.tournaments.decide(s.t.id, p.round, p.table, r.points, r.gamePoints, r.forfeit ? 'forfeit' : 'done', cooloffs, this.now())) this.o.changed(s.t.id);
    return true;
  }

  /** The next round's pairings, or null when the tournament is over. */
  private nextRound(s: Loaded): NewPairingWith[] | null {
    const t = s.t;
    const entrants = this.entrants(s);
    const history = s.pairings.map(toPast);
    if (isElimination(t.format)) {
      const double = t.format === 'double-elimination';
      const { defs, state } = this.bracket(s);
      if (championOf(state, double) !== null) return null;
      const active = new Set(entrants.filter((e) => e.active).map((e) => e.name));
      const out: NewPairingWith[] = [];
      const played = new Map<string, string>();
      for (const p of s.pairings) if (p.bracket && p.points) played.set(p.bracket, p.players[p.points[0]! > p.points[1]! ? 0 : 1]!);
      // Walkovers against withdrawn players are decided at once, and may make further matches ready.
      const seeds = bySeed(t.id, entrants).map((e) => e.name);
      for (let pass = 0; pass < 64; pass++) {
        const st = bracketState(defs, seeds, played);
        const busy = new Set(out.flatMap((p) => p.players));
        let changed = false;
        for (const m of st.values()) {
          if (!m.ready || out.some((p) => p.bracket === m.def.key)) continue;
          const a = m.a!, b = m.b!;
          if (busy.has(a) || busy.has(b)) continue;
          const gone = [a, b].filter((n) => !active.has(n));
          if (gone.length > 0) {
            // Both gone: the higher seed goes on (and forfeits the next match in turn).
            const winner = gone.length === 2 ? (seeds.indexOf(a) < seeds.indexOf(b) ? a : b) : (gone[0] === a ? b : a);
            out.push({ players: [a, b], bye: false, bracket: m.def.key, decided: { points: winner === a ? [1, 0] : [0, 1], result: 'forfeit' } });
            played.set(m.def.key, winner);
            changed = true;
          } else {
            out.push({ players: orderTwo(a, b, history), bye: false, bracket: m.def.key });
            busy.add(a); busy.add(b);
          }
        }
        if (!changed) break;
      }
      return out.length > 0 ? out : null;
    }
    if (t.format === 'round-robin') {
      const schedule = roundRobinSchedule(t.id, entrants);
      const r = t.round;
      if (r >= schedule.length) return null;
      const active = new Set(entrants.filter((e) => e.active).map((e) => e.name));
      return schedule[r]!.map((players): NewPairingWith => {
        if (players.length === 1) return { players, bye: true };
        const gone = players.filter((n) => !active.has(n));
        if (gone.length === 0) return { players, bye: false };
        // A withdrawn player's remaining games are lost by forfeit (both gone: nobody scores).
        return { players, bye: false, decided: { points: players.map((n) => (gone.length === 2 || gone.includes(n) ? 0 : 1)), result: 'forfeit' } };
      });
    }
    if (t.round >= t.rounds) return null;
    if (entrants.filter((e) => e.active).length < 2) return null;
    if (t.tableSize !== null) {
      const gamePoints = new Map<string, number>();
      for (const p of s.pairings) p.players.forEach((n, i) => gamePoints.set(n, (gamePoints.get(n) ?? 0) + (p.gamePoints?.[i] ?? 0)));
      return tablesRound(t.id, entrants, history, t.tableSize, gamePoints);
    }
    return swissRound(t.id, entrants, history);
  }

  /** Rows for a new round: each game's id chosen now, seats in order (a second game of a match reverses them). */
  private pairingRows(s: Loaded, next: NewPairingWith[]): NewPairingRow[] {
    const games = s.t.tableSize === null && s.t.sides === 'both' ? 2 : 1;
    // Playing pairings first (in the order pairing gave), then byes and decided ones.
    const ordered = [...next.filter((p) => !p.bye && !p.decided), ...next.filter((p) => p.bye || p.decided)];
    return ordered.map((p, i): NewPairingRow => {
      const playing = !p.bye && !p.decided;
      return {
        table: i + 1, players: p.players, bye: p.bye, bracket: p.bracket ?? null,
        games: playing ? Array.from({ length: games }, (_, leg) => ({ id: newGameId(), seats: leg === 0 ? p.players : [...p.players].reverse() })) : [],
        points: p.bye ? [1] : p.decided?.points ?? null, gamePoints: null, result: p.bye ? 'done' : p.decided?.result ?? null,
      };
    });
  }

  private roundNotes(t: TournamentRow, round: number, rows: NewPairingRow[], players: TournamentPlayerRow[]): OutboxInsert[] {
    const notes: OutboxInsert[] = [];
    for (const p of rows) {
      const g = p.games[0];
      if (!g) continue;
      for (const name of p.players) {
        const userId = players.find((x) => x.name === name)?.userId;
        if (!userId) continue;
        notes.push({
          userId, gameId: g.id, kind: 'tournament-round', dedupe: `tournament-round:${t.id}:${round}:${userId}`,
          payload: { game: t.game, scenario: t.scenario, opponents: p.players.filter((n) => n !== name), by: null, won: null, tournament: { id: t.id, name: t.name, round } },
        });
      }
    }
    return notes;
  }

  /** running -> finished (once), with each person's final place in their notification. */
  private async finish(s: Loaded): Promise<void> {
    const view = this.standingsOf(s);
    const champion = isElimination(s.t.format) ? championOf(this.bracket(s).state, s.t.format === 'double-elimination') : view[0]?.name ?? null;
    const notes: OutboxInsert[] = [];
    for (const st of view) {
      const userId = s.players.find((p) => p.name === st.name)?.userId;
      if (!userId) continue;
      notes.push({
        userId, gameId: null, kind: 'tournament-finished', dedupe: `tournament-finished:${s.t.id}:${userId}`,
        payload: { game: s.t.game, scenario: s.t.scenario, opponents: [], by: null, won: st.rank === 1, tournament: { id: s.t.id, name: s.t.name, round: s.t.round, rank: st.rank, players: view.length } },
      });
    }
    if (await this.store.tournaments.finish(s.t.id, champion, notes, this.now())) {
      this.o.changed(s.t.id);
      this.o.notified();
    }
  }

  /**
   * Makes the round's missing games through the lobby (the game id chosen at pairing, so a game is made once
   * however many processes try) and seats the players missing from them.
   */
  async ensureGames(s: Loaded, round: number): Promise<void> {
    const organiser: UserRow = { id: s.t.organiserId, name: s.t.organiser };
    let changed = false;
    const pairings = s.pairings.filter((p) => p.round === round && p.points === null);
    // One query tells which games are missing or still waiting for a seat.
    const states = await this.store.tournaments.gameStates(pairings.flatMap((p) => p.games.map((g) => g.id)));
    // A live match's games are played one after the other, so a player never has two clocks running: the next game
    // is made once the one before it has ended. Without a clock or by correspondence they are played side by side.
    const live = (JSON.parse(s.t.timeControl) as TimeControlT).kind === 'live';
    const due = pairings.flatMap((p) => p.games.filter((_, leg) => !live || leg === 0
      || (states.get(p.games[leg - 1]!.id)?.status === 'finished' && !this.withdrawnIn(s, p))));
    const todo = due.filter((g) => states.get(g.id)?.status === undefined || states.get(g.id)!.status === 'open');
    // A few at a time: each game is a handful of round trips, independent of the others.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < todo.length) {
        const ref = todo[next++]!;
        try {
          if (await this.ensureGame(s, organiser, ref.id, ref.seats)) changed = true;
        } catch (e) {
          this.o.warn(e, `tournament ${s.t.id}: game ${ref.id} of round ${round} could not be made`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAKE_GAMES_AT_ONCE, todo.length) }, worker));
    // The page shows its games' status: a new version makes it read them again.
    if (changed) {
      await this.store.tournaments.touch(s.t.id, this.now());
      this.o.changed(s.t.id);
    }
  }

  /** Makes the game if missing and seats whoever is missing; true when it changed anything. */
  private async ensureGame(s: Loaded, organiser: UserRow, gameId: string, seats: string[]): Promise<boolean> {
    const lobby = this.games.lobby;
    let row = await this.store.getGame(gameId);
    let changed = false;
    if (!row) {
      changed = true;
      const game = getGame(s.t.game)!;
      try {
        await lobby.createGame(organiser, {
          game: s.t.game, scenario: s.t.scenario ?? game.scenarios[0]!, ...(game.players ? { players: seats.length } : {}),
          ...(s.t.variants ? { variants: s.t.variants } : {}), timeControl: JSON.parse(s.t.timeControl) as TimeControlT, rated: s.t.rated,
        }, gameId, null, { openCap: false });
      } catch (e) {
        // Another process made it meanwhile: go on with its row.
        if (!(await this.store.getGame(gameId))) throw e;
      }
      this.o.fault?.('game-made');
      row = (await this.store.getGame(gameId))!;
    }
    if (row.status !== 'open') return changed;
    for (let i = 0; i < seats.length; i++) {
      const seat = row.seats[i]!;
      const p = s.players.find((x) => x.name === seats[i]);
      if (!p || seat.userId !== null || seat.bot !== null) continue;
      try {
        if (p.bot) await lobby.takeSeat(organiser, gameId, seat.role, p.bot);
        else if (p.userId !== null) await lobby.takeSeat({ id: p.userId, name: p.name }, gameId, seat.role, undefined, true);
        changed = true;
      } catch (e) {
        // Another process seated them meanwhile.
        if (!(e instanceof ApiError && (e.code === 'seat-taken' || e.code === 'game-not-open'))) throw e;
      }
    }
    return changed;
  }

  /** Resigns the withdrawn player's running games of the current round (their opponents win). */
  private async resignRunning(s: Loaded, name: string): Promise<void> {
    for (const p of s.pairings) {
      if (p.round !== s.t.round || p.points !== null || !p.players.includes(name)) continue;
      for (const ref of p.games) {
        await this.games.table.withLock(ref.id, async () => {
          const row = await this.store.getGame(ref.id);
          if (!row || row.status === 'finished') return;
          const role = row.seats[ref.seats.indexOf(name)]?.role;
          if (!role) return;
          const outcome: OutcomeT = row.status === 'active'
            ? { winners: row.seats.map((x) => x.role).filter((r) => r !== role), reason: 'resigned', by: role }
            : { winners: [], reason: 'aborted', by: role };
          await this.games.writes.finish(row, outcome);
        });
      }
    }
  }

  /** A game changed (any process's event): a finished tournament game settles its pairing, maybe the round. */
  async gameChanged(row: GameRow): Promise<void> {
    if (row.status !== 'finished') return;
    const link = await this.store.tournaments.link(row.id);
    if (link) await this.advance(link.tournamentId);
  }

  /** One sweep: starts (or cancels) tournaments whose time came, and brings running ones up to date. */
  async sweep(limit = 50): Promise<void> {
    for (const id of await this.store.tournaments.due(this.now(), limit)) await this.begin(id);
    for (const id of await this.store.tournaments.running(limit)) {
      await this.advance(id);
      await this.deadlines(id);
    }
  }

  /** Correspondence: past a round's deadline, a game whose first move was never made is a forfeit of the seat to move. */
  private async deadlines(id: string): Promise<void> {
    const s = await this.load(id);
    if (s.t.status !== 'running') return;
    const round = (await this.store.tournaments.rounds(id)).find((r) => r.round === s.t.round);
    if (!round?.deadline || round.deadline > this.now()) return;
    for (const p of s.pairings) {
      if (p.round !== s.t.round || p.points !== null) continue;
      for (const ref of p.games) {
        await this.games.table.withLock(ref.id, async () => {
          const row = await this.store.getGame(ref.id);
          if (!row || row.status !== 'active' || row.logLength > 0) return;
          await this.games.writes.abort(row, row.activeRoles[0], null);
        });
      }
    }
  }

  // ---- views ----

  async list(status: 'upcoming' | 'running' | 'finished', limit: number): Promise<TournamentSummaryT[]> {
    const statuses = status === 'upcoming' ? ['open' as const] : status === 'running' ? ['running' as const] : ['finished' as const, 'cancelled' as const];
    return (await this.store.tournaments.list(statuses, limit)).map(summaryOf);
  }

  /** The tournament (id, name, round) game `gameId` belongs to, or null. */
  async ofGame(gameId: string): Promise<{ id: string; name: string; round: number } | null> {
    return (await this.store.tournaments.linksOf([gameId])).get(gameId) ?? null;
  }

  async summary(id: string): Promise<TournamentSummaryT | null> {
    const t = await this.store.tournaments.get(id);
    return t ? summaryOf(t) : null;
  }

  async view(id: string, user: UserRow | null): Promise<TournamentT> {
    const s = await this.load(id);
    const t = s.t;
    const states = await this.store.tournaments.gameStates(s.pairings.flatMap((p) => p.games.map((g) => g.id)));
    const rounds = await this.store.tournaments.rounds(id);
    const roundsPlayed: RoundT[] = rounds.map((r) => ({
      number: r.round, status: r.finishedAt !== null ? 'finished' : 'playing',
      ...(r.deadline !== null ? { deadline: new Date(r.deadline).toISOString() } : {}),
      pairings: s.pairings.filter((p) => p.round === r.round).map((p): PairingT => ({
        table: p.table, players: p.players, ...(p.bye ? { bye: true } : {}),
        games: p.games.map((g) => {
          const st = states.get(g.id);
          const winners = st?.outcome ? st.outcome.winners.map((role) => g.seats[st.roles.indexOf(role)]).filter((n): n is string => n !== undefined) : undefined;
          const sides: Record<string, string> = {};
          if (st) g.seats.forEach((n, i) => { if (st.roles[i]) sides[n] = st.roles[i]!; });
          return { id: g.id, status: st?.status ?? 'pending', ...(winners ? { winners } : {}), ...(st ? { sides } : {}) };
        }),
        points: p.points ?? p.players.map(() => 0),
        ...(p.result ? { result: p.result } : {}),
      })),
    }));
    let you: TournamentYouT | undefined;
    if (user) {
      const me = s.players.find((p) => p.userId === user.id);
      const until = await this.store.tournaments.cooloffUntil(user.id, this.now());
      const open = t.status === 'open' || (t.status === 'running' && t.format === 'swiss');
      you = {
        joined: me !== undefined, withdrawn: me?.withdrawnAt !== null && me !== undefined,
        canJoin: !me && open && t.entrants < t.capMax && until === null,
        canWithdraw: me !== undefined && me.withdrawnAt === null && (t.status === 'open' || t.status === 'running'),
        canStart: t.organiserId === user.id && t.status === 'open' && t.entrants >= t.capMin,
        canCancel: t.organiserId === user.id && t.status === 'open',
        ...(until !== null ? { coolingOffUntil: new Date(until).toISOString() } : {}),
      };
    }
    const out: TournamentT = { ...summaryOf(t), standings: this.standingsOf(s), roundsPlayed, ...(you ? { you } : {}) };
    if (isElimination(t.format) && t.status !== 'open') out.bracket = this.bracketView(s);
    if (t.champion) out.champion = t.champion;
    return out;
  }

  private standingsOf(s: Loaded): TournamentT['standings'] {
    const pairings: Scored[] = s.pairings.map((p) => ({ ...toPast(p), ...(p.gamePoints ? { gamePoints: p.gamePoints } : {}) }));
    const players = s.players.map((p) => ({ name: p.name, rating: p.rating, withdrawn: p.withdrawnAt !== null, bot: p.bot !== null }));
    if (!isElimination(s.t.format)) return standings(players, pairings, s.t.tableSize !== null ? 'tables' : 'two');
    const double = s.t.format === 'double-elimination';
    const { defs, state } = this.bracket(s);
    const ranks = s.t.status === 'open' ? null : eliminationRanks(defs, state, players.map((p) => p.name), double);
    const base = standings(players, pairings, 'two');
    const out = base.map((st) => ({
      ...st, rank: ranks?.get(st.name) ?? 1, tieBreaks: {},
      eliminated: ranks !== null && [...state.values()].filter((m) => m.loser === st.name).length >= (double ? 2 : 1),
    }));
    return out.sort((a, b) => a.rank - b.rank || b.score - a.score || b.rating - a.rating);
  }

  private bracket(s: Loaded): { defs: ReturnType<typeof bracketDefs>; state: Map<string, MatchState> } {
    const entrants = this.entrants(s);
    const defs = bracketDefs(entrants.length, s.t.format === 'double-elimination');
    const played = new Map<string, string>();
    for (const p of s.pairings) if (p.bracket && p.points) played.set(p.bracket, p.players[p.points[0]! > p.points[1]! ? 0 : 1]!);
    return { defs, state: bracketState(defs, bySeed(s.t.id, entrants).map((e) => e.name), played) };
  }

  private bracketView(s: Loaded): BracketT {
    const { state } = this.bracket(s);
    const where = new Map<string, { round: number; table: number }>();
    for (const p of s.pairings) if (p.bracket) where.set(p.bracket, { round: p.round, table: p.table });
    const match = (m: MatchState): BracketMatchT => ({
      players: [m.a ?? null, m.b ?? null], ...(m.winner !== undefined ? { winner: m.winner } : {}),
      ...(where.has(m.def.key) ? where.get(m.def.key)! : {}),
    });
    const side = (x: 'W' | 'L'): BracketT['winners'] => {
      const rounds: BracketT['winners'] = [];
      for (const m of state.values()) {
        if (m.def.side !== x) continue;
        (rounds[m.def.round - 1] ??= { matches: [] }).matches.push(match(m));
      }
      return rounds;
    };
    const out: BracketT = { winners: side('W') };
    if (s.t.format === 'double-elimination') {
      out.losers = side('L');
      out.final = { matches: [...state.values()].filter((m) => m.def.side === 'F' && !(m.def.key === 'F2' && m.winner === null && m.a === null)).map(match) };
    }
    return out;
  }

  // ---- reading ----

  private async must(id: string): Promise<TournamentRow> {
    const t = await this.store.tournaments.get(id);
    if (!t) throw notFound('tournament-not-found', `No tournament "${id}".`);
    return t;
  }

  private async load(id: string): Promise<Loaded> {
    const t = await this.must(id);
    return { t, players: await this.store.tournaments.players(id), pairings: await this.store.tournaments.pairings(id) };
  }

  /** Who is in the draw: every entry, withdrawn ones inactive (a knockout or round robin forfeits what they had left). */
  private entrants(s: Loaded): Entrant[] {
    // Leaving before the start deletes the entry, and only swiss takes players after it: the rows are the draw.
    return s.players.map((p) => ({ name: p.name, rating: p.rating, active: p.withdrawnAt === null }));
  }
}

/** A pairing of the next round, possibly decided without a game (a walkover against a withdrawn player). */
type NewPairingWith = NewPairing & { bracket?: string; decided?: { points: number[]; result: 'forfeit' } };

function toPast(p: PairingRow): PastPairing {
  return { round: p.round, players: p.players, bye: p.bye, points: p.points, seats: p.games.map((g) => p.players.map((n) => g.seats.indexOf(n))) };
}

export function summaryOf(t: TournamentRow): TournamentSummaryT {
  return {
    id: t.id, name: t.name, game: t.game, ...(t.scenario ? { scenario: t.scenario } : {}), format: t.format, status: t.status,
    startsAt: new Date(t.startsAt).toISOString(), players: t.entrants, capacity: { min: t.capMin, max: t.capMax }, rounds: t.rounds, round: t.round,
    organiser: t.organiser, timeControl: JSON.parse(t.timeControl) as TimeControlT, rated: t.rated, allowBots: t.allowBots, sides: t.sides,
    ...(t.tableSize !== null ? { tableSize: t.tableSize } : {}), version: t.version,
  };
}
