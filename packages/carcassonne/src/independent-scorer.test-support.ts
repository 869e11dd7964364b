/**
 * An independent scorer for checking the engine: it keeps its own model of the board (tiles, figures,
 * flocks) and its own scores, built only from the tile data file, the public view and the actions played,
 * and recomputes every feature by brute-force flood fill over the placed tiles' side thirds. It shares
 * no code with board.ts, scoring.ts or tiles.ts.
 *
 * What it takes from the engine: which tile was placed where (the view's tiles), which sheep token or wolf
 * was drawn (the view's events: the draw is random), and whether the turn ended (the view's phase).
 * Everything that scores is decided here from the rules.
 */
import data from './data/carcassonne-tiles.json' with { type: 'json' };

type Seg = 'NL' | 'NC' | 'NR' | 'EL' | 'EC' | 'ER' | 'SL' | 'SC' | 'SR' | 'WL' | 'WC' | 'WR';
interface DataTile {
  id: string;
  cities: { id: string; pennants: number }[];
  roads: { id: string }[];
  fields: { id: string; adjacentCities: string[] }[];
  cloister: boolean;
  hill: boolean;
  vineyard: boolean;
  segments: Record<Seg, string | null>;
}
const SEGS: Seg[] = ['NL', 'NC', 'NR', 'EL', 'EC', 'ER', 'SL', 'SC', 'SR', 'WL', 'WC', 'WR'];
const DATA = new Map<string, DataTile>((data as unknown as { tiles: DataTile[] }).tiles.map((t) => [t.id, t]));
const STEP: [number, number][] = [[0, -1], [1, 0], [0, 1], [-1, 0]];

/** The rulebook's list of features of a tile in the order the actions number them: cities, roads, fields, cloister. */
export function featureIds(tileId: string): string[] {
  const t = DATA.get(tileId)!;
  return [...t.cities.map((c) => c.id), ...t.roads.map((r) => r.id), ...t.fields.map((f) => f.id), ...(t.cloister ? ['cloister'] : [])];
}

function kindOf(id: string): 'city' | 'road' | 'field' | 'cloister' {
  if (id === 'cloister') return 'cloister';
  return id[0] === 'c' ? 'city' : id[0] === 'r' ? 'road' : 'field';
}

export interface PlacedTile { id: string; x: number; y: number; rot: number }
export interface Figure { owner: number; kind: 'follower' | 'shepherd'; x: number; y: number; fid: string }
export interface ScorerOptions {
  hs: boolean; tinyCity: 2 | 4; hillTie: 'presence' | 'count'; farmers: boolean; farmScoring: 'current' | 'second' | 'first';
}
/** A feature as connected over the board: its pieces (tile key + data feature id), tiles and whether it is closed. */
interface Feature { kind: string; pieces: string[]; tiles: Set<string>; complete: boolean; key: string }

const posKey = (x: number, y: number): string => `${x},${y}`;

export class IndependentScorer {
  readonly tiles = new Map<string, PlacedTile>();
  figures: Figure[] = [];
  flocks: number[][];
  scores: number[];
  /** Scores this scorer awarded, in order, as [kind, players, points]. */
  log: [string, number[], number][] = [];

  constructor(readonly players: number, readonly opts: ScorerOptions) {
    this.flocks = Array.from({ length: players }, () => []);
    this.scores = new Array<number>(players).fill(0);
  }

  addTile(t: PlacedTile): void { this.tiles.set(posKey(t.x, t.y), t); }

  /** The data feature id at the side third `j` (0..11 clockwise from NL, as seen on the board) of a placed tile. */
  private segAt(t: PlacedTile, j: number): string | null {
    return DATA.get(t.id)!.segments[SEGS[(((j - 3 * t.rot) % 12) + 12) % 12]!];
  }

