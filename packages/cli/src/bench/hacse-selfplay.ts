/**
 * HACSE self-play measurement (issue 18): how games end, which side wins, and how often each card of a
 * deck is played (placed, played or committed as an order) in the games where it is in the deck.
 *
 *   node packages/cli/dist/bench/hacse-selfplay.js --scenario early --bots mcts-medium@40 --games 100 [--seed S] [--variant k=json]
 *
 * One game at a time on the main thread (seats rotate as in `tabula sim`: axis gets bots[i % 2]).
 * Prints one JSON object. The game's seed is `${seed}:${i}`, as in `tabula sim`.
 */
import { Rng, type Role, type SetupOptions } from '@tabula/engine';
import { createBot, wilson, type Bot } from '@tabula/bots';
import { hacseGame, type HacseAction, type HacseState } from '@tabula/hacse';

export interface HacseSelfPlayOptions {
  scenario: string;
  bots: [string, string];
  games: number;
  seed: string;
  variants?: Record<string, unknown>;
  onGame?: (i: number, summary: GameSummary) => void;
}

export interface GameSummary {
  winners: string[];
  reason: string;
  turns: number;
  actions: number;
  /** Distinct cards played per role. */
  played: Record<Role, string[]>;
  /** Distinct cards in each role's deck. */
  deck: Record<Role, string[]>;
}

/** The card an action plays, if it plays one (a placement, a card played, a doctrine pick, an order committed). */
export function playedCard(a: HacseAction): string | null {
  switch (a.type) {
    case 'place': case 'play': case 'doctrine': return a.card;
    case 'commit': return a.order;
    default: return null;
  }
}

export function playOne(setup: SetupOptions, seats: Record<Role, Bot>): GameSummary {
  const game = hacseGame;
  let s: HacseState = game.setup(setup);
  const deck: Record<Role, string[]> = {
    axis: [...new Set([...s.players.axis.deck, ...s.players.axis.hand])].sort(),
    allies: [...new Set([...s.players.allies.deck, ...s.players.allies.hand])].sort(),
  };
  const played: Record<Role, Set<string>> = { axis: new Set(), allies: new Set() };
  const rngs: Record<Role, Rng> = { axis: new Rng(`bot:${setup.seed}:axis`), allies: new Rng(`bot:${setup.seed}:allies`) };
  let n = 0;
  for (;;) {
    const active = game.active(s);
    if (active.length === 0) break;
    const role = active[0]!;
    const a = seats[role]!.choose(game, s, role, rngs[role]!) as HacseAction;
    const c = playedCard(a);
    if (c !== null) played[role]!.add(c);
    s = game.apply(s, role, a);
    if (++n > 20_000) throw new Error(`no outcome after ${n} actions (${setup.seed})`);
  }
  const o = game.outcome(s)!;
  return {
    winners: o.winners, reason: o.reason ?? '', turns: s.turn, actions: n, deck,
    played: { axis: [...played.axis!].sort(), allies: [...played.allies!].sort() },
  };
}

export function runHacseSelfPlay(o: HacseSelfPlayOptions) {
  const t0 = performance.now();
  const wins: Record<string, number> = { axis: 0, allies: 0 };
  const reasons: Record<string, number> = {};
  const byBot: Record<string, number> = {};
  let draws = 0, actions = 0, turns = 0;
  const inDeck: Record<string, number> = {};
  const playedIn: Record<string, number> = {};
  const cache = new Map<string, Bot>();
  const bot = (name: string): Bot => { let b = cache.get(name); if (!b) { b = createBot(name); cache.set(name, b); } return b; };
  for (let i = 0; i < o.games; i++) {
    const seats: Record<Role, Bot> = { axis: bot(o.bots[i % 2]!), allies: bot(o.bots[(i + 1) % 2]!) };
    const setup: SetupOptions = { seed: `${o.seed}:${i}`, scenario: o.scenario, ...(o.variants ? { variants: o.variants } : {}) };
    const g = playOne(setup, seats);
    if (g.winners.length === 1) {
      wins[g.winners[0]!]!++;
      const name = `${seats[g.winners[0]!]!.name}@${g.winners[0]}`;
      byBot[name] = (byBot[name] ?? 0) + 1;
    } else draws++;
    reasons[g.reason] = (reasons[g.reason] ?? 0) + 1;
    actions += g.actions;
    turns += g.turns;
    for (const role of ['axis', 'allies']) {
      for (const c of g.deck[role]!) { const k = `${role}:${c}`; inDeck[k] = (inDeck[k] ?? 0) + 1; }
      for (const c of g.played[role]!) { const k = `${role}:${c}`; playedIn[k] = (playedIn[k] ?? 0) + 1; }
    }
    o.onGame?.(i, g);
  }
  const rate = (k: number) => { const [low, high] = wilson(k, o.games); return { rate: k / o.games, low, high }; };
  const cards: Record<string, number> = {};
  for (const k of Object.keys(inDeck).sort()) cards[k] = (playedIn[k] ?? 0) / inDeck[k]!;
  const byRules = (reasons.breakthrough ?? 0) + (reasons.annihilation ?? 0);
  return {
    scenario: o.scenario, bots: o.bots, games: o.games, seed: o.seed, variants: o.variants ?? {},
    wins, draws, winRates: { axis: rate(wins.axis!), allies: rate(wins.allies!) }, byBot,
    reasons, endedByRules: byRules / o.games,
    meanActions: actions / o.games, meanTurns: turns / o.games,
    cardsBelow10pct: Object.entries(cards).filter(([, v]) => v < 0.1).map(([k, v]) => `${k} ${(100 * v).toFixed(0)}%`),
    cards,
    seconds: Math.round((performance.now() - t0) / 1000),
  };
}

function arg(name: string, def?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'))) {
  const bots = (arg('bots', 'mcts-medium@40')!).split(',');
  const variants: Record<string, unknown> = {};
  for (let i = 0; i < process.argv.length; i++) {
    if (process.argv[i] !== '--variant') continue;
    const [k, ...v] = process.argv[i + 1]!.split('=');
    const raw = v.join('=');
    try { variants[k!] = JSON.parse(raw); } catch { variants[k!] = raw; }
  }
  const r = runHacseSelfPlay({
    scenario: arg('scenario', 'early')!, bots: [bots[0]!, bots[1] ?? bots[0]!], games: Number(arg('games', '100')),
    seed: arg('seed', 'hacse')!, variants: Object.keys(variants).length ? variants : undefined,
    onGame: process.argv.includes('--progress') ? (i, g) => process.stderr.write(`${i} ${g.winners.join('+') || 'draw'} ${g.reason} t${g.turns}\n`) : undefined,
  });
  process.stdout.write(`${JSON.stringify(r, null, 1)}\n`);
}
