/**
 * HACSE knowledge.
 *
 * Evaluation (for Axis; Allies get the complement): a logistic of the feature vector `hacseFeatures`
 * (Axis minus Allies): the front die's distance from 5, weighted more as the armistice nears (Axis wins
 * at 10, Allies at 0, the armistice goes by the die); the worth of each side's units (cost, damage and
 * armour, less the damage they carry); the cards in hand. A combat, payment or effect still in progress
 * is first played to its end with the rollout policy's best choices (`settle`), so the value is read
 * from a settled position, not one with damage in flight.
 * Rollouts: weighted random play by `actionWeight`: attack with orders that do damage, place units
 * where they fit (ground-gaining units to the front, artillery, aircraft and bracketed units to the
 * reserve), finish off damaged units with free points and assignments, rest badly damaged units in the
 * hinterland, discard to the HQ only to flip or destroy an attacker, pay with the least useful cards,
 * and rarely end a turn early, shuffle or disband. The search also expands untried actions in this order.
 * Pruning (`pruneHacse`, issue 21: the bots attacked without orders and moved units back and forth):
 * no attack with no order in hand and no attacker without an order, unless the unit strikes after
 * combat (Stuka, Fw 190 F, Tiger); no HQ discard of the last hand card with no own front unit (that
 * loses by annihilation, issue 49); moves only to rest a badly damaged unit, to bring a healed one back,
 * or between front and reserve toward where the unit belongs (or to fill an empty front).
 */
import { listedActions, type AnyGame, type Role, type Rng } from '@tabula/engine';
import { CARD_LIST, card, hacseGame, type HacseAction, type HacseState, type Side } from '@tabula/hacse';

type Unit = HacseState['players']['axis']['units'][number];
import type { Knowledge } from './types.js';

interface CardStat {
  /** Best attacking damage (assault or flank), its tactical (defending) damage, armour. */
  atk: number;
  man: number;
  arm: number;
  /** Unbracketed ground gain (0: bracketed or none). */
  gain: number;
  /** A rough worth: cost plus damage and armour. */
  worth: number;
  air: boolean;
}

const STATS = new Map<string, CardStat>();

/** Without the armistice variant, the turns over which the die's weight grows (the old default limit). */
const TEMPO_TURNS = 60;

export function cardStat(id: string): CardStat {
  let st = STATS.get(id);
  if (!st) {
    const c = card(id);
    const d = c.damage ?? { assault: 0, maneuver: 0, flank: 0 };
    const atk = Math.max(d.assault, d.flank);
    st = {
      atk, man: d.maneuver, arm: c.armour ?? 0,
      gain: c.gain && !c.gain.bracketed ? c.gain.value : 0,
      worth: 1 + (c.cost ?? 1) + 0.5 * (d.assault + d.maneuver + d.flank) / 3 + 0.3 * (c.armour ?? 0),
      air: (c.tags ?? []).includes('aircraft'),
    };
    STATS.set(id, st);
  }
  return st;
}

const ZONE_WEIGHT = { front: 1, reserve: 0.8, hinterland: 0.5 } as const;

/** Hit-point weighted worth of a side's units (front counts most). */
export function unitValue(s: HacseState, side: Side): number {
  let v = 0;
  const destroyAt = s.rules.destroyAt[side];
  for (const u of s.players[side].units) {
    v += cardStat(u.card).worth * ZONE_WEIGHT[u.zone] * Math.max(0, 1 - u.damage / destroyAt);
  }
  return v;
}

/** Names of the evaluation features (Axis minus Allies unless said otherwise), in order. */
export const FEATURES = [
  'die', 'dieLate', 'hand', 'orders', 'front', 'frontPow', 'reserve', 'reservePow', 'hinter', 'worth', 'gainPot',
  'frontEmpty', 'danger', 'cardsLeft', 'passives', 'tempo',
] as const;

interface SideFeatures {
  hand: number; orders: number; front: number; frontPow: number; reserve: number; reservePow: number; hinter: number;
  worth: number; gainPot: number; frontEmpty: number; danger: number; cardsLeft: number; passives: number;
}

