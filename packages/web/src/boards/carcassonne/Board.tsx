import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent as RPointerEvent, type WheelEvent } from 'react';
import { KIND_NAMES, TILES, tileIndex, type CarcView, type CarcAction } from '@tabula/carcassonne';
import type { BoardProps } from '../types.js';
import { roleColor, textOn } from '../../colors.js';
import { roleName } from '../../labels.js';
import { isDeepStrictEqual } from '@tabula/engine';
import { PlacedTile, TileArt } from './TileArt.js';
import { ActionList } from '../generic/ActionList.js';
import { ARROW_DIRECTIONS, arrowTarget, type Place } from '../arrow-nav.js';
import { figureWords, neighboursWords, tileWords } from './describe.js';
import { spreadSpots, type Point } from './spots.js';
import { joinGroups } from '../../i18n/join.js';

/** The tile just placed, enlarged under the table: its follower spots are the tap targets (the table's are only hints). */
const MAG_PX = 208;
const MAG_LO = -14, MAG_HI = 114;
const MAG_UNIT_PX = MAG_PX / (MAG_HI - MAG_LO);
/** Spot target sides tried, largest first: 44 px where the spots leave room, never under 24 px (WCAG 2.5.8). */
const SPOT_SIDES = [44, 38, 32, 28, 25].map((px) => px / MAG_UNIT_PX);
/** The smallest height a figure on the table is drawn at, in CSS px (a zoomed-out table would make it ~12 px), up to a tile's height. */
const MIN_FIGURE_PX = 26;
/** A meeple's height in its own units (head top -22 to feet 12). */
const MEEPLE_UNITS = 34;

/** A meeple's outline (head, arms, legs), about 24 units tall. */
const MEEPLE = 'M0 -13a4.5 4.5 0 1 1 0.01 0M-4 -9H4L12 -3L11 1L5 -1L9 12H2L0 6L-2 12H-9L-5 -1L-11 1L-12 -3Z';

function Meeple({ color, kind, label }: { color: string; kind: 'follower' | 'shepherd'; label: string }) {
  return kind === 'shepherd' ? (
    <g>
      <circle r={10} fill={color} stroke="#000" strokeWidth={1.6} />
      <path d="M3 8V-10Q3 -14 -1 -14" fill="none" stroke="#000" strokeWidth={2} />
      <text y={4} textAnchor="middle" fontSize={10} fontWeight={700} fill={textOn(color)} aria-hidden="true">{label}</text>
    </g>
  ) : (
    <g>
      <path d={MEEPLE} fill={color} stroke="#000" strokeWidth={1.4} strokeLinejoin="round" />
      <text y={6} textAnchor="middle" fontSize={8} fontWeight={700} fill={textOn(color)} aria-hidden="true">{label}</text>
    </g>
  );
}

type T = BoardProps['t'];
/** "2 east, 1 south of the start tile": a tile position in words, never as coordinates. */
export function whereWords(t: T, ns: string, x: number, y: number): string {
  if (x === 0 && y === 0) return t('board.start', { ns });
  const parts: string[] = [];
  if (x) parts.push(t(x > 0 ? 'board.east' : 'board.west', { ns, count: Math.abs(x) }));
  if (y) parts.push(t(y > 0 ? 'board.south' : 'board.north', { ns, count: Math.abs(y) }));
  return parts.join(t('board.whereSep', { ns }));
}
/** Which side of its tile a figure spot is on, from its anchor (0..1 across the tile, y down). */
export function sideWord(t: T, ns: string, at: [number, number] | number[]): string {
  const dx = at[0]! - 0.5, dy = at[1]! - 0.5;
  const v = Math.abs(dy) < 0.17 ? '' : dy < 0 ? 'n' : 's', h = Math.abs(dx) < 0.17 ? '' : dx < 0 ? 'w' : 'e';
  return t(`board.side.${v + h || 'c'}`, { ns });
}

