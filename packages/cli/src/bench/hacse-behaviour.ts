/**
 * Counts two HACSE bot habits per game (issue 21): attacks without orders, and units moved back to the
 * zone they left within the same or the owner's next turn.
 * `node packages/cli/dist/bench/hacse-behaviour.js [early|late] [games] [botA] [botB]`
 * (default: both eras, 20 games, mcts-medium@50 against itself; seats alternate). One thread.
 * A bot name "old:LEVEL@N" is an MCTS bot at N iterations with the knowledge module at
 * packages/bots/dist/knowledge/hacse-old.js (copy an older build's hacse.js there to compare).
 *
 * - attacks: attack actions; "no order": combats in which no attacker committed an order;
 *   "no order in hand": attack actions taken while the hand held no order.
 * - commits: attackers committed with an order / without one.
 * - moves: move actions; "back": a move that returns a unit to the zone it left with its previous move,
 *   when that move was in the same turn or the owner's previous turn; "unchanged": and the unit's damage
 *   and flip are the same as when it left (a rest in the hinterland that healed it is not counted).
 */
import { Rng } from '@tabula/engine';
import { createBot, MctsBot, type Bot, type Knowledge } from '@tabula/bots';
import { hacseGame as g, type HacseAction, type HacseState, type Side } from '@tabula/hacse';

export interface Habits {
  games: number; attacks: number; attacksNoOrder: number; attacksNoOrderInHand: number;
  commitsOrder: number; commitsNone: number; moves: number; movesBack: number; movesBackSame: number; axisWins: number; alliesWins: number;
}

let oldK: Knowledge | undefined;

async function makeBot(name: string): Promise<Bot> {
  if (!name.startsWith('old:')) return createBot(name);
  oldK ??= (await import(new URL('../../../bots/dist/knowledge/hacse-old.js', import.meta.url).href) as { hacseKnowledge: Knowledge }).hacseKnowledge;
  const n = Number(name.split('@')[1]);
  return new MctsBot({ name, iterations: n, knowledge: oldK });
}

export async function countHabits(scenario: string, games: number, botA: string, botB: string, seed = 'habits'): Promise<Habits> {
  const h: Habits = { games: 0, attacks: 0, attacksNoOrder: 0, attacksNoOrderInHand: 0, commitsOrder: 0, commitsNone: 0, moves: 0, movesBack: 0, movesBackSame: 0, axisWins: 0, alliesWins: 0 };
  for (let i = 0; i < games; i++) {
    const names = i % 2 === 0 ? { axis: botA, allies: botB } : { axis: botB, allies: botA };
    const bots = { axis: await makeBot(names.axis), allies: await makeBot(names.allies) };
    const rngs = { axis: new Rng(`bot:${seed}${i}:axis`), allies: new Rng(`bot:${seed}${i}:allies`) };
    let s: HacseState = g.setup({ seed: `${seed}${i}`, scenario });
    const lastMove = new Map<string, { from: string; turn: number; damage: number; flipped: boolean }>();
    let combatOrders = -1;
    for (let n = 0; n < 20000 && g.active(s).length; n++) {
      const role = g.active(s).find((r) => g.actions(s, r).length > 0) as Side | undefined;
      if (!role) break;
      const a = bots[role].choose(g, s, role, rngs[role]) as HacseAction;
      if (a.type === 'attack') {
        h.attacks++;
        if (!s.players[role].hand.some((id) => id.startsWith('order.'))) h.attacksNoOrderInHand++;
        combatOrders = 0;
      } else if (a.type === 'commit') {
        if (a.order === null) h.commitsNone++;
        else { h.commitsOrder++; combatOrders++; }
      } else if (a.type === 'declared') {
        if (combatOrders === 0) h.attacksNoOrder++;
        combatOrders = -1;
      } else if (a.type === 'move') {
        h.moves++;
        const u = s.players[role].units.find((x) => x.uid === a.uid)!;
        const prev = lastMove.get(a.uid);
        if (prev && prev.from === a.to && s.turn - prev.turn <= 2) {
          h.movesBack++;
          if (prev.damage === u.damage && prev.flipped === u.flipped) h.movesBackSame++;
        }
        lastMove.set(a.uid, { from: u.zone, turn: s.turn, damage: u.damage, flipped: u.flipped });
      }
      s = g.apply(s, role, a);
    }
    h.games++;
    const w = s.outcome?.winners ?? [];
    const winnerName = w.length === 1 ? names[w[0] as Side] : null;
    if (winnerName === botA && w[0] === 'axis') h.axisWins++;
    if (winnerName === botA && w[0] === 'allies') h.alliesWins++;
  }
  return h;
}

const isMain = process.argv[1]?.endsWith('hacse-behaviour.js');
if (isMain) {
  const eras = process.argv[2] ? [process.argv[2]] : ['early', 'late'];
  const games = Number(process.argv[3] ?? 20);
  const botA = process.argv[4] ?? 'mcts-medium@50', botB = process.argv[5] ?? botA;
  for (const era of eras) {
    const t0 = performance.now();
    const h = await countHabits(era, games, botA, botB);
    const per = (x: number): string => (x / h.games).toFixed(2);
    console.log(`${era} ${botA} vs ${botB}, ${h.games} games, ${Math.round((performance.now() - t0) / 1000)} s: ` +
      `attacks ${per(h.attacks)}/game, without any order ${per(h.attacksNoOrder)} (${(100 * h.attacksNoOrder / Math.max(1, h.attacks)).toFixed(1)}%), ` +
      `with no order in hand ${per(h.attacksNoOrderInHand)}; commits with order ${per(h.commitsOrder)}, without ${per(h.commitsNone)} ` +
      `(${(100 * h.commitsNone / Math.max(1, h.commitsOrder + h.commitsNone)).toFixed(1)}%); moves ${per(h.moves)}, back ${per(h.movesBack)}, back unchanged ${per(h.movesBackSame)} ` +
      `(${(100 * h.movesBack / Math.max(1, h.moves)).toFixed(1)}%); ${botA} wins as axis ${h.axisWins}, as allies ${h.alliesWins}`);
  }
}