function sideFeatures(s: HacseState, side: Side): SideFeatures {
  const p = s.players[side];
  const lim = s.rules.destroyAt[side];
  let orders = 0;
  for (const id of p.hand) if (id.startsWith('order.')) orders++;
  let front = 0, frontPow = 0, reserve = 0, reservePow = 0, hinter = 0, worth = 0, gainPot = 0;
  for (const u of p.units) {
    const st = cardStat(u.card);
    const hp = Math.max(0, 1 - u.damage / lim);
    worth += st.worth * hp;
    if (u.zone === 'front') {
      front++;
      if (!u.flipped) frontPow += (st.atk + 0.5 * st.man) * hp;
    } else if (u.zone === 'reserve') {
      reserve++;
      if (!u.flipped) reservePow += (st.atk + 0.5 * st.man) * hp;
    } else hinter += st.worth * hp;
    if (u.zone !== 'hinterland' && !st.air && st.gain > gainPot) gainPot = st.gain;
  }
  return {
    hand: Math.min(p.hand.length, 10), orders: Math.min(orders, 4), front, frontPow, reserve, reservePow, hinter, worth, gainPot,
    frontEmpty: front === 0 ? 1 : 0, danger: front === 0 && p.hand.length <= 1 ? 1 : 0,
    cardsLeft: Math.min(p.deck.length + p.discard.length, 30) / 10, passives: p.supports.length + p.progress.length,
  };
}

/** The feature vector of a state (see FEATURES), from the Axis point of view. */
export function hacseFeatures(s: HacseState): number[] {
  const a = sideFeatures(s, 'axis'), b = sideFeatures(s, 'allies');
  // The die weighs more as the game goes on (toward the armistice when that variant is on; else over 60 turns).
  const t = Math.min(1, s.turn / Math.max(1, s.rules.turnLimit ?? TEMPO_TURNS));
  const d = s.die - 5;
  const sign = s.active === 'axis' ? 1 : -1;
  return [
    d, d * t, a.hand - b.hand, a.orders - b.orders, a.front - b.front, a.frontPow - b.frontPow, a.reserve - b.reserve,
    a.reservePow - b.reservePow, a.hinter - b.hinter, a.worth - b.worth, a.gainPot - b.gainPot, a.frontEmpty - b.frontEmpty,
    a.danger - b.danger, a.cardsLeft - b.cardsLeft, a.passives - b.passives, sign * s.actionsLeft / 3,
  ];
}

/**
 * Logistic weights per feature (see FEATURES) and the intercept. Set by hand: logistic fits on the
 * outcomes of 210 Late self-play games (MCTS at 30-40 iterations) did not predict held-out games better
 * than these (cross-validated log loss); in 86 Early games a fit adding the ground-gain potential
 * (gainPot) did slightly better, but weight 0.3 on it did not play better (14 against 15 of 20 games),
 * so the other features keep weight 0 for now. Support and progress cards in play (passives) weigh 0.08
 * each (issue 18): with weight 0 the search saw no worth in them beyond its rollouts and rarely played them.
 */
export const WEIGHTS: readonly number[] = [0.45, 0.4, 0.05, 0, 0, 0, 0, 0, 0, 0.06, 0, 0, 0, 0, 0.08, 0];
export const BIAS = 0;

/**
 * Plays a combat, payment or effect in progress to its end with the best-weighted action each time
 * (deterministic), so that the evaluation sees a settled position rather than damage in flight.
 */
export function settle(s: HacseState, maxSteps = 40): HacseState {
  for (let i = 0; i < maxSteps && !s.outcome && s.phase !== 'main' && s.phase !== 'doctrine' && s.phase !== 'balance'; i++) {
    const side = s.phase === 'combat' && s.combat ? (s.combat.stage === 'block' || s.combat.stage === 'hq' ? (s.combat.attacker === 'axis' ? 'allies' : 'axis') : s.combat.attacker) : s.active;
    const acts = listedActions(hacseGame, s, side);
    if (acts.length === 0) break;
    let best = acts[0]!, bw = -1;
    for (const a of acts) {
      const w = actionWeight(s, side, a);
      if (w > bw) { bw = w; best = a; }
    }
    // `best` is one of the listed actions: no second legality check.
    s = hacseGame.perform!(s, side, best);
  }
  return s;
}