  /** Flood fill from one piece. */
  feature(x: number, y: number, fid: string): Feature {
    const kind = kindOf(fid);
    const start = `${posKey(x, y)}|${fid}`;
    if (kind === 'cloister') {
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && this.tiles.has(posKey(x + dx, y + dy))) n++;
      return { kind, pieces: [start], tiles: new Set([posKey(x, y)]), complete: n === 8, key: start };
    }
    const seen = new Set<string>([start]);
    const stack: [number, number, string][] = [[x, y, fid]];
    let complete = true;
    while (stack.length > 0) {
      const [cx, cy, f] = stack.pop()!;
      const t = this.tiles.get(posKey(cx, cy))!;
      for (let j = 0; j < 12; j++) {
        if (this.segAt(t, j) !== f) continue;
        const side = (j / 3) | 0;
        const nx = cx + STEP[side]![0], ny = cy + STEP[side]![1];
        const n = this.tiles.get(posKey(nx, ny));
        if (!n) { complete = false; continue; }
        const oj = ((side + 2) % 4) * 3 + (2 - (j % 3));
        const g = this.segAt(n, oj);
        if (g === null) continue;
        const k = `${posKey(nx, ny)}|${g}`;
        if (!seen.has(k)) { seen.add(k); stack.push([nx, ny, g]); }
      }
    }
    const pieces = [...seen].sort();
    return { kind, pieces, tiles: new Set(pieces.map((p) => p.split('|')[0]!)), complete, key: pieces[0]! };
  }

  private figureFeature(f: Figure): Feature { return this.feature(f.x, f.y, f.fid); }

  private onHill(f: Figure): boolean { return DATA.get(this.tiles.get(posKey(f.x, f.y))!.id)!.hill; }

  /** Followers (not shepherds) standing on a feature. */
  private followersOn(feat: Feature): Figure[] {
    const pieces = new Set(feat.pieces);
    return this.figures.filter((f) => f.kind === 'follower' && pieces.has(`${posKey(f.x, f.y)}|${f.fid}`));
  }

  /** The players scoring: most followers; among tied leaders the hill tie-break. */
  winners(figs: Figure[]): number[] {
    const count = new Array<number>(this.players).fill(0), hill = new Array<number>(this.players).fill(0);
    for (const f of figs) { count[f.owner]!++; if (this.onHill(f)) hill[f.owner]!++; }
    const best = Math.max(...count);
    if (best === 0) return [];
    const tied = count.map((c, p) => (c === best ? p : -1)).filter((p) => p >= 0);
    if (tied.length === 1) return tied;
    if (this.opts.hillTie === 'presence') {
      const h = tied.filter((p) => hill[p]! > 0);
      return h.length > 0 ? h : tied;
    }
    const most = Math.max(...tied.map((p) => hill[p]!));
    return most > 0 ? tied.filter((p) => hill[p] === most) : tied;
  }

  private pennants(feat: Feature): number {
    let n = 0;
    for (const p of feat.pieces) {
      const [k, fid] = p.split('|') as [string, string];
      n += DATA.get(this.tiles.get(k)!.id)!.cities.find((c) => c.id === fid)!.pennants;
    }
    return n;
  }

  value(feat: Feature, complete: boolean): number {
    const n = feat.tiles.size;
    if (feat.kind === 'road') return n;
    if (feat.kind === 'city') {
      const pen = this.pennants(feat);
      if (!complete || (n === 2 && this.opts.tinyCity === 2)) return n + pen;
      return 2 * (n + pen);
    }
    if (feat.kind === 'cloister') {
      const [x, y] = feat.pieces[0]!.split('|')[0]!.split(',').map(Number) as [number, number];
      let tiles = 0, vines = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        const t = this.tiles.get(posKey(x + dx, y + dy));
        if (t) { tiles++; if (DATA.get(t.id)!.vineyard) vines++; }
      }
      return complete ? 9 + (this.opts.hs ? 3 * vines : 0) : 1 + tiles;
    }
    throw new Error('fields have no value of their own');
  }

  private award(kind: string, ps: number[], pts: number): void {
    for (const p of ps) this.scores[p]! += pts;
    this.log.push([kind, ps, pts]);
  }

  /** Every shepherd standing in a field (by piece set). */
  private shepherdsIn(feat: Feature): Figure[] {
    const pieces = new Set(feat.pieces);
    return this.figures.filter((f) => f.kind === 'shepherd' && pieces.has(`${posKey(f.x, f.y)}|${f.fid}`));
  }

  /** Ends the flock of a field: with `score`, each shepherd's owner scores all sheep of the field. */
  endFlock(feat: Feature, score: boolean): void {
    const sh = this.shepherdsIn(feat);
    let total = 0;
    for (const f of sh) for (const v of this.flocks[f.owner]!) total += v;
    for (const f of sh) this.flocks[f.owner] = [];
    if (score) this.award('flock', sh.map((f) => f.owner), total);
    this.figures = this.figures.filter((f) => !sh.includes(f));
  }

  shepherdOf(p: number): Figure | undefined { return this.figures.find((f) => f.owner === p && f.kind === 'shepherd'); }

  /** End of a turn in which the tile at (x, y) was placed: completed roads, cities, cloisters; closed fields with a flock. */
  endTurn(x: number, y: number): void {
    const t = this.tiles.get(posKey(x, y))!;
    const done = new Set<string>();
    for (const fid of featureIds(t.id)) {
      const kind = kindOf(fid);
      if (kind === 'cloister') continue;
      const feat = this.feature(x, y, fid);
      if (!feat.complete || done.has(feat.key)) continue;
      done.add(feat.key);
      if (kind === 'field') {
        if (this.opts.hs && this.shepherdsIn(feat).length > 0) this.endFlock(feat, true);
        continue;
      }
      const figs = this.followersOn(feat);
      if (figs.length === 0) continue;
      this.award(kind, this.winners(figs), this.value(feat, true));
      this.figures = this.figures.filter((f) => !figs.includes(f));
    }
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      const n = this.tiles.get(posKey(x + dx, y + dy));
      if (!n || !DATA.get(n.id)!.cloister) continue;
      const feat = this.feature(x + dx, y + dy, 'cloister');
      if (!feat.complete) continue;
      const figs = this.followersOn(feat);
      if (figs.length === 0) continue;
      this.award('cloister', this.winners(figs), this.value(feat, true));
      this.figures = this.figures.filter((f) => !figs.includes(f));
    }
  }

  /** Completed cities (by key) bordering a field. */
  citiesBordering(field: Feature): string[] {
    const out = new Set<string>();
    for (const p of field.pieces) {
      const [k, fid] = p.split('|') as [string, string];
      const t = this.tiles.get(k)!;
      const [x, y] = k.split(',').map(Number) as [number, number];
      for (const c of DATA.get(t.id)!.fields.find((f) => f.id === fid)!.adjacentCities) {
        const city = this.feature(x, y, c);
        if (city.complete) out.add(city.key);
      }
    }
    return [...out];
  }

  /** The final scoring; returns features still complete with followers on them (there should be none). */
  finalScoring(): string[] {
    const problems: string[] = [];
    const done = new Set<string>();
    const farms: Feature[] = [];
    for (const f of this.figures) {
      if (f.kind !== 'follower') continue;
      const feat = this.figureFeature(f);
      if (done.has(feat.key)) continue;
      done.add(feat.key);
      if (feat.kind === 'field') { farms.push(feat); continue; }
      if (feat.complete) problems.push(`complete ${feat.kind} ${feat.key} still has followers at the end`);
      this.award(feat.kind, this.winners(this.followersOn(feat)), this.value(feat, false));
    }
    if (!this.opts.farmers) return problems;
    if (this.opts.farmScoring === 'current') {
      for (const farm of farms) this.award('field', this.winners(this.followersOn(farm)), 3 * this.citiesBordering(farm).length);
    } else if (this.opts.farmScoring === 'second') {
      const paid = Array.from({ length: this.players }, () => new Set<string>());
      for (const farm of farms) {
        const cities = this.citiesBordering(farm);
        for (const p of this.winners(this.followersOn(farm))) for (const c of cities) paid[p]!.add(c);
      }
      paid.forEach((set, p) => { if (set.size > 0) this.award('field', [p], 3 * set.size); });
    } else {
      const byCity = new Map<string, Figure[]>();
      for (const farm of farms) {
        const figs = this.followersOn(farm);
        for (const c of this.citiesBordering(farm)) byCity.set(c, [...(byCity.get(c) ?? []), ...figs]);
      }
      for (const figs of byCity.values()) this.award('field', this.winners(figs), 4);
    }
    return problems;
  }
}

