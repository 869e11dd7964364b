import { useMemo, useState, type KeyboardEvent } from 'react';
import { CARDS, type HacseView, type UnitView, type Side, type Zone, type CardDef } from '@tabula/hacse';
import type { BoardProps } from '../types.js';
import { ActionList } from '../generic/ActionList.js';
import { roleColor, roleTextColor, textOn } from '../../colors.js';

type Act = Record<string, unknown> & { type: string };
const ZONES: Zone[] = ['front', 'reserve', 'hinterland'];
const SIDES: Side[] = ['axis', 'allies'];

function activate(e: KeyboardEvent, f: () => void) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); f(); } }

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
    if (a.type === 'commit') parts.push(a.order === null ? t('hacse.noOrder') : `: ${cardName(String(a.order))}`);
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

  const Stats = ({ def }: { def: CardDef }) => (
    <div className="hc-stats">
      {def.damage && <span>⚔ {def.damage.assault}/{def.damage.maneuver}/{def.damage.flank}</span>}
      {def.damage && <span>◆ {def.armour ?? 0}</span>}
      {def.penetration !== undefined && <span>➚ {def.penetration}</span>}
      {def.gain && <span>▲ {def.gain.bracketed ? `(${def.gain.value})` : def.gain.value}</span>}
    </div>
  );
  const Tags = ({ def }: { def: CardDef }) => (def.tags?.length ? (
    <div className="hc-tags">{def.tags.map((g) => <span key={g} className="tag">{t(`board.tag.${g}`, { ns: gameId, defaultValue: g })}</span>)}</div>
  ) : null);
  const UnitCard = ({ u, side, zone }: { u: UnitView; side: Side; zone: Zone }) => {
    const def = CARDS.get(u.card) as CardDef | undefined;
    const key = `unit:${u.uid}`;
    const acts = byKey.get(key);
    const att = attackerOf.get(u.uid);
    const col = roleColor(side);
    return (
      <div className={`hacse-card unit${acts ? ' hl' : ''}${u.flipped ? ' flipped' : ''}${att ? ' attacking' : ''}${defenders.has(u.uid) ? ' defending' : ''}`}
        role={acts ? 'button' : undefined} tabIndex={acts ? 0 : undefined} onClick={acts ? () => click(key) : undefined}
        onKeyDown={acts ? (e) => activate(e, () => click(key)) : undefined} data-uid={u.uid} data-card={u.card} data-testid="hacse-unit"
        aria-label={[t('board.unit', { ns: gameId, name: cardName(u.card), side: sideName(side), zone: zoneName(zone), a: def?.damage?.assault ?? 0, m: def?.damage?.maneuver ?? 0,
          f: def?.damage?.flank ?? 0, armour: def?.armour ?? 0, pen: def?.penetration ?? 0, n: u.damage, max: u.destroyAt }),
        u.flipped ? t('hacse.flipped') : '', u.attacked ? t('hacse.attacked') : '', u.placed === view.turn ? t('board.newThisTurn', { ns: gameId }) : ''].filter(Boolean).join(', ')}
        style={{ borderColor: col }}>
        <div className="hc-name" style={{ background: col, color: textOn(col) }}>{cardName(u.card)}</div>
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
          {p.supports.length > 0 && <> · {t('hacse.supports')}: {p.supports.map(cardName).join(', ')}</>}
          {p.progress.length > 0 && <> · {t('hacse.progress')}: {p.progress.map(cardName).join(', ')}</>}
          {side !== me && p.known && p.known.length > 0 && <> · <span data-testid="hacse-known">{t('hacse.knownInHand')}: {p.known.map(cardName).join(', ')}</span></>}
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
  return (
    <div className="hacse-board">
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
                <div key={`${c}-${i}`} className={`hacse-card in-hand${acts ? ' hl' : ''}`} role={acts ? 'button' : undefined} tabIndex={acts ? 0 : undefined}
                  onClick={acts ? () => click(key) : undefined} onKeyDown={acts ? (e) => activate(e, () => click(key)) : undefined} data-card={c} data-testid="hacse-hand-card">
                  <div className="hc-name">{cardName(c)}</div>
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