export function evaluateHacse(s: HacseState, quiet = false): Record<Role, number> {
  if (quiet && !s.outcome) s = settle(s);
  if (s.outcome) {
    const w = s.outcome.winners;
    return { axis: w.includes('axis') ? 1 / w.length : w.length ? 0 : 0.5, allies: w.includes('allies') ? 1 / w.length : w.length ? 0 : 0.5 };
  }
  const f = hacseFeatures(s);
  let x = BIAS;
  for (let i = 0; i < f.length; i++) x += WEIGHTS[i]! * f[i]!;
  const axis = 1 / (1 + Math.exp(-x));
  return { axis, allies: 1 - axis };
}

const TYPE_WEIGHT: Partial<Record<HacseAction['type'], number>> = {
  attack: 4, place: 3, play: 2, commit: 2, pay: 2, resolve: 2, assign: 2, block: 2, flank: 2, spread: 2, hq: 2,
  target: 2, move: 1, declared: 1, blocked: 1, hqPass: 1, draw: 0.8, doctrine: 1, sacrifice: 0.5, shuffle: 0.2, end: 0.3, disband: 0.1,
};

/** The first (old) rollout policy: weights by action type only. */
export function rolloutByType(actions: HacseAction[], rng: Rng): HacseAction {
  return pickWeighted(actions, actions.map((a) => TYPE_WEIGHT[a.type] ?? 1), rng);
}

function pickWeighted(actions: HacseAction[], w: number[], rng: Rng): HacseAction {
  let total = 0;
  for (const x of w) total += x;
  let r = rng.float() * total;
  for (let i = 0; i < actions.length; i++) {
    r -= w[i]!;
    if (r < 0) return actions[i]!;
  }
  return actions[actions.length - 1]!;
}

function unitOf(s: HacseState, uid: string): { side: Side; u: Unit } | null {
  for (const side of ['axis', 'allies'] as const) {
    for (const u of s.players[side].units) if (u.uid === uid) return { side, u };
  }
  return null;
}

const hasOrder = (hand: readonly string[]): boolean => hand.some((id) => id.startsWith('order.'));

/** A fact of a card's data, worked out once per card. */
function perCard(fact: (id: string) => boolean): (id: string) => boolean {
  const known = new Map<string, boolean>();
  return (id) => {
    let v = known.get(id);
    if (v === undefined) { v = fact(id); known.set(id, v); }
    return v;
  };
}

/** A unit whose card deals damage right after a combat it attacked in (A20): worth attacking with even without an order. */
const strikesAfter = perCard((id) => id !== '' && (card(id).after ?? []).some((o) => o.op === 'damage'));

/** Where a unit belongs: ground-gaining units (unbracketed gain, not ranged) at the front, the rest in the reserve. */
const fitsFront = perCard((id) => {
  const c = card(id);
  const ranged = (c.tags ?? []).some((t) => t === 'highRange' || t === 'veryHighRange');
  return !!c.gain && !c.gain.bracketed && !ranged && !(c.tags ?? []).includes('aircraft');
});

const frontEmpty = (s: HacseState, side: Side): boolean => !s.players[side].units.some((x) => x.zone === 'front');

/**
 * Whether moving `u` to `to` is a move the bot considers at all (issue 21: the bots moved units back
 * and forth): a badly damaged unit (half its limit) goes to rest in the hinterland and comes back when
 * healed to at most 1 damage; between front and reserve a unit only moves toward where it belongs
 * (see fitsFront), or to the front when the front is empty (annihilation). Each rule goes one way for a
 * unit whose damage did not change, so no sequence of useful moves brings a unit back where it was.
 */