/** The minimal view shape the tracker reads. */
export interface ViewLike {
  phase: string;
  turn: string | null;
  tiles: { id: string; x: number; y: number; rot: number }[];
  lastTile: { x: number; y: number } | null;
  figures: { owner: string; kind: string; x: number; y: number; feature: number; featureId: string }[];
  players: Record<string, { score: number; flock: number[]; followers: number; shepherdHome: boolean }>;
  events: { e: string; n?: number; kind?: string; ps?: number[]; pts?: number }[];
  roles: string[];
  spots: { feature: number; follower: boolean; shepherd: boolean }[];
}
export type ActionLike = { type: string; feature?: number };

/**
 * Follows a game action by action: `step(before, action, after)` updates the independent model from the
 * action and the random outcomes shown in `after`, and returns the disagreements found (empty when all agree).
 */
export class GameTracker {
  readonly sc: IndependentScorer;
  private turnTile: { x: number; y: number } | null = null;
  /** The tile just placed extends the active player's flock's field (still open). */
  private tending = false;
  constructor(first: ViewLike, opts: ScorerOptions) {
    this.sc = new IndependentScorer(first.roles.length, opts);
    for (const t of first.tiles) this.sc.addTile(t);
  }

  /** Where the active player may deploy on the tile just placed: follower if a follower is left and the feature (connected) has none; shepherd on a field without one. */
  expectedSpots(p: number): { feature: number; follower: boolean; shepherd: boolean }[] {
    const sc = this.sc;
    const tt = this.turnTile!;
    const tile = sc.tiles.get(`${tt.x},${tt.y}`)!;
    const left = 7 - sc.figures.filter((f) => f.owner === p && f.kind === 'follower').length;
    const shepherdHome = sc.opts.hs && !sc.shepherdOf(p);
    const out: { feature: number; follower: boolean; shepherd: boolean }[] = [];
    featureIds(tile.id).forEach((fid, feature) => {
      const feat = sc.feature(tt.x, tt.y, fid);
      const pieces = new Set(feat.pieces);
      const here = sc.figures.filter((f) => pieces.has(`${f.x},${f.y}|${f.fid}`));
      const follower = left > 0 && !here.some((f) => f.kind === 'follower') && (feat.kind !== 'field' || sc.opts.farmers);
      const shepherd = shepherdHome && feat.kind === 'field' && !here.some((f) => f.kind === 'shepherd');
      if (follower || shepherd) out.push({ feature, follower, shepherd });
    });
    return out;
  }

