import { useState, type KeyboardEvent } from 'react';
import type { HammerView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { ARROW_DIRECTIONS, arrowTarget, type Place } from '../arrow-nav.js';
import { AREAS, BORDERS, areaName, sideName } from './data.js';
import { BLOCK, Block } from './Block.js';
import { areaReadout, bordersText } from './describe.js';
import { joinClauses, joinItems } from '../../i18n/join.js';

/** The geometry built by scripts/build-hammer-map.mjs (board coordinates). */
export interface MapGeometry {
  frame: { x: number; y: number; w: number; h: number };
  coast: [number, number][][];
  areas: Record<string, [number, number][][]>;
  borders: Record<string, { lines: [number, number][][]; mid: [number, number] }>;
  seas: { id: string; at: [number, number] }[];
}

const ring = (r: [number, number][]) => `M${r.map((p) => `${p[0]} ${p[1]}`).join('L')}Z`;
const line = (r: [number, number][]) => `M${r.map((p) => `${p[0]} ${p[1]}`).join('L')}`;

/** Where the blocks of an area go: a grid under the name, at most 4 to a row, centred on the board position. */
export function blockSlots(n: number, x: number, y: number): [number, number][] {
  const gap = BLOCK + 6, cols = n <= 4 ? n : Math.ceil(n / Math.ceil(n / 4));
  return Array.from({ length: n }, (_, i) => {
    const row = Math.floor(i / cols), inRow = Math.min(cols, n - row * cols);
    return [x - (inRow * gap - 6) / 2 + (i % cols) * gap, y + 4 + row * gap];
  });
}

type Act = Record<string, unknown> & { type: string };

const PLACES: Place[] = AREAS.map((a) => ({ id: a.id, x: a.boardPosition.x, y: a.boardPosition.y }));
const NEIGHBOURS = new Map<string, Place[]>(PLACES.map((p) => [p.id, BORDERS.filter((b) => b.areas.includes(p.id))
  .map((b) => PLACES.find((q) => q.id === (b.areas[0] === p.id ? b.areas[1] : b.areas[0]))!)]));

/** The area an arrow key leads to from area `from`: the neighbour across a border nearest that direction, else the nearest area that way. */
export function areaInDirection(from: string, key: string): string | null {
  const d = ARROW_DIRECTIONS[key], p = PLACES.find((q) => q.id === from);
  return d && p ? arrowTarget(p, d, NEIGHBOURS.get(from) ?? [], PLACES)?.id ?? null : null;
}

/** The area of the focused element: an area itself, or a block in one. */
function focusedArea(e: KeyboardEvent<SVGSVGElement>): string | null {
  const at = (e.target as Element).closest('[data-area], [data-area-of]');
  return at?.getAttribute('data-area') ?? at?.getAttribute('data-area-of') ?? null;
}

/** The keys that read the area in focus aloud (documented under the map). */
export const isSummaryKey = (e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean }) => (e.key === 'i' || e.key === 'I') && !e.altKey && !e.ctrlKey && !e.metaKey;

/** Arrow keys on the map move the focus from the focused area (or a block in it) to the area in that direction. */
function onMapKey(e: KeyboardEvent<SVGSVGElement>) {
  if (!ARROW_DIRECTIONS[e.key] || e.altKey || e.ctrlKey || e.metaKey) return;
  const from = focusedArea(e);
  const to = from ? areaInDirection(from, e.key) : null;
  const el = to ? e.currentTarget.querySelector<SVGElement>(`path[data-area="${to}"]`) : null;
  if (!el) return;
  e.preventDefault();
  el.focus();
}

export function areaSummary(t: BoardProps['t'], gameId: string, view: HammerView, id: string): string {
  const a = AREAS.find((x) => x.id === id)!;
  const av = view.areas.find((x) => x.id === id);
  const parts = [areaName(t, gameId, id)];
  const count = { England: 0, Scotland: 0 };
  for (const b of av?.blocks ?? []) count[b.side]++;
  for (const s of ['England', 'Scotland'] as const) if (count[s]) parts.push(t('board.blockCount', { ns: gameId, count: count[s], side: sideName(t, gameId, s) }));
  if (!count.England && !count.Scotland) parts.push(t('board.empty', { ns: gameId }));
  if (av?.attacker || view.battle?.area === id) parts.push(t('board.contested', { ns: gameId }));
  if (a.castleLimit > 0) parts.push(t('board.castle', { ns: gameId, n: a.castleLimit }));
  if (a.cathedral) parts.push(t('board.cathedral', { ns: gameId }));
  if (a.nobleHome.length) parts.push(t('board.home', { ns: gameId, names: joinItems(t, a.nobleHome.map((n) => t(`noble.${n}`, { ns: gameId, defaultValue: n }))) }));
  return joinClauses(t, parts);
}

