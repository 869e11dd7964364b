import { useEffect, useMemo, useRef, useState } from 'react';
import type { HammerView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { ActionList } from '../generic/ActionList.js';
import { AREA, BORDERS, SIDE_COLOR, areaName, blockName, cardLabel, sideName } from './data.js';
import { HammerMap, type MapGeometry } from './HammerMap.js';
import { BattleBoard } from './BattleBoard.js';
import './hammer.css';

export { cardLabel } from './data.js';

type Act = Record<string, unknown> & { type: string };

// The map geometry is its own chunk, fetched when the board first opens.
let geometry: Promise<MapGeometry> | null = null;
const loadGeometry = () => (geometry ??= import('./map-geometry.json').then((m) => m.default as unknown as MapGeometry));

const areaOf = (a: Act): string | null => (typeof a.area === 'string' && AREA.has(a.area) ? a.area : typeof a.to === 'string' && AREA.has(a.to) ? a.to : null);

export default function HammerBoard({ gameId, view: raw, actions: rawActs, onAction, role, t, busy }: BoardProps) {
  const view = raw as HammerView;
  const actions = rawActs as Act[];
  const [geo, setGeo] = useState<MapGeometry | null>(null);
  useEffect(() => { let live = true; void loadGeometry().then((g) => { if (live) setGeo(g); }); return () => { live = false; }; }, []);
  // The block picked on the map (its moves are then chosen by clicking an area), or an area with several actions.
  const [pick, setPick] = useState<{ kind: 'area' | 'block'; id: string } | null>(null);
  const [confirm, setConfirm] = useState<{ action: Act; warning: string } | null>(null);
  // The whole map at the width of the screen to begin with (a phone too); + and − (or a pinch) zoom into its frame.
  const [zoom, setZoom] = useState(1);
  useEffect(() => { setPick(null); setConfirm(null); }, [rawActs]);
  // Choices that open from the map take the focus, so that a keyboard player goes on from there.
  const choicesRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (pick || confirm) choicesRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus(); }, [pick, confirm]);

  const blockActs = useMemo(() => {
    const m = new Map<string, Act[]>();
    for (const a of actions) if (typeof a.block === 'string') { const l = m.get(a.block) ?? []; l.push(a); m.set(a.block, l); }
    return m;
  }, [actions]);
  const pickedBlock = pick?.kind === 'block' ? pick.id : null;
  const areaActs = useMemo(() => {
    const m = new Map<string, Act[]>();
    const from = pickedBlock ? (blockActs.get(pickedBlock) ?? []) : actions.filter((a) => typeof a.block !== 'string');
    for (const a of from) {
      const id = areaOf(a);
      if (id) { const l = m.get(id) ?? []; l.push(a); m.set(id, l); }
    }
    return m;
  }, [actions, blockActs, pickedBlock]);

  const here = (block: string | null) => (block ? view.areas.find((x) => x.blocks.some((b) => b.id === block))?.id ?? null : null);
  /** What an action would do that cannot be taken back, said before it is sent. */
  const warning = (a: Act): string | null => {
    if (a.type === 'group' && view.moves === 1) return t('board.warnLastMove', { ns: gameId });
    const to = a.type === 'to' ? (a.area as string) : null;
    const at = here(view.selected);
    if (to && at) {
      const b = BORDERS.find((x) => x.angloScottish && x.areas.includes(to) && x.areas.includes(at));
      if (b) return t('board.warnBorder', { ns: gameId, moves: view.moves });
    }
    return null;
  };
  const send = (a: Act) => {
    const w = warning(a);
    setPick(null);
    if (w) setConfirm({ action: a, warning: w }); else { setConfirm(null); onAction(a); }
  };
  const chooseArea = (id: string) => {
    const list = areaActs.get(id) ?? [];
    if (list.length === 1) send(list[0]!); else if (list.length > 1) setPick({ kind: 'area', id });
  };
  const chooseBlock = (id: string) => {
    const list = blockActs.get(id) ?? [];
    if (list.length === 1) send(list[0]!);
    else if (list.length > 1) setPick(pickedBlock === id ? null : { kind: 'block', id });
  };
  const picked = pick ? ((pick.kind === 'area' ? areaActs : blockActs).get(pick.id) ?? []) : [];
  const sn = (s: string) => sideName(t, gameId, s);
  const an = (id: string) => areaName(t, gameId, id);
  const battle = view.battle;
  const years: number[] = [];
  for (let y = 1297; y <= Math.max(view.lastYear, view.year); y++) years.push(y);
  const handActs = actions.filter((a) => a.type === 'card');
  const label = (x: unknown): string | null => {
    const a = x as Act;
    if (a.type === 'end') {
      const what = view.phase === 'group' || view.phase === 'path' ? 'group' : battle?.stage === 'regroup' ? 'regroup' : view.phase === 'move' ? 'move' : 'other';
      return t(`board.end.${what}`, { ns: gameId });
    }
    if (a.type === 'pillage') return t('board.pillage', { ns: gameId, area: an(a.area as string), from: an(a.from as string) });
    const parts: string[] = [];
    if (typeof a.card === 'number') parts.push(cardLabel(t, gameId, a.card));
    if (typeof a.block === 'string') parts.push(blockName(t, gameId, a.block));
    if (typeof a.from === 'string') parts.push(an(a.from));
    if (typeof a.area === 'string') parts.push(an(a.area));
    if (typeof a.to === 'string') parts.push(`→ ${an(a.to)}`);
    if (typeof a.noble === 'string') parts.push(t(`noble.${a.noble}`, { ns: gameId, defaultValue: a.noble }));
    if (typeof a.king === 'string') parts.push(a.king);
    if (typeof a.winter === 'boolean') parts.push(a.winter ? t('common.yes') : t('common.no'));
    if (typeof a.selkirk === 'boolean') parts.push(a.selkirk ? t('common.yes') : t('common.no'));
    const verb = t(`action.${a.type}`, { ns: gameId, defaultValue: '' }) || t(`hammer.act.${a.type}`, { defaultValue: a.type });
    return parts.length ? `${verb}${t('hammer.act.sep', { defaultValue: ': ' })}${parts.join(' ')}` : verb;
  };

  return (
    <div className="hammer-board">
      <div className="hammer-status panel">
        <div className="year-track" role="group" aria-label={t('hammer.year')}>
          {years.map((y) => <span key={y} className={`year${y === view.year ? ' on' : ''}${y > view.lastYear ? ' out' : ''}`} aria-current={y === view.year ? 'date' : undefined}>{y}</span>)}
        </div>
        <p className="small">
          {t('hammer.turn', { turn: view.turn })} · {t(`board.king.${view.edward === 'Edward II' ? 'edward2' : 'edward1'}`, { ns: gameId, defaultValue: view.edward })} · {t('hammer.nobles', { e: view.nobles.England, s: view.nobles.Scotland })}
          {view.scottishKingCrowned && <> · {t('hammer.king')}</>}
          {view.truce && <> · {t('hammer.truce', { side: sn(view.truce) })}</>}
          {view.group && <> · {t('hammer.group', { area: an(view.group) })}</>}
          {view.moves > 0 && <> · <b>{t('hammer.moves', { count: view.moves })}</b></>}
        </p>
        <p className="small">
          {(['England', 'Scotland'] as const).map((s) => (
            <span key={s} className="hammer-cards">
              <b style={{ color: SIDE_COLOR[s] }}>{sn(s)}</b>{t('common.colon')}{t('hammer.hand', { count: view.handCounts[s] })}{t('common.clauseSep')}{t('hammer.pool', { count: view.pools[s].count })}{t('common.clauseSep')}
              {t('hammer.thisTurn')}{t('board.labelGap', { ns: gameId })}{view.cards[s] > 0 ? cardLabel(t, gameId, view.cards[s]) : view.cards[s] === 0 ? t('hammer.faceDown') : '–'}
              {view.played[s].length > 0 && <>{t('board.played', { ns: gameId, played: t('hammer.played'), cards: view.played[s].map((c) => cardLabel(t, gameId, c)).join(t('common.listSep')) })}</>}{' '}
            </span>
          ))}
        </p>
        {view.hand.length > 0 && (
          <div className="hammer-hand" role="group" aria-label={t('hammer.yourHand')}>
            {view.hand.map((c, i) => {
              const a = handActs.find((x) => x.card === c);
              return (
                <button key={`${c}-${i}`} type="button" className={`hammer-card${a ? ' hl' : ''}`} disabled={busy} aria-disabled={!a || undefined} onClick={() => a && send(a)} data-card={c}>
                  {cardLabel(t, gameId, c)}
                </button>
              );
            })}
          </div>
        )}
      </div>
      <div className="hammer-panels">
      {battle && <BattleBoard view={view} blockActs={blockActs} onBlock={chooseBlock} t={t} gameId={gameId} />}
      </div>
      <div className="hammer-choices" ref={choicesRef}>
      {confirm && (
        <div className="panel hammer-warn" role="alertdialog" aria-label={confirm.warning} data-testid="hammer-warning">
          <p><b>⚠ {confirm.warning}</b></p>
          <div className="button-row">
            <button type="button" className="primary" disabled={busy} data-testid="hammer-warning-go" onClick={() => { const a = confirm.action; setConfirm(null); onAction(a); }}>{t('board.goAhead', { ns: gameId })}</button>
            <button type="button" onClick={() => setConfirm(null)}>{t('hammer.cancel')}</button>
          </div>
        </div>
      )}
      {pick && picked.length > 0 && (
        <div className="panel pick" role="group" aria-label={pick.kind === 'block' ? blockName(t, gameId, pick.id) : an(pick.id)} data-testid="hammer-pick">
          {pick.kind === 'block' && <p className="small">{t('board.pickedBlock', { ns: gameId, block: blockName(t, gameId, pick.id) })}</p>}
          <ActionList gameId={gameId} actions={picked} onAction={(a) => send(a as Act)} t={t} busy={busy} label={label} />
          <button type="button" className="small" onClick={() => setPick(null)}>{t('hammer.cancel')}</button>
        </div>
      )}
      </div>
      <div className="hammer-map-col">
      <div className="button-row hammer-zoom">
        <button type="button" className="small" onClick={() => setZoom((z) => Math.min(4, z * 1.5))} disabled={zoom >= 4} aria-label={t('carc.zoomIn')} data-testid="hammer-zoom-in">+</button>
        <button type="button" className="small" onClick={() => setZoom((z) => Math.max(1, z / 1.5))} disabled={zoom <= 1} aria-label={t('carc.zoomOut')} data-testid="hammer-zoom-out">−</button>
      </div>
      <div className="hammer-map-wrap" data-testid="hammer-map-wrap" tabIndex={0} role="region" aria-label={t('hammer.map')}>
        {geo ? (
          <HammerMap geo={geo} view={view} areaActs={areaActs} blockActs={blockActs} onArea={chooseArea} onBlock={(b) => chooseBlock(b)}
            t={t} gameId={gameId} zoom={zoom} selected={pickedBlock ?? view.selected} />
        ) : <p className="muted">{t('common.loading')}</p>}
      </div>
      <p className="small muted">{t('board.legend', { ns: gameId })}</p>
      <p className="small muted" data-testid="board-keys">{t('board.summaryKey', { ns: gameId })}</p>
      </div>
      <div className="hammer-rest">
      <ActionList gameId={gameId} actions={actions} onAction={(a) => send(a as Act)} t={t} busy={busy} label={label} />
      {role && view.pools[role as 'England' | 'Scotland']?.blocks && (
        <p className="small muted">{t('hammer.poolList')}{t('common.colon')}{view.pools[role as 'England' | 'Scotland'].blocks!.map((id) => blockName(t, gameId, id)).join(t('common.listSep'))}</p>
      )}
      </div>
    </div>
  );
}
