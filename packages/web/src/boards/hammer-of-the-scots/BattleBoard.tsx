import type { BlockView, HammerView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { BLOCKS, SIDE_COLOR, areaName, sideName } from './data.js';
import { Block } from './Block.js';

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

/** A die as a die: its pips, and a red frame when it scored a hit. */
export function Die({ n, hit, label }: { n: number; hit: boolean; label: string }) {
  return (
    <svg className={`die${hit ? ' hit' : ''}`} viewBox="0 0 40 40" width="36" height="36" role="img" aria-label={label} data-testid="hammer-die" data-hit={hit ? 'true' : undefined}>
      <rect x={2} y={2} width={36} height={36} rx={6} fill="#fff" stroke={hit ? '#C0392B' : '#1d1d1f'} strokeWidth={hit ? 4 : 2} />
      {(PIPS[n] ?? []).map(([px, py], i) => <circle key={i} cx={px * 9 + 2} cy={py * 9 + 2} r={3.6} fill={hit ? '#C0392B' : '#1d1d1f'} />)}
    </svg>
  );
}

type Act = Record<string, unknown> & { type: string };

/** The published battle board: each side's blocks in rows by initiative A, B, C, reserves apart, dice of the last fire. */
export function BattleBoard({ view, blockActs, onBlock, t, gameId }: {
  view: HammerView; blockActs: Map<string, Act[]>; onBlock: (block: string) => void; t: BoardProps['t']; gameId: string;
}) {
  const battle = view.battle!;
  const blocks = view.areas.find((a) => a.id === battle.area)?.blocks ?? [];
  const defender = battle.attacker === 'England' ? 'Scotland' : 'England';
  // A die hits on the fire rating it was rolled against or less (the engine says which rating, bonuses included).
  const fire = battle.fire > 0 ? battle.fire : null;
  const hitIdx = new Set(fire === null ? [] : battle.dice.flatMap((d, i) => (d <= fire ? [i] : [])));
  const row = (list: BlockView[], key: string) => (
    <div className="battle-row" key={key}>
      {list.map((b, i) => {
        const own = !!b.id && blockActs.has(b.id);
        return (
          <svg key={b.id ?? i} viewBox="-6 -6 76 76" width="64" height="64" className="battle-block">
            <Block b={b} x={0} y={0} t={t} gameId={gameId} hl={own} onClick={own ? () => onBlock(b.id!) : undefined} />
          </svg>
        );
      })}
    </div>
  );
  const side = (s: 'England' | 'Scotland', role: 'attacker' | 'defender') => {
    const mine = blocks.filter((b) => b.side === s);
    const front = mine.filter((b) => !b.reserve), reserve = mine.filter((b) => b.reserve);
    const letter = (b: BlockView) => (b.id ? BLOCKS.get(b.id)!.combat[0]! : '?');
    return (
      <div className={`battle-side${battle.side === s ? ' to-act' : ''}`} data-testid={`battle-${role}`} role="group"
        aria-label={t('board.roleSide', { ns: gameId, role: t(`board.${role}`, { ns: gameId }), side: sideName(t, gameId, s) })}>
        <h4 style={{ color: SIDE_COLOR[s] }}>{t(`board.${role}`, { ns: gameId })}: {sideName(t, gameId, s)}{battle.side === s && <span className="to-act-tag"> ▶ {t('board.toAct', { ns: gameId })}</span>}</h4>
        {(['A', 'B', 'C', '?'] as const).map((l) => {
          const list = front.filter((b) => letter(b) === l);
          if (!list.length) return null;
          return <div key={l} className={`battle-letter${battle.stage === 'turns' && battle.letter === l ? ' now' : ''}`}><span className="letter" role="img" aria-label={t('board.initiative', { ns: gameId, letter: l })}>{l}</span>{row(list, l)}</div>;
        })}
        {reserve.length > 0 && <div className="battle-letter reserve"><span className="letter small">{t('board.reserves', { ns: gameId })}</span>{row(reserve, 'r')}</div>}
      </div>
    );
  };
  return (
    <section className="panel battle-panel" data-testid="battle-panel" aria-live="polite" aria-label={t('hammer.battleIn', { area: areaName(t, gameId, battle.area) })}>
      <h3>{t('hammer.battleIn', { area: areaName(t, gameId, battle.area) })} · {t('board.round', { ns: gameId, round: battle.round })}</h3>
      <div className="battle-sides">
        {side(battle.attacker, 'attacker')}
        {side(defender, 'defender')}
      </div>
      <div className="battle-foot">
        {battle.stage === 'turns' && <span>{t('board.letterNow', { ns: gameId, letter: battle.letter })}</span>}
        {battle.dice.length > 0 && (
          <span className="dice-row" data-testid="battle-dice">{fire !== null ? t('board.hitsOn', { ns: gameId, n: fire }) : t('hammer.dice')}{' '}
            {battle.dice.map((d, i) => <Die key={i} n={d} hit={hitIdx.has(i)} label={hitIdx.has(i) ? t('board.dieHit', { ns: gameId, n: d }) : t('board.die', { ns: gameId, n: d })} />)}
          </span>
        )}
        {battle.hits > 0 && <b>{t('hammer.hits', { count: battle.hits, side: sideName(t, gameId, battle.hitSide) })}</b>}
      </div>
    </section>
  );
}