export function HammerMap({ geo, view, areaActs, blockActs, onArea, onBlock, t, gameId, zoom, selected }: {
  geo: MapGeometry; view: HammerView; areaActs: Map<string, Act[]>; blockActs: Map<string, Act[]>;
  onArea: (id: string) => void; onBlock: (block: string, area: string) => void; t: BoardProps['t']; gameId: string; zoom: number; selected: string | null;
}) {
  const { x, y, w, h } = geo.frame;
  const areaView = new Map(view.areas.map((a) => [a.id, a]));
  const battle = view.battle;
  const main = new Set(Object.values(view.mainBorder));
  // The summary key writes into a live region: the area in focus, its blocks, borders and neighbours.
  const [readout, setReadout] = useState('');
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const id = isSummaryKey(e) ? focusedArea(e) : null;
    if (!id) return onMapKey(e);
    e.preventDefault();
    setReadout(areaReadout(t, gameId, view, id, areaSummary(t, gameId, view, id)));
  };
  return (
    <>
    <svg className={`board-svg hammer-map${zoom > 1 ? ' zoomed' : ''}`} style={zoom > 1 ? { width: `${Math.round(zoom * 100)}%` } : undefined}
      viewBox={`${x} ${y} ${w} ${h}`} role="group" aria-label={t('hammer.map')} data-testid="hammer-map" onKeyDown={onKey}>
      <rect x={x} y={y} width={w} height={h} fill="#b9d3e2" />
      <path d={geo.coast.map(ring).join('')} fill="#e4ddc8" fillRule="evenodd" />
      {AREAS.map((a) => {
        const acts = areaActs.get(a.id);
        const contested = !!areaView.get(a.id)?.attacker || battle?.area === a.id;
        const label = areaSummary(t, gameId, view, a.id);
        return (
          <path key={a.id} d={geo.areas[a.id]!.map(ring).join('')} fillRule="evenodd"
            className={`harea${acts ? ' spot hl' : ''}${contested ? ' contested' : ''}`} data-area={a.id} data-country={a.country}
            // Every area takes the focus from the arrow keys; only those with a move are in the Tab order and act.
            tabIndex={acts ? 0 : -1} role={acts ? 'button' : 'img'} aria-label={label} aria-describedby={`hammer-borders-${a.id}`}
            onClick={acts ? () => onArea(a.id) : undefined}
            onKeyDown={acts ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onArea(a.id); } } : undefined} />
        );
      })}
      {BORDERS.map((b) => {
        const g = geo.borders[b.id];
        if (!g) return null;
        const d = g.lines.map(line).join('');
        const minor = b.type === 'minor';
        return (
          <g key={b.id} data-border={b.id} pointerEvents="none">
            {b.angloScottish && <path d={d} fill="none" stroke="#1d1d1f" strokeWidth={13} strokeLinecap="round" />}
            {b.angloScottish && <path d={d} fill="none" stroke="#f4efe0" strokeWidth={8} strokeLinecap="round" />}
            <path d={d} fill="none" stroke={minor ? '#C0392B' : '#1F5A2E'} strokeWidth={minor ? 4.5 : 6} strokeDasharray={minor ? '12 7' : undefined} strokeLinecap="round" />
          </g>
        );
      })}
      <path d={geo.coast.map(ring).join('')} fill="none" stroke="#51707f" strokeWidth={2.2} pointerEvents="none" />
      {geo.seas.map((s) => (
        <text key={s.id} x={s.at[0]} y={s.at[1]} textAnchor="middle" fontSize={30} fontStyle="italic" fill="#2f5566" pointerEvents="none"
          transform={s.id === 'north-sea' ? `rotate(90 ${s.at[0]} ${s.at[1]})` : undefined}>{t(`board.sea.${s.id}`, { ns: gameId })}</text>
      ))}
      {BORDERS.map((b) => {
        const g = geo.borders[b.id];
        const used = view.borderCount[b.id] ?? 0;
        if (!g || (!used && !main.has(b.id))) return null;
        const [mx, my] = g.mid;
        return (
          <g key={`n-${b.id}`} pointerEvents="none" data-border-count={used}>
            {main.has(b.id) && <circle cx={mx} cy={my} r={22} fill="#F0E442" stroke="#000" strokeWidth={2} />}
            {used > 0 && <><circle cx={mx} cy={my} r={15} fill="#fff" stroke="#000" strokeWidth={2} /><text x={mx} y={my + 7} textAnchor="middle" fontSize={20} fontWeight={700}>{used}</text></>}
          </g>
        );
      })}
      {AREAS.map((a) => {
        const c = a.boardPosition;
        const blocks = areaView.get(a.id)?.blocks ?? [];
        const slots = blockSlots(blocks.length, c.x, c.y);
        const marks = `${a.castleLimit > 0 ? '♜'.repeat(a.castleLimit) : ''}${a.cathedral ? ' ✝' : ''}`;
        return (
          <g key={`l-${a.id}`} role="group" aria-label={areaSummary(t, gameId, view, a.id)} data-area-of={a.id}>
            <g pointerEvents="none" aria-hidden="true">
              <text x={c.x} y={c.y - 14} textAnchor="middle" fontSize={27} fontWeight={700} fill="#1d1d1f" stroke="#fff" strokeWidth={5} paintOrder="stroke">
                {areaName(t, gameId, a.id)}{marks && <tspan fontSize={22} fill="#5a3b10"> {marks}</tspan>}
              </text>
              {a.nobleHome.length > 0 && (
                <text x={c.x} y={c.y - 44} textAnchor="middle" fontSize={19} fontStyle="italic" fill="#3b3b3b" stroke="#fff" strokeWidth={4} paintOrder="stroke">
                  {a.nobleHome.map((n) => t(`noble.${n}`, { ns: gameId, defaultValue: n })).join(' · ')}
                </text>
              )}
            </g>
            {blocks.map((b, i) => {
              const own = !!b.id && blockActs.has(b.id);
              const areaClick = areaActs.has(a.id);
              return (
                <Block key={b.id ?? `h${i}`} b={b} x={slots[i]![0]} y={slots[i]![1]} t={t} gameId={gameId} hl={own} selected={!!b.id && b.id === selected}
                  onClick={own ? () => onBlock(b.id!, a.id) : areaClick ? () => onArea(a.id) : undefined} />
              );
            })}
          </g>
        );
      })}
    </svg>
    <div hidden>{AREAS.map((a) => <p key={a.id} id={`hammer-borders-${a.id}`}>{bordersText(t, gameId, a.id)}</p>)}</div>
    <p className="sr-only" role="status" aria-label={t('board.summaryRegion', { ns: gameId })} data-testid="board-readout">{readout}</p>
    </>
  );
}
