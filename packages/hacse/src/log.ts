/** Log lines (i18n key "log.<key>" + args) a viewer may read; no hidden card ever appears to others. */
import type { LogLine } from '@tabula/engine';
import { findUnit } from './state.js';
import type { HacseAction, HacseState, Side } from './types.js';

type Args = Record<string, string | number | boolean | null>;

function unitCard(s: HacseState, uid: string): string | null {
  return findUnit(s, uid)?.unit.card ?? null;
}

export function describeAction(prev: HacseState, next: HacseState, role: Side, a: HacseAction, viewer: Side | null): LogLine[] {
  const out: LogLine[] = [];
  const line = (key: string, args: Args = {}, who: Side | null = role): void => { out.push({ role: who, key: `log.${key}`, args }); };
  const own = viewer === role;
  switch (a.type) {
    case 'draw': {
      const h = next.players[role].hand;
      line('draw', own ? { card: h[h.length - 1] ?? null } : {});
      break;
    }
    case 'shuffle': line('shuffle'); break;
    case 'end': line('end'); break;
    case 'doctrine': line('doctrine', { card: a.card }); break;
    case 'balance': line('balance', { option: a.option }); break;
    case 'ability': line('ability', { uid: a.uid, card: unitCard(prev, a.uid) }); break;
    case 'place': line('place', { card: a.card, zone: a.zone }); break;
    case 'pay': line('pay', { card: a.card }); break;
    case 'sacrifice': line('sacrifice', { uid: a.uid, card: unitCard(prev, a.uid) }); break;
    case 'move': line('move', { uid: a.uid, card: unitCard(prev, a.uid), to: a.to }); break;
    case 'disband': line('disband', { uid: a.uid, card: unitCard(prev, a.uid) }); break;
    case 'play': line('play', { card: a.card }); break;
    case 'target': line('target', { uid: a.uid, card: unitCard(prev, a.uid) }); break;
    case 'attack': line('attack'); break;
    case 'commit':
      line('commit', { uid: a.uid, card: unitCard(prev, a.uid), hasOrder: a.order !== null, order: own ? a.order : null });
      break;
    case 'declared': line('declared'); break;
    case 'block': line('block', { uid: a.uid, card: unitCard(prev, a.uid), attacker: a.attacker, attackerCard: unitCard(prev, a.attacker) }); break;
    case 'blocked': line('blocked'); break;
    case 'assign': line('assign', { uid: a.uid, card: unitCard(prev, a.uid), target: a.target, targetCard: unitCard(prev, a.target) }); break;
    case 'resolve': {
      const r = next.combat?.results.at(-1) ?? next.lastCombat?.results.at(-1);
      // A unit without an order has its own line (no empty {{order}} in the sentence).
      const order = r?.order ?? null;
      line(order === null ? 'resolveNoOrder' : 'resolve', { uid: a.uid, card: unitCard(prev, a.uid), order, defender: r?.defenderCard ?? null });
      break;
    }
    case 'flank': line('flank', { uid: a.target, card: unitCard(prev, a.target) }); break;
    case 'hq': line('hqAt', { card: a.card, uid: a.target, targetCard: unitCard(prev, a.target) }); break;
    case 'hqPass': line('hqPass'); break;
    case 'spread': line('spread', { uid: a.target, card: unitCard(prev, a.target) }); break;
    case 'take': line('take'); break;
    case 'keep': line('keep'); break;
    case 'strike': line('strike', { attackerCard: prev.combat?.after[0] ? unitCard(prev, prev.combat.after[0]) : null, uid: a.target, targetCard: unitCard(prev, a.target) }); break;
  }
  // Consequences visible to all: combat summary, turn change, outcome.
  if (prev.combat && !next.combat && next.lastCombat) {
    const c = next.lastCombat;
    for (const r of c.results) {
      // An unopposed attacker (no defender: its damage was spread) has its own line, with no empty {{defender}}.
      if (r.defender !== null) line('engagement', { attacker: r.attackerCard, defender: r.defenderCard, hit: r.hit, back: r.back + r.hq }, c.attacker);
      else if (r.spread.length > 0) line('engagementUnopposed', { attacker: r.attackerCard, hit: r.hit }, c.attacker);
    }
    if (c.gain > 0) line('gain', { n: c.gain, die: c.dieAfter }, c.attacker);
    if (c.stolen > 0) line('stolen', { count: c.stolen }, c.attacker);
  }
  if (next.turn !== prev.turn && !next.outcome) line('turn', { turn: next.turn, player: next.active }, next.active);
  if (next.outcome && !prev.outcome) {
    const winner = next.outcome.winners[0] ?? null;
    line(winner === null ? 'outcomeDraw' : 'outcome', { reason: next.outcome.reason, winner }, null);
  }
  return out;
}
