import { useMemo, useState, type KeyboardEvent } from 'react';
import type { HammerView, BlockView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { ActionList } from '../generic/ActionList.js';
import { HAMMER_DATA as data } from '@tabula/hammer';
import { coastPath, convexHull, expand, pathOf, voronoi, type P } from './geometry.js';

interface AreaData { id: string; name: string; country: string; castleLimit: number; cathedral: boolean; coastal: boolean; nobleHome: string[]; boardPosition: { x: number; y: number } }
interface BorderData { id: string; areas: [string, string]; type: string; angloScottish: boolean; boardPosition?: { x: number; y: number } }
interface BlockData { id: string; name: string; side: string; type: string; move: number; combat: string; maxSteps: number }
const AREAS = data.areas as unknown as AreaData[];
const BORDERS = data.borders as unknown as BorderData[];
const BLOCKS = new Map((data.blocks as unknown as BlockData[]).map((b) => [b.id, b]));
const CARDS = data.cards as unknown as { movement: { id: number; value: number }[]; events: { id: number; event: string; name: string }[] };

const SIDE_COLOR = { England: '#D55E00', Scotland: '#0072B2' } as const;
const SIDE_PALE = { England: '#fbe0cf', Scotland: '#d6e8f5' } as const;

const SITES: P[] = AREAS.map((a) => [a.boardPosition.x, a.boardPosition.y]);
const HULL = expand(convexHull(SITES), 120);
const CELLS = voronoi(SITES, expand(HULL, 60));
const COAST = coastPath(HULL);
const CENTER = new Map(AREAS.map((a) => [a.id, a.boardPosition]));
const minX = Math.min(...HULL.map((p) => p[0])) - 60, maxX = Math.max(...HULL.map((p) => p[0])) + 60;
const minY = Math.min(...HULL.map((p) => p[1])) - 60, maxY = Math.max(...HULL.map((p) => p[1])) + 60;

type Act = Record<string, unknown> & { type: string };

export function cardLabel(t: BoardProps['t'], gameId: string, n: number): string {
  const ev = CARDS.events.find((c) => c.id === n);
  if (ev) return t(`card.${ev.event}`, { ns: gameId, defaultValue: ev.name });
  const mv = CARDS.movement.find((c) => c.id === n);
  return mv ? t(`card.move-${mv.value}`, { ns: gameId, defaultValue: `Move ${mv.value}` }) : `#${n}`;
}

function Block({ b, x, y, hl, onClick, t, gameId }: { b: BlockView; x: number; y: number; hl: boolean; onClick?: () => void; t: BoardProps['t']; gameId: string }) {
  const d = b.id ? BLOCKS.get(b.id) : undefined;
  const s = 66;
  const side = b.side;
  const key = (e: KeyboardEvent) => { if (onClick && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); onClick(); } };
  const name = d ? t(`block.${d.id}`, { ns: gameId, defaultValue: d.name }) : '';
  return (
    <g transform={`translate(${x} ${y})`} className={onClick ? 'spot' : undefined} onClick={onClick} onKeyDown={key}
      tabIndex={onClick ? 0 : undefined} role={onClick ? 'button' : undefined} data-block={b.id ?? ''} data-side={side}
      data-remembered={b.remembered ? 'true' : undefined}
      aria-label={d ? `${name} ${b.steps}/${b.max}${b.remembered ? ` (${t('hammer.remembered')})` : ''}` : t('hammer.hiddenBlock', { side: t(`role.${side}`, { ns: gameId, defaultValue: side }) })}>
      <rect width={s} height={s} rx={4} fill={d ? SIDE_PALE[side] : SIDE_COLOR[side]} stroke={hl ? '#000' : SIDE_COLOR[side]} strokeWidth={hl ? 4 : 2}
        strokeDasharray={b.reserve ? '5 3' : b.remembered ? '2 3' : undefined} opacity={b.remembered ? 0.75 : undefined} />
      {hl && <rect x={-4} y={-4} width={s + 8} height={s + 8} rx={6} fill="none" stroke="#F0E442" strokeWidth={3} />}
      {d ? (
        <>
          <text x={s / 2} y={16} textAnchor="middle" fontSize={13} fontWeight={700}>{name.slice(0, 9)}</text>
          <text x={s / 2} y={39} textAnchor="middle" fontSize={19} fontWeight={700} fill={SIDE_COLOR[side]}>{d.combat}</text>
          <text x={5} y={59} fontSize={12}>{'●'.repeat(b.steps ?? 0)}{'○'.repeat(Math.max(0, (b.max ?? 0) - (b.steps ?? 0)))}</text>
          <text x={s - 5} y={59} fontSize={12} textAnchor="end" fontWeight={700}>{d.move}</text>
        </>
      ) : (
        <text x={s / 2} y={42} textAnchor="middle" fontSize={24} fontWeight={700} fill="#fff">{side === 'England' ? 'E' : 'S'}</text>
      )}
      {b.moved && <circle cx={s - 7} cy={7} r={5} fill="#000"><title>{t('hammer.moved')}</title></circle>}
      {b.remembered && <text x={5} y={39} fontSize={15} fontWeight={700} fill={SIDE_COLOR[side]}>?<title>{t('hammer.remembered')}</title></text>}
    </g>
  );
}