export function moveUseful(s: HacseState, side: Side, u: Unit, to: Unit['zone']): boolean {
  const lim = s.rules.destroyAt[side];
  if (to === 'hinterland') return 2 * u.damage >= lim;
  if (u.zone === 'hinterland') return 2 * u.damage < lim && (u.damage <= 1 || (to === 'front' && frontEmpty(s, side)));
  if (to === 'front') return fitsFront(u.card) || frontEmpty(s, side);
  return !fitsFront(u.card) && s.players[side].units.some((x) => x !== u && x.zone === 'front');
}

/**
 * Drops actions that only waste an action or an attacker (issue 21), everywhere the search lists
 * actions: an attack with no order in hand (unless a ready unit strikes after combat), an attacker
 * committed without an order (same exception), and the moves `moveUseful` rejects.
 * Keeps the list unchanged if nothing would be left.
 */
export function pruneHacse(s: HacseState, side: Side, actions: HacseAction[]): HacseAction[] {
  const p = s.players[side];
  let orders: boolean | undefined;
  const keep = actions.filter((a) => {
    switch (a.type) {
      case 'attack':
        return (orders ??= hasOrder(p.hand)) || p.units.some((u) => u.zone !== 'hinterland' && !u.flipped && !u.attacked && u.placed < s.turn && strikesAfter(u.card));
      case 'commit':
        return a.order !== null || strikesAfter(unitOf(s, a.uid)?.u.card ?? '');
      case 'move': {
        const f = unitOf(s, a.uid);
        return !f || moveUseful(s, side, f.u, a.to);
      }
      case 'hq':
        // Issue 49 (any number of HQ discards): never discard the last card with no front unit (self-annihilation).
        return p.hand.length > 1 || p.units.some((u) => u.zone === 'front');
      default: return true;
    }
  });
  return keep.length > 0 ? keep : actions;
}

/** How attractive a damage point on this enemy unit is: finishing units off counts most. */
function hitValue(s: HacseState, uid: string, n = 1): number {
  const f = unitOf(s, uid);
  if (!f) return 0.5;
  const lim = s.rules.destroyAt[f.side];
  const st = cardStat(f.u.card);
  const taken = s.combat?.taken[uid] ?? 0;
  let v = 1 + f.u.damage / 2;
  if (f.u.damage + n >= lim) v += 3 + st.worth;
  else if (taken < 2 && taken + n >= 2 && !f.u.flipped) v += 1.5; // a flip stops it attacking or gaining ground
  return v;
}

/**
 * Weight of one action for the rollout policy (and the order in which the search tries actions):
 * sensible play that places and attacks with the units' best orders, finishes off damaged units,
 * rests badly damaged units in the hinterland, keeps its hand, and rarely ends a turn early.
 */
