import type { KeyboardEvent } from 'react';
import type { BlockView } from '@tabula/hammer';
import type { BoardProps } from '../types.js';
import { BLOCKS, SIDE_COLOR, SIDE_PALE, blockName, shortName, sideName } from './data.js';
import { joinClauses } from '../../i18n/join.js';

/** Board units of one block on the map (about 40 px at 1280 px wide). */
export const BLOCK = 64;

/** What a screen reader hears for a block: the text it shows first, then name, side, strength, fire, move and state. */
export function blockLabel(t: BoardProps['t'], gameId: string, b: BlockView): string {
  const d = b.id ? BLOCKS.get(b.id) : undefined;
  const side = sideName(t, gameId, b.side);
  const state = joinClauses(t, [b.reserve ? t('board.reserve', { ns: gameId }) : '', b.moved ? t('board.moved', { ns: gameId }) : '',
    b.remembered ? t('board.remembered', { ns: gameId }) : ''].filter(Boolean));
  const base = d
    ? t('board.block', { ns: gameId, name: blockName(t, gameId, d.id), side, steps: b.steps ?? 0, max: b.max ?? d.maxSteps, combat: d.combat, move: d.move })
    : t('board.hidden', { ns: gameId, side });
  const full = state ? t('board.withState', { ns: gameId, base, state }) : base;
  return t('board.shows', { ns: gameId, visible: blockFace(b), label: full });
}

/** The text printed on a block, as a sighted player reads it: short name, fire, move ("Mar B2 2"); face down: the side's letter. */
export function blockFace(b: BlockView): string {
  const d = b.id ? BLOCKS.get(b.id) : undefined;
  const face = d ? `${shortName(d.id)} ${d.combat} ${d.move}` : b.side === 'England' ? 'E' : 'S';
  return b.remembered ? `${face} ?` : face;
}

/**
 * One block as the published blocks show it: name, fire rating (initiative letter + dice), strength
 * as pips along the edge, move rating. Face-down enemy blocks show only their side.
 */
export function Block({ b, x, y, size = BLOCK, hl, onClick, t, gameId, selected }: {
  b: BlockView; x: number; y: number; size?: number; hl: boolean; onClick?: () => void; t: BoardProps['t']; gameId: string; selected?: boolean;
}) {
  const d = b.id ? BLOCKS.get(b.id) : undefined;
  const s = size, k = s / BLOCK;
  const side = b.side;
  const key = (e: KeyboardEvent) => { if (onClick && (e.key === 'Enter' || e.key === ' ')) { e.preventDefault(); e.stopPropagation(); onClick(); } };
  const steps = b.steps ?? 0, max = b.max ?? 0;
  return (
    <g transform={`translate(${x} ${y})`} className={`hblock${onClick ? ' spot' : ''}`} onClick={onClick ? (e) => { e.stopPropagation(); onClick(); } : undefined}
      onKeyDown={key} tabIndex={onClick ? 0 : undefined} role={onClick ? 'button' : 'img'} data-block={b.id ?? ''} data-side={side}
      data-testid="hammer-block" data-remembered={b.remembered ? 'true' : undefined} aria-label={blockLabel(t, gameId, b)} aria-pressed={onClick && selected ? true : undefined}>
      <rect width={s} height={s} rx={5 * k} fill={d ? SIDE_PALE[side] : SIDE_COLOR[side]} stroke={hl || selected ? '#000' : SIDE_COLOR[side]} strokeWidth={(hl || selected ? 4 : 2.5) * k}
        strokeDasharray={b.reserve ? `${6 * k} ${4 * k}` : b.remembered ? `${2 * k} ${3 * k}` : undefined} />
      {hl && <rect x={-5 * k} y={-5 * k} width={s + 10 * k} height={s + 10 * k} rx={8 * k} fill="none" stroke="#F0E442" strokeWidth={4 * k} pointerEvents="none" />}
      {selected && <rect x={-5 * k} y={-5 * k} width={s + 10 * k} height={s + 10 * k} rx={8 * k} fill="none" stroke="#000" strokeWidth={3 * k} strokeDasharray={`${5 * k} ${3 * k}`} pointerEvents="none" />}
      {/* The spaces between the printed texts are not drawn (SVG draws text only inside <text>) but keep its words apart for a reader of the text. */}
      {d ? (
        <g pointerEvents="none" fontFamily="inherit">
          <text x={s / 2} y={18 * k} textAnchor="middle" fontSize={18 * k} fontWeight={700} textLength={shortName(d.id).length > 6 ? s - 6 * k : undefined}
            lengthAdjust="spacingAndGlyphs">{shortName(d.id)}</text>{' '}
          <text x={s / 2} y={41 * k} textAnchor="middle" fontSize={22 * k} fontWeight={700} fill={SIDE_COLOR[side]}>{d.combat}</text>{' '}
          {/* Strength: one pip per step along the bottom (filled = left), move rating at the right. */}
          {Array.from({ length: max }, (_, i) => (
            <circle key={i} cx={(9 + i * 11) * k} cy={54 * k} r={4.2 * k} fill={i < steps ? '#1d1d1f' : 'none'} stroke="#1d1d1f" strokeWidth={1.3 * k} />
          ))}
          <text x={s - 4 * k} y={60 * k} fontSize={18 * k} textAnchor="end" fontWeight={700}>{d.move}</text>
        </g>
      ) : (
        <text x={s / 2} y={s / 2 + 9 * k} textAnchor="middle" fontSize={26 * k} fontWeight={700} fill="#fff" pointerEvents="none">{side === 'England' ? 'E' : 'S'}</text>
      )}
      {b.moved && <circle cx={s - 7 * k} cy={7 * k} r={5 * k} fill="#000" pointerEvents="none" />}
      {b.remembered && ' '}
      {b.remembered && <text x={s - 5 * k} y={40 * k} fontSize={17 * k} textAnchor="end" fontWeight={700} fill={SIDE_COLOR[side]} pointerEvents="none">?</text>}
    </g>
  );
}