  step(before: ViewLike, action: ActionLike, after: ViewLike): string[] {
    const sc = this.sc;
    const p = before.roles.indexOf(before.turn ?? '');
    const problems: string[] = [];
    const logFrom = sc.log.length;
    if (action.type === 'place') {
      const t = after.tiles[after.tiles.length - 1]!;
      sc.addTile(t);
      this.turnTile = { x: t.x, y: t.y };
      const sh = sc.shepherdOf(p);
      this.tending = false;
      if (sc.opts.hs && sh) {
        const field = sc.feature(sh.x, sh.y, sh.fid);
        this.tending = field.tiles.has(`${t.x},${t.y}`);
      }
      const spots = this.expectedSpots(p).map((d) => `${d.feature}:${d.follower}:${d.shepherd}`).join(' ');
      const shown = after.phase === 'deploy' ? after.spots.filter((d) => d.follower || d.shepherd).map((d) => `${d.feature}:${d.follower}:${d.shepherd}`).join(' ') : '';
      if (spots !== shown) problems.push(`deployment spots: engine [${shown}] (${after.phase}), independent [${spots}]`);
    } else if (action.type === 'follower' || action.type === 'shepherd') {
      const tt = this.turnTile!;
      const tile = sc.tiles.get(`${tt.x},${tt.y}`)!;
      const fid = featureIds(tile.id)[action.feature!]!;
      if (action.type === 'follower') {
        sc.figures.push({ owner: p, kind: 'follower', x: tt.x, y: tt.y, fid });
      } else {
        const ev = after.events.find((e) => e.e === 'sheep' || e.e === 'wolf');
        if (!ev) problems.push('shepherd placed but no token drawn');
        else if (ev.e === 'sheep') { sc.figures.push({ owner: p, kind: 'shepherd', x: tt.x, y: tt.y, fid }); sc.flocks[p] = [ev.n!]; }
      }
    } else if (action.type === 'grow' || action.type === 'drive') {
      const sh = sc.shepherdOf(p);
      if (!sh) problems.push('flock choice without a shepherd on the board');
      else {
        const field = sc.feature(sh.x, sh.y, sh.fid);
        if (action.type === 'drive') sc.endFlock(field, true);
        else {
          const ev = after.events.find((e) => e.e === 'sheep' || e.e === 'wolf');
          if (!ev) problems.push('grow without a token');
          else if (ev.e === 'sheep') sc.flocks[p]!.push(ev.n!);
          else sc.endFlock(field, false);
        }
      }
    }
    const turnEnded = after.phase === 'place' || after.phase === 'over';
    const stepDone = action.type === 'follower' || action.type === 'shepherd' || action.type === 'skip' || (action.type === 'place' && after.phase !== 'deploy');
    if (stepDone) {
      const flockDue = this.tending && sc.shepherdOf(p) !== undefined;
      if (flockDue !== (after.phase === 'flock')) problems.push(`flock choice: engine ${after.phase === 'flock'}, independent ${flockDue}`);
    }
    if (turnEnded && this.turnTile) {
      sc.endTurn(this.turnTile.x, this.turnTile.y);
      this.turnTile = null;
    }
    if (after.phase === 'over') problems.push(...sc.finalScoring());
    else {
      // During play, each score event of the engine matches one of ours (kind, scorers, points).
      const line = (kind: string, ps: number[], pts: number): string => `${kind}:${[...ps].sort().join('+')}:${pts}`;
      const mine = sc.log.slice(logFrom).map(([k, ps, pts]) => line(k, ps, pts)).sort().join(' ');
      const theirs = after.events.filter((e) => e.e === 'score' || (e.e === 'stable' && (e.ps ?? []).length > 0))
        .map((e) => line(e.kind ?? '', e.ps ?? [], e.pts ?? 0)).sort().join(' ');
      if (mine !== theirs) problems.push(`score events: engine [${theirs}], independent [${mine}]`);
    }
    // Compare: scores, then the figures and flocks the two models hold.
    after.roles.forEach((r, i) => {
      if (after.players[r]!.score !== sc.scores[i]) problems.push(`${r}: engine ${after.players[r]!.score}, independent ${sc.scores[i]}`);
      const mine = [...sc.flocks[i]!].sort().join(','), theirs = [...after.players[r]!.flock].sort().join(',');
      if (mine !== theirs) problems.push(`${r}: flock engine [${theirs}], independent [${mine}]`);
      const left = 7 - sc.figures.filter((f) => f.owner === i && f.kind === 'follower').length;
      if (after.players[r]!.followers !== left) problems.push(`${r}: followers in supply engine ${after.players[r]!.followers}, independent ${left}`);
      const home = sc.opts.hs && !sc.shepherdOf(i);
      if (after.players[r]!.shepherdHome !== home) problems.push(`${r}: shepherd at home engine ${after.players[r]!.shepherdHome}, independent ${home}`);
    });
    const fig = (o: string, k: string, x: number, y: number, f: string): string => `${o}:${k}@${x},${y}/${f}`;
    const a = sc.figures.map((f) => fig(after.roles[f.owner]!, f.kind, f.x, f.y, f.fid)).sort().join(' ');
    const b = after.figures.map((f) => fig(f.owner, f.kind, f.x, f.y, f.featureId)).sort().join(' ');
    if (a !== b) problems.push(`figures differ: engine ${b} / independent ${a}`);
    return problems;
  }
}