export function actionWeight(s: HacseState, side: Side, a: HacseAction): number {
  const p = s.players[side];
  switch (a.type) {
    case 'attack': return hasOrder(p.hand) ? 5 : 0.5;
    case 'place': {
      const c = card(a.card);
      const st = cardStat(a.card);
      const bracketed = !c.gain || c.gain.bracketed;
      const ranged = (c.tags ?? []).some((t) => t === 'highRange' || t === 'veryHighRange');
      const front = a.zone === 'front';
      const fit = front ? (bracketed || ranged ? 0.6 : 1.5) : (bracketed || ranged || st.air ? 1.5 : 0.6);
      return 3 * fit;
    }
    case 'play': return 2.5;
    case 'draw': return p.hand.length <= 2 ? 3 : p.hand.length <= 5 ? 1 : 0.3;
    case 'shuffle': return p.deck.length === 0 ? 4 : p.deck.length <= 3 ? 0.5 : 0.05;
    case 'end': return 0.15;
    case 'disband': return 0.02;
    case 'doctrine': return 1;
    case 'balance': return 1;
    case 'ability': return 3;
    case 'take': return 2.5;
    case 'keep': return 0.2;
    case 'strike': return hitValue(s, a.target);
    case 'move': {
      const f = unitOf(s, a.uid);
      if (!f) return 0.1;
      if (!moveUseful(s, side, f.u, a.to)) return 0.02;
      if (a.to === 'hinterland') return 3;
      if (f.u.zone === 'hinterland') return a.to === 'front' ? 1.5 : 1;
      return 1;
    }
    case 'pay': {
      const c = card(a.card);
      if (c.side !== 'any' && c.side !== s.decks[side].side) return 4;
      if (c.kind === 'order') return 1.5;
      if (c.kind === 'unit') return 0.7;
      return 1;
    }
    case 'sacrifice': {
      const f = unitOf(s, a.uid);
      return f && card(f.u.card).tags?.includes('sacrifice') ? 3 : 0.5;
    }
    case 'target': {
      const f = unitOf(s, a.uid);
      if (!f) return 1;
      if (f.side === side) return 1 / cardStat(f.u.card).worth; // sacrifice the cheapest
      return hitValue(s, a.uid);
    }
    case 'commit': {
      if (a.order === null) return strikesAfter(unitOf(s, a.uid)?.u.card ?? '') ? 1 : 0.15;
      const c = card(unitOf(s, a.uid)?.u.card ?? '');
      const o = card(a.order).order!;
      const dmg = c.damage ? c.damage[o] : 0;
      return o === 'maneuver' ? 0.3 + 0.5 * dmg : 0.5 + dmg;
    }
    case 'declared': {
      const c = s.combat;
      const ordersLeft = p.hand.some((id) => id.startsWith('order.'));
      return c && ordersLeft ? 0.5 : 3;
    }
    case 'block': {
      const f = unitOf(s, a.uid);
      return f ? 1 + cardStat(f.u.card).man : 1;
    }
    case 'blocked': return 1;
    case 'assign': return hitValue(s, a.target);
    case 'resolve': return 1;
    case 'flank': return hitValue(s, a.target);
    case 'spread': return hitValue(s, a.target);
    case 'hq': {
      const c = s.combat;
      if (!c || !c.current) return 0.1;
      const queued = c.hqHits.filter((x) => x === a.target).length;
      const back = (a.target === c.current ? c.pendingBack : 0) + queued;
      const taken = c.taken[a.target] ?? 0;
      const flips = taken + back < 2 && taken + back + 1 >= 2;
      const f = unitOf(s, a.target);
      const kills = f ? f.u.damage + back + 1 >= s.rules.destroyAt[f.side] : false;
      if (!(flips || kills) || p.hand.length <= 2) return 0.05;
      const cd = card(a.card);
      return cd.side !== 'any' && cd.side !== s.decks[side].side ? 3 : cd.kind === 'order' ? 1.5 : 0.7;
    }
    case 'hqPass': return 2;
  }
  return 1;
}

export function rolloutHacse(s: HacseState, side: Side, actions: HacseAction[], rng: Rng): HacseAction {
  return pickWeighted(actions, actions.map((a) => actionWeight(s, side, a)), rng);
}

/**
 * The hidden cards in a canonical order, mirroring determinize: the viewer's deck sorted; the
 * opponent's hand, deck and face-down orders pooled, sorted and dealt back (orders to the slots).
 */
export function canonicalHacse(s: HacseState, viewer: Side): HacseState {
  const d = structuredClone(s);
  d.players[viewer].deck.sort();
  d.players[viewer].hand.sort();
  const foe: Side = viewer === 'axis' ? 'allies' : 'axis';
  const fp = d.players[foe];
  const slots = d.combat && d.combat.attacker === foe ? d.combat.attackers.filter((a) => a.order !== null && !a.revealed) : [];
  // cards the viewer knows to be in the foe's hand (taken from it by a hand draw) stay there
  const known = [...fp.known].sort();
  const pool = [...fp.hand, ...fp.deck, ...slots.map((a) => a.order!)];
  for (const id of known) pool.splice(pool.indexOf(id), 1);
  pool.sort();
  for (const a of slots) {
    const i = pool.findIndex((id) => card(id).kind === 'order');
    a.order = pool.splice(i, 1)[0]!;
  }
  const free = fp.hand.length - known.length;
  fp.hand = [...known, ...pool.slice(0, free)];
  fp.deck = pool.slice(free);
  d.rng = [0, 0, 0, 1];
  return d;
}