export default function HammerBoard({ gameId, view: raw, actions: rawActs, onAction, role, t, busy }: BoardProps) {
  const view = raw as HammerView;
  const actions = rawActs as Act[];
  const [pick, setPick] = useState<{ kind: 'area' | 'block'; id: string } | null>(null);
  // On a phone the whole map is too small to read: start zoomed in, inside a scrollable frame.
  const [zoom, setZoom] = useState(() => (typeof window !== 'undefined' && window.innerWidth < 600 ? 2 : 1));
  const areaActs = useMemo(() => {
    const m = new Map<string, Act[]>();
    for (const a of actions) for (const k of ['area', 'to']) if (typeof a[k] === 'string' && CENTER.has(a[k] as string) && !(k === 'to' && typeof a.block === 'string' && a.type !== 'to')) {
      const list = m.get(a[k] as string) ?? [];
      list.push(a);
      m.set(a[k] as string, list);
    }
    return m;
  }, [actions]);
  const blockActs = useMemo(() => {
    const m = new Map<string, Act[]>();
    for (const a of actions) if (typeof a.block === 'string') { const l = m.get(a.block) ?? []; l.push(a); m.set(a.block, l); }
    return m;
  }, [actions]);
  const choose = (kind: 'area' | 'block', id: string) => {
    const list = (kind === 'area' ? areaActs : blockActs).get(id) ?? [];
    if (list.length === 1) { setPick(null); onAction(list[0]); } else if (list.length > 1) setPick({ kind, id });
  };
  const picked = pick ? ((pick.kind === 'area' ? areaActs : blockActs).get(pick.id) ?? []) : [];
  const areaView = new Map(view.areas.map((a) => [a.id, a]));
  const areaName = (id: string) => t(`area.${id}`, { ns: gameId, defaultValue: AREAS.find((a) => a.id === id)?.name ?? id });
  const sideName = (s: string) => t(`role.${s}`, { ns: gameId, defaultValue: s });
  const battle = view.battle;
  const years: number[] = [];
  for (let y = 1297; y <= Math.max(view.lastYear, view.year); y++) years.push(y);
  const handActs = actions.filter((a) => a.type === 'card');
  const blockName = (id: string) => t(`block.${id}`, { ns: gameId, defaultValue: BLOCKS.get(id)?.name ?? id });
  const label = (x: unknown): string | null => {
    const a = x as Act;
    const parts: string[] = [];
    if (typeof a.card === 'number') parts.push(cardLabel(t, gameId, a.card));
    if (typeof a.block === 'string') parts.push(blockName(a.block));
    if (typeof a.from === 'string') parts.push(areaName(a.from));
    if (typeof a.area === 'string') parts.push(areaName(a.area));
    if (typeof a.to === 'string') parts.push(`→ ${areaName(a.to)}`);
    if (typeof a.noble === 'string') parts.push(a.noble);
    if (typeof a.king === 'string') parts.push(a.king);
    if (typeof a.winter === 'boolean') parts.push(a.winter ? t('common.yes') : t('common.no'));
    if (typeof a.selkirk === 'boolean') parts.push(a.selkirk ? t('common.yes') : t('common.no'));
    const verb = t(`action.${a.type}`, { ns: gameId, defaultValue: '' }) || t(`hammer.act.${a.type}`, { defaultValue: a.type });
    return parts.length ? `${verb}: ${parts.join(' ')}` : verb;
  };

  return (
    <div className="hammer-board">
      <div className="hammer-status panel">
        <div className="year-track" aria-label={t('hammer.year')}>
          {years.map((y) => <span key={y} className={`year${y === view.year ? ' on' : ''}${y > view.lastYear ? ' out' : ''}`}>{y}</span>)}
        </div>
        <p className="small">
          {t('hammer.turn', { turn: view.turn })} · {view.edward} · {t('hammer.nobles', { e: view.nobles.England, s: view.nobles.Scotland })}
          {view.scottishKingCrowned && <> · {t('hammer.king')}</>}
          {view.truce && <> · {t('hammer.truce', { side: sideName(view.truce) })}</>}
          {view.group && <> · {t('hammer.group', { area: areaName(view.group) })}</>}
          {view.moves > 0 && <> · {t('hammer.moves', { count: view.moves })}</>}
        </p>
        <p className="small">
          {(['England', 'Scotland'] as const).map((s) => (
            <span key={s} className="hammer-cards">
              <b style={{ color: SIDE_COLOR[s] }}>{sideName(s)}</b>: {t('hammer.hand', { count: view.handCounts[s] })}, {t('hammer.pool', { count: view.pools[s].count })},{' '}
              {t('hammer.thisTurn')} {view.cards[s] > 0 ? cardLabel(t, gameId, view.cards[s]) : view.cards[s] === 0 ? t('hammer.faceDown') : '–'}
              {view.played[s].length > 0 && <> ({t('hammer.played')}: {view.played[s].map((c) => cardLabel(t, gameId, c)).join(', ')})</>}{' '}
            </span>
          ))}
        </p>
        {view.hand.length > 0 && (
          <div className="hammer-hand" aria-label={t('hammer.yourHand')}>
            {view.hand.map((c, i) => {
              const a = handActs.find((x) => x.card === c);
              return (
                <button key={`${c}-${i}`} type="button" className={`hammer-card${a ? ' hl' : ''}`} disabled={!a || busy} onClick={() => a && onAction(a)} data-card={c}>
                  {cardLabel(t, gameId, c)}
                </button>
              );
            })}
          </div>
        )}
      </div>
      {battle && (
        <section className="panel battle-panel" data-testid="battle-panel" aria-live="polite">
          <h3>{t('hammer.battleIn', { area: areaName(battle.area) })}</h3>
          <p>{t('hammer.battleLine', { attacker: sideName(battle.attacker), round: battle.round, letter: battle.letter, side: sideName(battle.side) })}
            {battle.hits > 0 && <> · {t('hammer.hits', { count: battle.hits, side: sideName(battle.hitSide) })}</>}
            {battle.dice.length > 0 && <> · {t('hammer.dice')} <span className="dice">{battle.dice.join(' ')}</span></>}
          </p>
          <div className="battle-blocks">
            {(['England', 'Scotland'] as const).map((s) => (
              <div key={s}>
                <b style={{ color: SIDE_COLOR[s] }}>{sideName(s)}</b>
                <svg viewBox={`-6 -6 ${6 * 74 + 12} ${2 * 74 + 12}`} width="100%" style={{ maxWidth: 420 }}>
                  {(areaView.get(battle.area)?.blocks ?? []).filter((b) => b.side === s).map((b, i) => (
                    <Block key={i} b={b} x={(i % 6) * 74} y={Math.floor(i / 6) * 74} hl={!!b.id && blockActs.has(b.id)} t={t} gameId={gameId}
                      onClick={b.id && blockActs.has(b.id) ? () => choose('block', b.id!) : undefined} />
                  ))}
                </svg>
              </div>
            ))}
          </div>
        </section>
      )}
      {picked.length > 0 && (
        <div className="panel pick" role="group">
          <ActionList gameId={gameId} actions={picked} onAction={(a) => { setPick(null); onAction(a); }} t={t} busy={busy} label={label} />
          <button type="button" className="small" onClick={() => setPick(null)}>{t('hammer.cancel')}</button>
        </div>
      )}
      <div className="button-row hammer-zoom">
        <button type="button" className="small" onClick={() => setZoom((z) => Math.min(4, z * 1.5))} disabled={zoom >= 4} aria-label={t('carc.zoomIn')} data-testid="hammer-zoom-in">+</button>
        <button type="button" className="small" onClick={() => setZoom((z) => Math.max(1, z / 1.5))} disabled={zoom <= 1} aria-label={t('carc.zoomOut')} data-testid="hammer-zoom-out">−</button>
      </div>
      <div className="hammer-map-wrap" data-testid="hammer-map-wrap">
      <svg className={`board-svg hammer-map${zoom > 1 ? ' zoomed' : ''}`} style={zoom > 1 ? { width: `${Math.round(zoom * 100)}%` } : undefined} viewBox={`${minX} ${minY} ${maxX - minX} ${maxY - minY}`} role="img" aria-label={t('hammer.map')} data-testid="hammer-map">
        <defs><clipPath id="hots-land"><path d={COAST} /></clipPath></defs>
        <rect x={minX - 100} y={minY - 100} width={maxX - minX + 200} height={maxY - minY + 200} fill="#cfe0ea" />
        <path d={COAST} fill="none" stroke="#9fbfd2" strokeWidth={22} />
        <g clipPath="url(#hots-land)">
        {AREAS.map((a, i) => {
          const acts = areaActs.get(a.id);
          const contested = !!areaView.get(a.id)?.attacker || battle?.area === a.id;
          return (
            <path key={a.id} d={pathOf(CELLS[i]!)} fill={a.country === 'England' ? '#f1e3d3' : '#e6edd8'} stroke="#6b7b5a" strokeWidth={3}
              className={acts ? 'spot' : undefined} tabIndex={acts ? 0 : undefined} role={acts ? 'button' : undefined}
              aria-label={acts ? areaName(a.id) : undefined} data-area={a.id}
              onClick={acts ? () => choose('area', a.id) : undefined}
              onKeyDown={acts ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose('area', a.id); } } : undefined}
              style={acts ? { fill: '#fff4a8', stroke: '#000', strokeWidth: 6 } : contested ? { fill: '#f6c9c0' } : undefined} />
          );
        })}
        </g>
        <path d={COAST} fill="none" stroke="#4f6b7a" strokeWidth={4} />
        {BORDERS.map((b) => {
          const pa = CENTER.get(b.areas[0]), pb = CENTER.get(b.areas[1]);
          if (!pa || !pb) return null;
          const mx = b.boardPosition?.x ?? (pa.x + pb.x) / 2, my = b.boardPosition?.y ?? (pa.y + pb.y) / 2;
          const dx = pb.x - pa.x, dy = pb.y - pa.y, l = Math.hypot(dx, dy) || 1;
          const nx = -dy / l * 34, ny = dx / l * 34;
          const used = view.borderCount[b.id] ?? 0;
          const main = Object.values(view.mainBorder).includes(b.id);
          const minor = b.type === 'minor';
          return (
            <g key={b.id} data-border={b.id}>
              {main && <circle cx={mx} cy={my} r={30} fill="#F0E442" stroke="#000" strokeWidth={2} />}
              {b.angloScottish && <line x1={mx - nx * 1.2 + dx / l * 9} y1={my - ny * 1.2 + dy / l * 9} x2={mx + nx * 1.2 + dx / l * 9} y2={my + ny * 1.2 + dy / l * 9} stroke="#000" strokeWidth={4} />}
              <line x1={mx - nx} y1={my - ny} x2={mx + nx} y2={my + ny} stroke={minor ? '#D55E00' : '#1f4d2b'} strokeWidth={minor ? 7 : 10} strokeDasharray={minor ? '9 6' : undefined} strokeLinecap="round" />
              {used > 0 && <g><circle cx={mx + nx} cy={my + ny} r={15} fill="#fff" stroke="#000" strokeWidth={2} /><text x={mx + nx} y={my + ny + 6} textAnchor="middle" fontSize={17} fontWeight={700}>{used}</text></g>}
            </g>
          );
        })}
        {AREAS.map((a) => {
          const c = a.boardPosition;
          const blocks = areaView.get(a.id)?.blocks ?? [];
          const cols = Math.min(3, Math.max(1, blocks.length));
          return (
            <g key={`l-${a.id}`} pointerEvents="none">
              <text x={c.x} y={c.y - 26} textAnchor="middle" fontSize={26} fontWeight={700} fill="#2b2b2b" stroke="#fff" strokeWidth={5} paintOrder="stroke">{areaName(a.id)}</text>
              <text x={c.x} y={c.y - 56} textAnchor="middle" fontSize={22} fill="#3b3b3b">
                {a.castleLimit > 0 ? `♜${a.castleLimit} ` : ''}{a.cathedral ? '✝ ' : ''}{a.nobleHome.join(', ')}
              </text>
              <g pointerEvents="auto">
                {blocks.map((b, i) => (
                  <Block key={i} b={b} x={c.x - (cols * 70) / 2 + (i % 3) * 70} y={c.y - 12 + Math.floor(i / 3) * 70} t={t} gameId={gameId}
                    hl={!!b.id && blockActs.has(b.id)} onClick={b.id && blockActs.has(b.id) ? () => choose('block', b.id!) : undefined} />
                ))}
              </g>
            </g>
          );
        })}
      </svg>
      </div>
      <p className="small muted">{t('hammer.legend')}</p>
      <ActionList gameId={gameId} actions={actions} onAction={onAction} t={t} busy={busy} label={label} />
      {role && view.pools[role as 'England' | 'Scotland']?.blocks && (
        <p className="small muted">{t('hammer.poolList')}: {view.pools[role as 'England' | 'Scotland'].blocks!.map((id) => t(`block.${id}`, { ns: gameId, defaultValue: BLOCKS.get(id)?.name ?? id })).join(', ')}</p>
      )}
    </div>
  );
}
