// A Carcassonne tile in words for a screen reader: what each side shows after its turn, the cities and
// roads that join sides, cloister, pennants, hill and vineyard; figures by colour and role; a place's neighbours.
import type { CarcView, ViewFigure, Side } from '@tabula/carcassonne';
import type { BoardProps } from '../types.js';
import { DEFS } from './TileArt.js';
import { joinClauses, joinGroups, joinItems } from '../../i18n/join.js';

type T = BoardProps['t'];
const SIDES: Side[] = ['N', 'E', 'S', 'W'];
const STEP: Record<Side, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPPOSITE: Record<Side, Side> = { N: 'S', E: 'W', S: 'N', W: 'E' };

/** Where a side of the unturned tile lies after `rot` clockwise quarter turns. */
const turned = (s: Side, rot: number): Side => SIDES[(SIDES.indexOf(s) + rot) % 4]!;
/** What the tile shows on side `s` (of the table) when turned by `rot`. */
export function edgeAt(id: string, rot: number, s: Side): string | null {
  const d = DEFS.get(id);
  return d ? d.edges[SIDES[(SIDES.indexOf(s) - rot + 4) % 4]!] : null;
}

const dir = (t: T, ns: string, s: Side) => t(`board.dir.${s}`, { ns });
const kind = (t: T, k: string) => t(`carc.kind.${k}`);
const inOrder = (sides: Side[]) => [...sides].sort((a, b) => SIDES.indexOf(a) - SIDES.indexOf(b));

/** "City cap with road; north: city, east: road, …; a road from west to east; turned 90° clockwise". */
export function tileWords(t: T, ns: string, id: string, rot: number): string {
  const d = DEFS.get(id);
  const name = t(`name.${id}`, { ns, defaultValue: id });
  if (!d) return name;
  const parts = [name, joinClauses(t, SIDES.map((s) => t('board.edge', { ns, side: dir(t, ns, s), kind: kind(t, edgeAt(id, rot, s)!) })))];
  for (const c of d.cities) if (c.sides.length > 1) parts.push(t('board.cityAcross', { ns, sides: joinItems(t, inOrder(c.sides.map((s) => turned(s, rot))).map((s) => dir(t, ns, s))) }));
  const pennants = d.cities.reduce((n, c) => n + c.pennants, 0);
  if (pennants) parts.push(t('board.pennant', { ns, count: pennants }));
  for (const r of d.roads) if (r.sides.length === 2) { const [a, b] = inOrder(r.sides.map((s) => turned(s, rot))); parts.push(t('board.roadFromTo', { ns, a: dir(t, ns, a!), b: dir(t, ns, b!) })); }
  if (d.roads.some((r) => r.sides.length === 1) && !d.cloister) parts.push(t('board.roadEnds', { ns }));
  if (d.cloister) parts.push(t('board.cloisterHere', { ns }));
  if (d.hill) parts.push(t('board.hill', { ns }));
  if (d.vineyard) parts.push(t('board.vineyard', { ns }));
  parts.push(rot ? t('board.turned', { ns, deg: rot * 90 }) : t('board.notTurned', { ns }));
  return joinGroups(t, parts);
}

/** "Red meeple, knight in the city, on the tile at 1 east". */
export function figureWords(t: T, ns: string, f: ViewFigure, owner: string, tile: string): string {
  const figure = t(f.kind === 'shepherd' ? 'board.shepherdFigure' : 'board.meeple', { ns });
  const as = t(f.kind === 'shepherd' ? 'board.as.shepherd' : `board.as.${f.featureKind}`, { ns });
  return t('board.figureOn', { ns, owner, figure, as, tile });
}

/** "Next to 1 east: north: Straight road, road facing; east: open; …". */
export function neighboursWords(t: T, ns: string, view: CarcView, x: number, y: number, where: string): string {
  const list = SIDES.map((s) => {
    const [dx, dy] = STEP[s];
    const n = view.tiles.find((tl) => tl.x === x + dx && tl.y === y + dy);
    if (!n) return t('board.openSide', { ns, dir: dir(t, ns, s) });
    return t('board.neighbour', { ns, dir: dir(t, ns, s), name: t(`name.${n.id}`, { ns, defaultValue: n.id }), kind: kind(t, edgeAt(n.id, n.rot, OPPOSITE[s]) ?? 'field') });
  });
  return t('board.neighbours', { ns, where, list: joinGroups(t, list) });
}