/** One character per card (from U+0100 on, the catalog's first): card lists in the info key, short and without separators. */
const CARD_CHAR = new Map<string, number>(CARD_LIST.map((c, i) => [c.id, 0x100 + i]));
let nextChar = 0x100 + CARD_LIST.length;
function charOf(id: string): number {
  let ch = CARD_CHAR.get(id);
  if (ch === undefined) { ch = nextChar++; CARD_CHAR.set(id, ch); }
  return ch;
}
const cardCode = (id: string): string => String.fromCharCode(charOf(id));

/** A card list in order, one code per card. */
function cardsCode(ids: readonly string[]): string {
  let out = '';
  for (const id of ids) out += cardCode(id);
  return out;
}

/** A card list as a multiset (the order it has is hidden or meaningless): its codes in ascending order. */
function sortedCode(ids: readonly string[]): string {
  const codes = new Uint16Array(ids.length);
  for (let i = 0; i < ids.length; i++) codes[i] = charOf(ids[i]!);
  codes.sort();
  return String.fromCharCode.apply(null, codes as unknown as number[]);
}

/** Deck lists are shared between states and never changed in place (hacse `cloneState`): each is coded once. */
const deckCodes = new WeakMap<readonly string[], string>();
function deckCode(deck: readonly string[]): string {
  let code = deckCodes.get(deck);
  if (code === undefined) { code = sortedCode(deck); deckCodes.set(deck, code); }
  return code;
}

/** Every field of a unit; uids hold no "," or ";". */
function unitsCode(units: readonly Unit[]): string {
  let out = '';
  for (const u of units) out += `${u.uid},${cardCode(u.card)},${u.zone},${u.damage},${u.flipped ? 1 : 0}${u.attacked ? 1 : 0},${u.placed};`;
  return out;
}

/**
 * The search-tree key: what `viewer` sees that the rules depend on (as in view.ts, without the rendering extras):
 * the own hand and deck as multisets, the other side's hidden cards only by their counts. Compact rather than
 * readable (the search only hashes it); each part is delimited so that different positions give different keys.
 */
export function infoKeyHacse(s: HacseState, viewer: Side): string {
  const pl = (side: Side): string => {
    const p = s.players[side];
    const own = side === viewer ? `${sortedCode(p.hand)}/${deckCode(p.deck)}` : '';
    return `${p.hand.length}/${p.deck.length}/${own}/${cardsCode(p.discard)}/${unitsCode(p.units)}/${cardsCode(p.supports)}/${cardsCode(p.progress)}/${cardsCode(p.removed)}/${sortedCode(p.known)}`;
  };
  const c = s.combat;
  const combat = c ? [c.attacker, c.stage, c.attackers.map((a) => [a.uid, a.order !== null, a.revealed || viewer === c.attacker ? a.order : null, a.revealed, a.vs, a.by, a.done]),
    c.blocksUsed, c.current, c.pendingHit, c.pendingBack, c.pendingHq, c.hqHits, c.spreadLeft, c.undistributed, c.taken, c.after] : 0;
  return `${s.turn}|${s.active}|${s.phase}|${s.rules.balancing}|${s.actionsLeft}|${s.die}|${s.freeMoveUsed ? 1 : 0}${s.discountUsed ? 1 : 0}${s.outcome ? 1 : 0}|${pl('axis')}|${pl('allies')}|${JSON.stringify(s.pending)}|${JSON.stringify(combat)}`;
}

export const hacseKnowledge: Knowledge = {
  rolloutDepth: 16,
  prune: (state, role, actions) => (role === 'axis' || role === 'allies' ? pruneHacse(state as HacseState, role, actions as HacseAction[]) : actions),
  infoKey: (state, role) => infoKeyHacse(state as HacseState, role as Side),
  rollout: (_game: AnyGame, state, role, actions, rng) => rolloutHacse(state as HacseState, role as Side, actions as HacseAction[], rng),
  evaluate: (_game, state) => evaluateHacse(state as HacseState, true),
  canonical: (_game, state, role) => (role === 'axis' || role === 'allies' ? canonicalHacse(state as HacseState, role) : state),
};
