import { useMemo, useState, type KeyboardEvent } from 'react';
import { CARDS, type HacseView, type UnitView, type Side, type Zone, type CardDef } from '@tabula/hacse';
import type { BoardProps } from '../types.js';
import { ActionList } from '../generic/ActionList.js';
import { roleColor, roleTextColor, textOn } from '../../colors.js';
import { joinClauses, joinItems } from '../../i18n/join.js';

type Act = Record<string, unknown> & { type: string };
const ZONES: Zone[] = ['front', 'reserve', 'hinterland'];
const SIDES: Side[] = ['axis', 'allies'];


export default function HacseBoard({ gameId, view: raw, actions: rawActs, onAction, role, t, busy, createdBy, finished }: BoardProps) {
  const view = raw as HacseView;
  const actions = rawActs as Act[];
  const [pick, setPick] = useState<string | null>(null);
  const cardName = (id: string) => t(`card.${id}.name`, { ns: gameId, defaultValue: id });
  const cardText = (id: string) => t(`card.${id}.text`, { ns: gameId, defaultValue: '' });
  const sideName = (s: string) => t(`role.${s}`, { ns: gameId, defaultValue: s });
  const zoneName = (z: string) => t(`zone.${z}`, { ns: gameId, defaultValue: z });
  const units = useMemo(() => {
    const m = new Map<string, UnitView>();
    for (const s of SIDES) for (const z of ZONES) for (const u of view.players[s][z]) m.set(u.uid, u);
    return m;
  }, [view]);
  const unitName = (uid: string) => { const u = units.get(uid); return u ? cardName(u.card) : uid; };
  // Which actions a click on a card in hand or on a unit stands for.
  const byKey = useMemo(() => {
    const m = new Map<string, Act[]>();
    const add = (k: string, a: Act) => { const l = m.get(k) ?? []; l.push(a); m.set(k, l); };
    for (const a of actions) {
      if (typeof a.card === 'string') add(`card:${a.card}`, a);
      if (typeof a.uid === 'string') add(`unit:${a.uid}`, a);
      else if (typeof a.target === 'string' && units.has(a.target)) add(`unit:${a.target}`, a);
    }
    return m;
  }, [actions, units]);
  const click = (key: string) => {
    const l = byKey.get(key) ?? [];
    if (l.length === 1) { setPick(null); onAction(l[0]); } else if (l.length > 1) setPick(key);
  };
  const label = (x: unknown): string | null => {
    const a = x as Act;
    const verb = t(`hacse.act.${a.type}`, { defaultValue: a.type });
    const parts: string[] = [];
    if (typeof a.card === 'string') parts.push(cardName(a.card));
    if (typeof a.uid === 'string') parts.push(unitName(a.uid));
    if (typeof a.zone === 'string') parts.push(`→ ${zoneName(a.zone)}`);
    if (typeof a.to === 'string') parts.push(`→ ${zoneName(a.to)}`);
    if (a.type === 'commit') parts.push(a.order === null ? t('hacse.noOrder') : `${t('hacse.orderSep', { defaultValue: ': ' })}${cardName(String(a.order))}`);
    if (typeof a.attacker === 'string') parts.push(`⟂ ${unitName(a.attacker)}`);
    if (typeof a.target === 'string') parts.push(`→ ${unitName(a.target)}`);
    return parts.length ? `${verb} ${parts.join(' ')}` : verb;
  };
  const me: Side = role === 'allies' ? 'allies' : 'axis';
  const them: Side = me === 'axis' ? 'allies' : 'axis';
  const combat = view.combat;
  const attackerOf = new Map((combat?.attackers ?? []).map((a) => [a.uid, a]));
  const defenders = new Map((combat?.attackers ?? []).filter((a) => a.vs).map((a) => [a.vs!, a.uid]));
  const others = actions.filter((a) => typeof a.card !== 'string' && typeof a.uid !== 'string' && !(typeof a.target === 'string' && units.has(a.target)));

  /** The symbols of a card's numbers in words ("damage by order: assault 2, manoeuvre 1, flank 2, armour 0, …"). */
  const statWords = (def: CardDef | undefined): string => {
    if (!def) return '';
    const w: string[] = [];
    if (def.damage) w.push(t('board.words.damage', { ns: gameId, a: def.damage.assault, m: def.damage.maneuver, f: def.damage.flank }), t('board.words.armour', { ns: gameId, n: def.armour ?? 0 }));
    if (def.penetration !== undefined) w.push(t('board.words.pen', { ns: gameId, n: def.penetration }));
    if (def.gain) w.push(t(def.gain.bracketed ? 'board.words.gainUnopposed' : 'board.words.gain', { ns: gameId, n: def.gain.value }));
    return joinClauses(t, w);
  };
  const tagNames = (def: CardDef | undefined) => (def?.tags ?? []).map((g) => t(`board.tag.${g}`, { ns: gameId, defaultValue: g }));
  // The symbols are for the eye; a screen reader hears them as words.
  const Stats = ({ def }: { def: CardDef }) => (
    <div className="hc-stats">
      <span aria-hidden="true" style={{ display: 'contents' }}>
        {def.damage && <span>⚔ {def.damage.assault}/{def.damage.maneuver}/{def.damage.flank}</span>}
        {def.damage && <span>◆ {def.armour ?? 0}</span>}
        {def.penetration !== undefined && <span>➚ {def.penetration}</span>}
        {def.gain && <span>▲ {def.gain.bracketed ? `(${def.gain.value})` : def.gain.value}</span>}
      </span>
      {statWords(def) && <span className="sr-only">{statWords(def)}</span>}
    </div>
  );
  const Tags = ({ def }: { def: CardDef }) => (def.tags?.length ? (
    <div className="hc-tags">{tagNames(def).map((g) => <span key={g} className="tag">{g}</span>)}</div>
  ) : null);
  /** What a unit shows in words, in its order on the card: name, tags, text, marks, its attack (its numbers follow in the label). */
  const unitShows = (u: UnitView): string => {
    const def = CARDS.get(u.card) as CardDef | undefined;
    const att = attackerOf.get(u.uid);
    return joinClauses(t, [cardName(u.card), ...tagNames(def), cardText(u.card), u.flipped ? t('hacse.flipped') : '', u.attacked ? t('hacse.attacked') : '',
      u.placed === view.turn ? t('board.newThisTurn', { ns: gameId }) : '',
      att ? `${att.order ? cardName(att.order) : att.hasOrder ? t('hacse.faceDownOrder') : t('hacse.noOrder')}${att.vs ? ` → ${unitName(att.vs)}` : ''}` : ''].filter(Boolean));
  };
  const unitLabel = (u: UnitView, side: Side, zone: Zone): string => t('board.shows', {
    ns: gameId, visible: unitShows(u),
    label: t('board.unitDetail', { ns: gameId, side: sideName(side), zone: zoneName(zone), stats: statWords(CARDS.get(u.card) as CardDef | undefined) || '–', n: u.damage, max: u.destroyAt }),
  });
  const handCardLabel = (c: string): string => {
    const def = CARDS.get(c) as CardDef | undefined;
    const rest = [`${t(`hacse.kind.${def?.kind ?? 'unit'}`)}${def?.cost !== undefined ? ` · ${t('hacse.cost', { cost: def.cost })}` : ''}`, statWords(def), ...tagNames(def), cardText(c)];
    return t('board.shows', { ns: gameId, visible: cardName(c), label: joinClauses(t, rest.filter(Boolean)) });
  };
  const UnitCard = ({ u, side, zone }: { u: UnitView; side: Side; zone: Zone }) => {
    const def = CARDS.get(u.card) as CardDef | undefined;
    const key = `unit:${u.uid}`;
    const acts = byKey.get(key);
    const att = attackerOf.get(u.uid);
    const col = roleColor(side);
    return (
      // A unit that can act is pressed by its name (a button named by the card's name first, WCAG 2.5.3); the whole card takes a click too.
      <div className={`hacse-card unit${acts ? ' hl' : ''}${u.flipped ? ' flipped' : ''}${att ? ' attacking' : ''}${defenders.has(u.uid) ? ' defending' : ''}`}
        role={acts ? undefined : 'group'} aria-label={acts ? undefined : unitLabel(u, side, zone)} onClick={acts ? () => click(key) : undefined}
        data-uid={u.uid} data-card={u.card} data-testid="hacse-unit" data-side={side} data-zone={zone} style={{ borderColor: col }}>
        {acts
          ? <button type="button" className="hc-name" style={{ background: col, color: textOn(col) }} aria-label={unitLabel(u, side, zone)} data-testid="hacse-unit-button">{cardName(u.card)}</button>
          : <div className="hc-name" style={{ background: col, color: textOn(col) }}>{cardName(u.card)}</div>}
        {def && <Stats def={def} />}
        {def && <Tags def={def} />}
        {cardText(u.card) && <div className="hc-text">{cardText(u.card)}</div>}
        <div className="hc-damage" aria-hidden="true">
          {Array.from({ length: u.destroyAt }, (_, i) => <span key={i} className={i < u.damage ? 'hit' : ''} />)}
        </div>
        <div className="small">
          {u.flipped && <span className="tag">{t('hacse.flipped')}</span>}
          {u.attacked && <span className="tag">{t('hacse.attacked')}</span>}
          {u.placed === view.turn && <span className="tag" data-testid="hacse-new">{t('board.newThisTurn', { ns: gameId })}</span>}
          {att && <span className="tag turn">{att.order ? cardName(att.order) : att.hasOrder ? t('hacse.faceDownOrder') : t('hacse.noOrder')}{att.vs ? ` → ${unitName(att.vs)}` : ''}</span>}
        </div>
      </div>
    );
  };

  const Rows = ({ side, flip }: { side: Side; flip: boolean }) => {
    const p = view.players[side];
    const zones = flip ? [...ZONES].reverse() : ZONES;
    return (
      <div className={`hacse-side side-${side}`} data-side={side}>
        <div className="hacse-side-head">
          <b style={{ color: roleTextColor(side) }}>{sideName(side)}</b> · {p.deck.builtin === false ? (createdBy ? t('hacse.uploadedDeckBy', { name: p.deck.name, owner: createdBy }) : t('hacse.uploadedDeck', { name: p.deck.name })) : t(`deckname.${p.deck.id}`, { ns: gameId, defaultValue: p.deck.name })} · {t('hacse.deckCount', { count: p.deckCount })} · {t('hacse.handCount', { count: p.handCount })} · {t('hacse.discardCount', { count: p.discard.length })}
          {p.supports.length > 0 && <> · {t('hacse.supports')}{t('common.colon')}{p.supports.map(cardName).join(t('common.listSep'))}</>}
          {p.progress.length > 0 && <> · {t('hacse.progress')}{t('common.colon')}{p.progress.map(cardName).join(t('common.listSep'))}</>}
          {side !== me && p.known && p.known.length > 0 && <> · <span data-testid="hacse-known">{t('hacse.knownInHand')}{t('common.colon')}{p.known.map(cardName).join(t('common.listSep'))}</span></>}
        </div>
        {zones.map((z) => (
          <div key={z} className={`hacse-row zone-${z}`} data-zone={z}>
            <span className="zone-label">{zoneName(z)}</span>
            <div className="row-cards">{p[z].length === 0 ? <span className="muted small">–</span> : p[z].map((u) => <UnitCard key={u.uid} u={u} side={side} zone={z} />)}</div>
          </div>
        ))}
      </div>
    );
  };

  const hand = view.players[me].hand;
  // The summary key (I; ? asks why an element cannot act) writes into a live region: the unit or card in focus with the units facing it, else every row.
  const [readout, setReadout] = useState('');
  const rowWords = (side: Side, zone: Zone) => t('board.row', { ns: gameId, side: sideName(side), zone: zoneName(zone),
    list: joinItems(t, view.players[side][zone].map((u) => `${cardName(u.card)} (${u.damage}/${u.destroyAt})`)) || t('board.rowEmpty', { ns: gameId }) });
  const summary = (target: Element): string => {
    const unit = target.closest<HTMLElement>('[data-testid=hacse-unit]');
    const u = unit ? units.get(unit.dataset.uid ?? '') : undefined;
    if (unit && u) {
      const side = unit.dataset.side as Side, zone = unit.dataset.zone as Zone;
      const other: Side = side === 'axis' ? 'allies' : 'axis';
      return [unitLabel(u, side, zone), rowWords(side, zone), t('board.facing', { ns: gameId, list: rowWords(other, zone) })].join('. ');
    }
    const card = target.closest<HTMLElement>('[data-testid=hacse-hand-card]');
    const rows = SIDES.flatMap((sd) => ZONES.map((z) => rowWords(sd, z)));
    return [card ? handCardLabel(card.dataset.card ?? '') : t('hacse.dieTrack', { die: view.die }), ...rows].join('. ');
  };
  const onBoardKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey || !(e.key === 'i' || e.key === 'I')) return;
    e.preventDefault();
    setReadout(summary(e.target as Element));
  };
  return (
    <div className="hacse-board" onKeyDown={onBoardKey}>
      <div className="panel hacse-status">
        <div className="die-track" role="img" aria-label={t('hacse.dieTrack', { die: view.die })} data-testid="die-track">
          {Array.from({ length: 11 }, (_, i) => (
            <span key={i} className={`die-cell${i === view.die ? ' on' : ''}${i === 0 ? ' end-allies' : i === 10 ? ' end-axis' : ''}`}>{i}</span>
          ))}
        </div>
        <p className="small">{t('hacse.dieHelp')} · {view.turnLimit ? t('hacse.turn', { turn: view.turn, limit: view.turnLimit }) : t('hacse.turnOpen', { turn: view.turn })}
          {view.active && <> · {t('hacse.actionsLeft', { count: view.actionsLeft, side: sideName(view.active) })}</>}
          {' · '}{t(`phase.${view.phase}`, { ns: gameId, defaultValue: view.phase })}
        </p>
      </div>
      <Rows side={them} flip />
      {combat && (
        <section className="panel battle-panel" data-testid="combat-panel" aria-live="polite">
          <h3>{t('hacse.combat', { attacker: sideName(combat.attacker), defender: sideName(combat.defender) })} · {t(`stage.${combat.stage}`, { ns: gameId, defaultValue: combat.stage })}</h3>
          <p className="small">{t('hacse.blocks', { used: combat.blocksUsed, max: combat.blocksMax })}
            {combat.pending && <> · {t('hacse.pending', { hit: combat.pending.hit, back: combat.pending.back })}</>}</p>
          <ul className="small">
            {combat.attackers.map((a) => (
              <li key={a.uid}>{unitName(a.uid)}: {a.order ? cardName(a.order) : a.hasOrder ? t('hacse.faceDownOrder') : t('hacse.noOrder')}{a.vs ? ` → ${unitName(a.vs)}` : ` (${t('hacse.unopposed')})`}{a.done ? ' ✓' : ''}</li>
            ))}
          </ul>
        </section>
      )}
      {!combat && view.lastCombat && (
        <section className="panel small" data-testid="last-combat">
          <b>{t('hacse.lastCombat', { attacker: sideName(view.lastCombat.attacker) })}</b>{' '}
          {t('hacse.gain', { gain: view.lastCombat.gain, before: view.lastCombat.dieBefore, after: view.lastCombat.dieAfter })}
          <ul>
            {view.lastCombat.results.map((r, i) => (
              <li key={i}>{cardName(r.attackerCard)}{r.order ? ` (${cardName(r.order)})` : ''} → {r.defenderCard ? cardName(r.defenderCard) : t('hacse.unopposed')}: {t('hacse.result', { hit: r.hit, back: r.back })}
                {r.destroyed.length > 0 && <> · {t('hacse.destroyed', { count: r.destroyed.length })}</>}</li>
            ))}
          </ul>
        </section>
      )}
      {/* A game that ended (e.g. resigned) while a cost was being paid asks for nothing any more. */}
      {!finished && view.pending?.kind === 'pay' && (() => {
        const pend = view.pending;
        const def = CARDS.get(pend.card) as CardDef | undefined;
        return (
          <section className="panel hacse-paying" data-testid="hacse-paying" aria-live="polite">
            <h3>{t('board.paying', { ns: gameId, card: cardName(pend.card), zone: zoneName(pend.zone), count: pend.left })}</h3>
            <div className={`hacse-card in-hand`} data-card={pend.card}>
              <div className="hc-name">{cardName(pend.card)}</div>
              {def && <Stats def={def} />}
              {def && <Tags def={def} />}
              {cardText(pend.card) && <div className="hc-text">{cardText(pend.card)}</div>}
            </div>
          </section>
        );
      })()}
      <Rows side={me} flip={false} />
      {hand && (
        <section className="panel" aria-label={t('hacse.yourHand')}>
          <h3>{t('hacse.yourHand')} ({hand.length})</h3>
          <div className="row-cards hand">
            {hand.map((c, i) => {
              const key = `card:${c}`;
              const acts = byKey.get(key);
              const def = CARDS.get(c) as CardDef | undefined;
              return (
                <div key={`${c}-${i}`} className={`hacse-card in-hand${acts ? ' hl' : ''}`} role={acts ? undefined : 'group'} aria-label={acts ? undefined : handCardLabel(c)}
                  onClick={acts ? () => click(key) : undefined} data-card={c} data-testid="hacse-hand-card">
                  {acts ? <button type="button" className="hc-name" aria-label={handCardLabel(c)} data-testid="hacse-card-button">{cardName(c)}</button> : <div className="hc-name">{cardName(c)}</div>}
                  <div className="small muted">{t(`hacse.kind.${def?.kind ?? 'unit'}`)}{def?.cost !== undefined ? ` · ${t('hacse.cost', { cost: def.cost })}` : ''}</div>
                  {def && <Stats def={def} />}
                  {def && <Tags def={def} />}
                  {cardText(c) && <div className="hc-text">{cardText(c)}</div>}
                </div>
              );
            })}
          </div>
        </section>
      )}
      {pick && (byKey.get(pick)?.length ?? 0) > 0 && (
        <div className="panel pick" role="group">
          <ActionList gameId={gameId} actions={byKey.get(pick)!} onAction={(a) => { setPick(null); onAction(a); }} t={t} busy={busy} label={label} />
          <button type="button" className="small" onClick={() => setPick(null)}>{t('hammer.cancel')}</button>
        </div>
      )}
      <p className="small muted hacse-legend" data-testid="hacse-legend">{t('board.legend', { ns: gameId })}</p>
      <p className="small muted" data-testid="board-keys">{t('board.summaryKey', { ns: gameId })}</p>
      <p className="sr-only" role="status" aria-label={t('board.summaryRegion', { ns: gameId })} data-testid="board-readout">{readout}</p>
      {others.length > 0 && <ActionList gameId={gameId} actions={others} onAction={onAction} t={t} busy={busy} label={label} />}
      {/* A step whose only controls are units to click (e.g. the next engagement) gets visible buttons too. */}
      {others.length === 0 && actions.length > 0 && !hand?.some((c) => byKey.has(`card:${c}`)) && (
        <section className="panel" aria-label={t('board.choose', { ns: gameId })} data-testid="hacse-choices">
          <h3>{t('board.choose', { ns: gameId })}</h3>
          <ActionList gameId={gameId} actions={actions} onAction={onAction} t={t} busy={busy} label={label} />
        </section>
      )}
      {actions.length > 0 && <details className="panel small">
        <summary>{t('hacse.allActions', { count: actions.length })}</summary>
        <ActionList gameId={gameId} actions={actions} onAction={onAction} t={t} busy={busy} label={label} />
      </details>}
    </div>
  );
}