function useViewBox(tiles: { x: number; y: number }[]) {
  const bounds = useMemo(() => {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const t of tiles) { x0 = Math.min(x0, t.x); y0 = Math.min(y0, t.y); x1 = Math.max(x1, t.x); y1 = Math.max(y1, t.y); }
    if (!Number.isFinite(x0)) { x0 = y0 = 0; x1 = y1 = 0; }
    return { x: (x0 - 1) * 100, y: (y0 - 1) * 100, w: (x1 - x0 + 3) * 100, h: (y1 - y0 + 3) * 100 };
  }, [tiles]);
  const [vb, setVb] = useState(bounds);
  const [fitted, setFitted] = useState(true);
  useEffect(() => { if (fitted) setVb(bounds); }, [bounds, fitted]);
  return { vb, setVb: (v: typeof vb) => { setFitted(false); setVb(v); }, fit: () => { setFitted(true); setVb(bounds); } };
}

export default function CarcassonneBoard({ gameId, view: rawView, actions: rawActions, onAction, role, t, busy, finished, replay }: BoardProps) {
  const view = rawView as CarcView;
  const actions = rawActions as CarcAction[];
  const [sel, setSel] = useState<{ x: number; y: number; rot: number } | null>(null);
  const [choice, setChoice] = useState<number | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const drag = useRef<{ x: number; y: number; vb: { x: number; y: number; w: number; h: number } } | null>(null);
  const roles = view.roles;
  const colorOf = (r: string) => roleColor(r, roles.indexOf(r));
  const placeActs = actions.filter((a): a is Extract<CarcAction, { type: 'place' }> => a.type === 'place');
  const canPlace = placeActs.length > 0;
  const extents = useMemo(() => [...view.tiles, ...view.placements], [view.tiles, view.placements]);
  const { vb, setVb, fit } = useViewBox(extents);
  // How many CSS px a table unit takes (figures keep a readable size however far the table is zoomed out).
  const [svgBox, setSvgBox] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => { const r = svg.getBoundingClientRect(); setSvgBox({ w: r.width, h: r.height }); });
    ro.observe(svg);
    return () => ro.disconnect();
  }, []);
  const unitPx = svgBox ? Math.min(svgBox.w / vb.w, svgBox.h / vb.h) : 1;
  const figureScale = Math.min(100 / MEEPLE_UNITS, Math.max(1.1, MIN_FIGURE_PX / (MEEPLE_UNITS * unitPx)));
  // A new position (not merely a re-sent view of the same one) clears the selection.
  const positionKey = `${view.tiles.length}|${view.phase}|${view.current}|${view.figures.length}|${actions.length}`;
  useEffect(() => { setSel(null); setChoice(null); }, [positionKey]);

  const rotsAt = (x: number, y: number) => placeActs.filter((a) => a.x === x && a.y === y).map((a) => a.rot);
  // Empty cells beside the table where the tile in hand fits no way: shown faintly, so a player can point at one and ask why.
  const noFit = useMemo(() => {
    if (!canPlace) return [];
    const taken = new Set(view.tiles.map((tl) => `${tl.x},${tl.y}`));
    const fits = new Set(placeActs.map((a) => `${a.x},${a.y}`));
    const out = new Map<string, { x: number; y: number }>();
    for (const tl of view.tiles) {
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]] as const) {
        const k = `${tl.x + dx},${tl.y + dy}`;
        if (!taken.has(k) && !fits.has(k)) out.set(k, { x: tl.x + dx, y: tl.y + dy });
      }
    }
    return [...out.values()];
  }, [view.tiles, placeActs, canPlace]);
  const pick = (x: number, y: number) => {
    const rots = rotsAt(x, y);
    if (rots.length === 0) return;
    if (sel && sel.x === x && sel.y === y) {
      const i = rots.indexOf(sel.rot);
      setSel({ x, y, rot: rots[(i + 1) % rots.length]! });
    } else setSel({ x, y, rot: rots[0]! });
  };
  const rotate = () => { if (sel) pick(sel.x, sel.y); };
  const confirm = () => {
    if (!sel) return;
    const a = placeActs.find((p) => p.x === sel.x && p.y === sel.y && p.rot === sel.rot);
    if (a) onAction(a);
  };
  const spotActs = (feature: number) => actions.filter((a) => (a.type === 'follower' || a.type === 'shepherd') && a.feature === feature);
  const deploy = (feature: number) => {
    const acts = spotActs(feature);
    if (acts.length === 1) onAction(acts[0]!);
    else if (acts.length > 1) setChoice(feature);
  };
  const other = actions.filter((a) => a.type === 'skip' || a.type === 'grow' || a.type === 'drive');
  const deploySpots = view.lastTile ? view.spots.filter((sp) => spotActs(sp.feature).length > 0) : [];
  const spread = useMemo(() => spreadSpots(deploySpots.map((sp): Point => [sp.at[0]! * 100, sp.at[1]! * 100]), SPOT_SIDES, MAG_LO, MAG_HI),
    [JSON.stringify(deploySpots.map((sp) => sp.at))]);
  const lastPlaced = view.lastTile ? view.tiles.find((tl) => tl.x === view.lastTile!.x && tl.y === view.lastTile!.y) ?? null : null;
  // The features of the tile just placed where no figure may go now (the view lists only those where one may).
  const closedSpots = lastPlaced && view.phase === 'deploy'
    ? TILES[tileIndex(lastPlaced.id)]!.features.flatMap((f, feature) => (view.spots.some((sp) => sp.feature === feature) ? [] : [{ feature, kind: KIND_NAMES[f.kind]!, at: f.anchors[lastPlaced.rot]! }]))
    : [];

  const zoom = (f: number, cx = vb.x + vb.w / 2, cy = vb.y + vb.h / 2) => {
    const w = Math.min(6000, Math.max(200, vb.w * f)), h = vb.h * (w / vb.w);
    setVb({ x: cx - (cx - vb.x) * (w / vb.w), y: cy - (cy - vb.y) * (h / vb.h), w, h });
  };
  const onWheel = (e: WheelEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    if (!svg) return;
    const r = svg.getBoundingClientRect();
    const cx = vb.x + ((e.clientX - r.left) / r.width) * vb.w, cy = vb.y + ((e.clientY - r.top) / r.height) * vb.h;
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
  };
  const onDown = (e: RPointerEvent<SVGSVGElement>) => {
    if ((e.target as Element).closest('.spot')) return;
    drag.current = { x: e.clientX, y: e.clientY, vb };
    (e.currentTarget as Element).setPointerCapture(e.pointerId);
  };
  const onMove = (e: RPointerEvent<SVGSVGElement>) => {
    const d = drag.current, svg = svgRef.current;
    if (!d || !svg) return;
    const r = svg.getBoundingClientRect();
    const s = d.vb.w / r.width;
    setVb({ ...d.vb, x: d.vb.x - (e.clientX - d.x) * s, y: d.vb.y - (e.clientY - d.y) * s });
  };
  const onUp = () => { drag.current = null; };
  const keyPan = (e: KeyboardEvent<SVGSVGElement>) => {
    const step = vb.w * 0.1;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const m = moves[e.key];
    if (m && e.target === e.currentTarget) { e.preventDefault(); setVb({ ...vb, x: vb.x + m[0], y: vb.y + m[1] }); }
    else if (e.key === '+' || e.key === '=') zoom(1 / 1.2);
    else if (e.key === '-') zoom(1.2);
  };
  const tileAtWords = (x: number, y: number) => t('board.tileAt', { ns: gameId, where: whereWords(t, gameId, x, y) });
  const figuresOn = (x: number, y: number) => {
    const list = view.figures.filter((f) => f.x === x && f.y === y).map((f) => figureWords(t, gameId, f, roleName(t, gameId, f.owner), tileAtWords(x, y)));
    return list.length ? t('board.figuresHere', { ns: gameId, list: joinGroups(t, list) }) : '';
  };
  /** A placed tile in words: where, what it shows, its turn, the figures on it. */
  const placedWords = (tl: { id: string; x: number; y: number; rot: number }) =>
    [t('board.placed', { ns: gameId, tile: tileAtWords(tl.x, tl.y), name: tileWords(t, gameId, tl.id, tl.rot) }), figuresOn(tl.x, tl.y)].filter(Boolean).join('. ');
  const handWords = view.current ? t('board.inHand', { ns: gameId, desc: tileWords(t, gameId, view.current, sel?.rot ?? 0) }) : '';
  // The summary key (I; ? asks why an element cannot act) writes into a live region: the place in focus with its neighbours, else the tile in hand and the last tile placed.
  const [readout, setReadout] = useState('');
  const summary = (target: Element): string => {
    const spot = target.closest<SVGGElement>('[data-testid=carc-spot]');
    if (spot) {
      const x = Number(spot.dataset.x), y = Number(spot.dataset.y);
      return [spot.getAttribute('aria-label') ?? '', neighboursWords(t, gameId, view, x, y, whereWords(t, gameId, x, y))].join('. ');
    }
    const last = lastPlaced ? placedWords(lastPlaced) : '';
    if (target.closest('[data-testid=carc-deploy]')) return last;
    return [handWords, canPlace ? t('board.openPlaces', { ns: gameId, count: view.placements.filter((p) => rotsAt(p.x, p.y).length > 0).length }) : '',
      last ? t('board.lastPlaced', { ns: gameId, desc: last }) : ''].filter(Boolean).join('. ');
  };
  const onBoardKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.key === 'r' || e.key === 'R') && sel) { e.preventDefault(); rotate(); }
    else if (e.key === 'i' || e.key === 'I') { e.preventDefault(); setReadout(summary(e.target as Element)); }
  };
  const confirmRef = useRef<HTMLButtonElement>(null);
  const focusConfirm = useRef(false);
  useEffect(() => {
    if (focusConfirm.current && sel) { focusConfirm.current = false; confirmRef.current?.focus(); }
  }, [sel]);
  const activate = (e: KeyboardEvent, f: () => void) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); f(); } };
  // Arrow keys on a placement spot move the focus to the spot that way: the nearest in the same row or column, else the nearest on that side.
  const spotKey = (e: KeyboardEvent<SVGGElement>, x: number, y: number) => {
    const d = ARROW_DIRECTIONS[e.key];
    if (!d) return activate(e, () => { focusConfirm.current = true; pick(x, y); });
    const spots = [...(e.currentTarget.ownerSVGElement?.querySelectorAll<SVGGElement>('[data-testid=carc-spot]') ?? [])];
    const places: Place[] = spots.map((el) => ({ id: `${el.dataset.x},${el.dataset.y}`, x: Number(el.dataset.x), y: Number(el.dataset.y) }));
    const from = { id: `${x},${y}`, x, y };
    const inLine = places.filter((p) => (d[0] === 0 ? p.x === x : p.y === y));
    const to = arrowTarget(from, d, inLine, places);
    e.preventDefault();
    e.stopPropagation();
    if (!to) return;
    spots.find((el) => `${el.dataset.x},${el.dataset.y}` === to.id)?.focus();
    // A spot off the visible part of the table: bring it to the middle.
    const [tx, ty] = [to.x * 100, to.y * 100];
    if (tx < vb.x || ty < vb.y || tx + 100 > vb.x + vb.w || ty + 100 > vb.y + vb.h) setVb({ ...vb, x: tx + 50 - vb.w / 2, y: ty + 50 - vb.h / 2 });
  };

  const maxScore = Math.max(50, ...Object.values(view.players).map((p) => p.score + 5));
  return (
    <div className="carc-board" onKeyDown={onBoardKey}>
      <div className="carc-top">
        {view.phase !== 'over' && !finished && <div className="carc-hand panel">
          <h3>{t('carc.current')}</h3>
          {/* Only the tile the player is to place: another player's tile shows on the board once placed. */}
          {view.current && (role === null || view.turn === role) ? (
            <svg viewBox="-5 -5 110 110" width={92} height={92} role="img" aria-label={handWords} data-testid="carc-hand-tile">
              <g transform={`rotate(${(sel?.rot ?? 0) * 90} 50 50)`}><TileArt id={view.current} rot={sel?.rot ?? 0} /></g>
              <rect width={100} height={100} fill="none" stroke="#333" strokeWidth={2} />
            </svg>
          ) : <p className="muted">–</p>}
          {canPlace && !sel && !replay && <p className="small muted">{t('carc.pickSpot', { count: view.placements.length })}</p>}
        </div>}
        <div className="carc-players panel">
          <table className="carc-scores">
            <thead><tr><th>{t('carc.player')}</th><th>{t('carc.score')}</th><th>{t('carc.followers')}</th>{view.options.hs && <th>{t('carc.flock')}</th>}</tr></thead>
            <tbody>
              {roles.map((r) => {
                const p = view.players[r]!;
                const c = colorOf(r);
                return (
                  <tr key={r} className={view.turn === r && !finished ? 'turn' : ''} data-role={r}>
                    <td><span className="role-badge" style={{ background: c, color: textOn(c) }}>{view.turn === r && !finished ? '▶ ' : ''}{roleName(t, gameId, r)}</span>{r === role ? ` (${t('seat.you')})` : ''}</td>
                    <td data-testid={`score-${r}`}>{p.score}</td>
                    <td>{p.followers}{view.options.hs && p.shepherdHome ? ` + ${t('carc.shepherd')}` : ''}</td>
                    {view.options.hs && <td>{p.flock.length ? p.flock.join('+') : '–'}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <svg className="score-track" viewBox={`-8 -9 ${maxScore * 3 + 16} 36`} role="img"
            aria-label={`${t('carc.scoreTrack')}${t('common.colon')}${roles.map((r) => `${roleName(t, gameId, r)} ${view.players[r]!.score}`).join(t('common.listSep'))}`}>
            <line x1={0} x2={maxScore * 3} y1={12} y2={12} stroke="#888" strokeWidth={1} />
            {Array.from({ length: Math.floor(maxScore / 10) + 1 }, (_, i) => <g key={i}><line x1={i * 30} x2={i * 30} y1={6} y2={18} stroke="#555" /><text x={i * 30} y={-1} fontSize={9} textAnchor="middle">{i * 10}</text></g>)}
            {roles.map((r, i) => {
              const c = colorOf(r);
              return (
                <g key={r} transform={`translate(${view.players[r]!.score * 3} ${8 + (i % 3) * 7})`} data-testid="score-marker">
                  <circle r={5.5} fill={c} stroke="#000" strokeWidth={0.7} />
                  <text y={3} textAnchor="middle" fontSize={8} fontWeight={700} fill={textOn(c)}>{roleName(t, gameId, r).charAt(0).toUpperCase()}</text>
                </g>
              );
            })}
          </svg>
          <p className="small">{t('carc.pile', { count: view.pileCount })}
            {view.tiles.some((x) => x.covered) && <> {t('board.underHills', { ns: gameId, count: view.tiles.filter((x) => x.covered).length })}</>}
            {view.options.hs && <> · {t('carc.bag', { s1: view.bag.sheep1, s2: view.bag.sheep2, s3: view.bag.sheep3, s4: view.bag.sheep4, w: view.bag.wolf })}</>}
          </p>
        </div>
      </div>
      <div className="carc-zoom button-row">
        <button type="button" onClick={() => zoom(1 / 1.25)} aria-label={t('carc.zoomIn')}>+</button>
        <button type="button" onClick={() => zoom(1.25)} aria-label={t('carc.zoomOut')}>−</button>
        <button type="button" onClick={fit}>{t('carc.fit')}</button>
      </div>
      <svg ref={svgRef} className="board-svg carc-svg" viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`} preserveAspectRatio="xMidYMid meet"
        onWheel={onWheel} onPointerDown={onDown} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={onUp}
        tabIndex={0} onKeyDown={keyPan} role="application" aria-label={t('carc.board')} data-testid="carc-board">
        <g role="list" aria-label={t('board.tiles', { ns: gameId })}>
          {view.tiles.map((tl) => (
            <g key={`${tl.x},${tl.y}`} role="listitem" aria-label={placedWords(tl)} data-testid="carc-tile" data-x={tl.x} data-y={tl.y}>
              <PlacedTile {...tl} />
            </g>
          ))}
        </g>
        {view.lastTile && <g pointerEvents="none">
          <rect x={view.lastTile.x * 100 + 2} y={view.lastTile.y * 100 + 2} width={96} height={96} fill="none" stroke="#1d1d1f" strokeWidth={7} />
          <rect x={view.lastTile.x * 100 + 2} y={view.lastTile.y * 100 + 2} width={96} height={96} fill="none" stroke="#F0E442" strokeWidth={3} />
        </g>}
        {noFit.map((p) => (
          <g key={`n${p.x},${p.y}`} className="no-fit" role="img" aria-label={t('board.noFit', { ns: gameId, where: whereWords(t, gameId, p.x, p.y) })} data-x={p.x} data-y={p.y} data-testid="carc-no-fit">
            <rect x={p.x * 100 + 6} y={p.y * 100 + 6} width={88} height={88} fill="rgba(0,0,0,.04)" stroke="rgba(0,0,0,.25)" strokeWidth={2} strokeDasharray="4 8" />
          </g>
        ))}
        {canPlace && view.placements.filter((p) => rotsAt(p.x, p.y).length > 0).map((p) => {
          const on = sel?.x === p.x && sel.y === p.y;
          return (
            <g key={`p${p.x},${p.y}`} className="spot" role="button" tabIndex={0}
              aria-label={[t('board.placeHere', { ns: gameId, where: whereWords(t, gameId, p.x, p.y) }), on && sel && view.current ? t('board.preview', { ns: gameId, desc: tileWords(t, gameId, view.current, sel.rot) }) : ''].filter(Boolean).join(t('common.groupSep'))}
              data-testid="carc-spot" data-x={p.x} data-y={p.y} onClick={() => pick(p.x, p.y)} onKeyDown={(e) => spotKey(e, p.x, p.y)}>
              {on && sel && view.current ? (
                <g opacity={0.85}><PlacedTile id={view.current} x={p.x} y={p.y} rot={sel.rot} /></g>
              ) : <rect x={p.x * 100 + 6} y={p.y * 100 + 6} width={88} height={88} fill="rgba(240,228,66,.35)" stroke="#000" strokeWidth={3} strokeDasharray="10 6" />}
              {on && <rect x={p.x * 100} y={p.y * 100} width={100} height={100} fill="none" stroke="#000" strokeWidth={5} />}
            </g>
          );
        })}
        {view.figures.map((f, i) => (
          <g key={i} transform={`translate(${f.x * 100 + f.at[0] * 100} ${f.y * 100 + f.at[1] * 100}) scale(${figureScale})`} data-owner={f.owner} data-testid="carc-figure"
            role="img" aria-label={figureWords(t, gameId, f, roleName(t, gameId, f.owner), tileAtWords(f.x, f.y))
              + (f.kind === 'shepherd' && (view.players[f.owner]?.flock.length ?? 0) > 0 ? `${t('common.groupSep')}${t('board.flockOf', { ns: gameId, count: view.players[f.owner]!.flock.reduce((a, b) => a + b, 0) })}` : '')}>
            <Meeple color={colorOf(f.owner)} kind={f.kind} label={roleName(t, gameId, f.owner).charAt(0).toUpperCase()} />
            {f.kind === 'shepherd' && (view.players[f.owner]?.flock.length ?? 0) > 0 && (
              <g transform="translate(12 -14)" role="img" aria-label={t('board.flockOf', { ns: gameId, count: view.players[f.owner]!.flock.reduce((a, b) => a + b, 0) })}>
                <ellipse rx={11} ry={8} fill="#fff" stroke="#000" strokeWidth={1.2} />
                <text y={4} textAnchor="middle" fontSize={10} fontWeight={700}>{view.players[f.owner]!.flock.reduce((a, b) => a + b, 0)}</text>
              </g>
            )}
          </g>
        ))}
        {/* Where a follower may go on the tile just placed: hints only; the targets are on the enlarged tile below. */}
        {view.lastTile && <g pointerEvents="none" aria-hidden="true">
          {deploySpots.map((s) => (
            <g key={`s${s.feature}`} className="carc-spot-hint" data-kind={s.kind} data-feature={s.feature}
              transform={`translate(${view.lastTile!.x * 100 + s.at[0] * 100} ${view.lastTile!.y * 100 + s.at[1] * 100})${s.kind === 'field' ? ' rotate(-90)' : ''} scale(0.9)`}>
              <path d={MEEPLE} fill="none" stroke="#fff" strokeWidth={4.5} strokeLinejoin="round" />
              <path d={MEEPLE} fill={role ? colorOf(role) : '#fff'} fillOpacity={0.7} stroke="#000" strokeWidth={1.6} strokeDasharray="3 2" strokeLinejoin="round" />
            </g>
          ))}
        </g>}
      </svg>
      {!replay && (canPlace || other.length > 0 || choice !== null || (lastPlaced && deploySpots.length > 0)) && (
        <div className="carc-bar" role="group" aria-label={t('board.controls', { ns: gameId })} data-testid="carc-bar">
          {/* The tile just placed, enlarged, with its follower spots: easier to hit than on a zoomed-out table. */}
          {lastPlaced && deploySpots.length > 0 && (
            <svg viewBox={`${MAG_LO} ${MAG_LO} ${MAG_HI - MAG_LO} ${MAG_HI - MAG_LO}`} width={MAG_PX} height={MAG_PX} className="carc-magnifier" data-testid="carc-magnifier"
              role="group" aria-label={t('board.tileAt', { ns: gameId, where: whereWords(t, gameId, lastPlaced.x, lastPlaced.y) })}>
              <PlacedTile {...lastPlaced} x={0} y={0} />
              {/* Features where no figure may go now: marked faintly, so a player can point at one and ask why. */}
              {closedSpots.map((sp) => (
                <g key={`c${sp.feature}`} className="carc-spot-closed" role="img" data-testid="carc-closed-spot" data-x={lastPlaced.x} data-y={lastPlaced.y} data-feature={sp.feature}
                  aria-label={t('board.spotClosed', { ns: gameId, kind: t(`carc.kind.${sp.kind}`) })} transform={`translate(${sp.at[0]! * 100} ${sp.at[1]! * 100})`}>
                  <circle r={9} fill="rgba(255,255,255,.6)" stroke="#555" strokeWidth={1.5} />
                  <line x1={-5} y1={5} x2={5} y2={-5} stroke="#555" strokeWidth={1.5} />
                </g>
              ))}
              {/* A spot moved away from its place (to keep targets apart) is tied to it by a line. */}
              {deploySpots.map((s, i) => (
                <line key={`l${s.feature}`} x1={s.at[0]! * 100} y1={s.at[1]! * 100} x2={spread.at[i]![0]} y2={spread.at[i]![1]} stroke="#1d1d1f" strokeWidth={1.5} pointerEvents="none" />
              ))}
              {deploySpots.map((s, i) => {
                const kind = t(`carc.kind.${s.kind}`);
                const tile = t('board.tileAt', { ns: gameId, where: whereWords(t, gameId, lastPlaced.x, lastPlaced.y) });
                const side = spread.side;
                return (
                  <g key={s.feature} className="spot carc-spot-meeple" role="button" tabIndex={0} data-testid="carc-deploy" data-kind={s.kind} data-feature={s.feature}
                    aria-label={t('board.spot', { ns: gameId, kind, side: sideWord(t, gameId, s.at), tile })}
                    transform={`translate(${spread.at[i]![0]} ${spread.at[i]![1]})`}
                    onClick={() => deploy(s.feature)} onKeyDown={(e) => activate(e, () => deploy(s.feature))}>
                    <title>{kind}</title>
                    <rect x={-side / 2} y={-side / 2} width={side} height={side} rx={side / 6} fill="rgba(255,255,255,.55)" stroke="#1d1d1f" strokeWidth={1} />
                    <g transform={`${s.kind === 'field' ? 'rotate(-90) ' : ''}scale(${(0.8 * side) / MEEPLE_UNITS}) translate(0 5)`}>
                      <path d={MEEPLE} fill="none" stroke="#fff" strokeWidth={4.5} strokeLinejoin="round" />
                      <path d={MEEPLE} fill={role ? colorOf(role) : '#fff'} fillOpacity={0.85} stroke="#000" strokeWidth={1.6} strokeDasharray="3 2" strokeLinejoin="round" />
                    </g>
                  </g>
                );
              })}
            </svg>
          )}
          {canPlace && view.current && (
            <svg viewBox="-5 -5 110 110" width={44} height={44} aria-hidden="true">
              <g transform={`rotate(${(sel?.rot ?? 0) * 90} 50 50)`}><TileArt id={view.current} rot={sel?.rot ?? 0} /></g>
            </svg>
          )}
          {canPlace && (
            <>
              <button type="button" onClick={rotate} disabled={!sel || busy} data-testid="carc-rotate">⟳ {t('carc.rotate')}</button>
              <button ref={confirmRef} type="button" className="primary" onClick={confirm} disabled={!sel || busy} data-testid="carc-confirm">{t('carc.place')}</button>
            </>
          )}
          {other.map((a) => (
            <button key={a.type} type="button" onClick={() => onAction(a)} disabled={busy} data-testid={`carc-${a.type}`}>{t(`carc.${a.type}`)}</button>
          ))}
          {choice !== null && (
            <span className="button-row" role="group" aria-label={t('carc.choose')} data-testid="carc-choice">
              {spotActs(choice).map((a) => (
                <button key={a.type} type="button" onClick={() => { setChoice(null); onAction(a); }} disabled={busy}>{t(`carc.${a.type}`)}</button>
              ))}
            </span>
          )}
        </div>
      )}
      {!replay && !finished && <p className="small muted">{t('carc.help')}</p>}
      <p className="small muted" data-testid="board-keys">{t('board.summaryKey', { ns: gameId })}</p>
      <p className="sr-only" role="status" aria-label={t('board.summaryRegion', { ns: gameId })} data-testid="board-readout">{readout}</p>
      <details className="panel">
        <summary>{t('carc.unseen', { count: Object.values(view.unseen).reduce((a, b) => a + b, 0) })}</summary>
        <div className="carc-unseen">
          {Object.entries(view.unseen).map(([id, n]) => (
            <span key={id} className="carc-mini"><svg viewBox="0 0 100 100" width={40} height={40}><TileArt id={id} /></svg>×{n}</span>
          ))}
        </div>
      </details>
      {actions.length > 0 && !isDeepStrictEqual(actions.map((a) => a.type).filter((x) => !['place', 'follower', 'shepherd', 'skip', 'grow', 'drive'].includes(x)), []) && (
        <ActionList gameId={gameId} actions={actions} onAction={(a) => onAction(a as CarcAction)} t={t} busy={busy} />
      )}
    </div>
  );
}
