/**
 * The board elements an action names (its areas, block, card, unit, tile position, follower spot), as CSS
 * selectors on the data attributes every board puts on its targets: the analysis draws the bot's suggested
 * move on any board by marking them (GameScreen).
 */
const ATTRS: [field: string, attr: string][] = [
  ['area', 'area'], ['to', 'area'], ['from', 'area'], ['block', 'block'], ['card', 'card'],
  ['uid', 'uid'], ['target', 'uid'], ['attacker', 'uid'], ['feature', 'feature'],
];

const escape = (v: string): string => (typeof CSS !== 'undefined' && CSS.escape ? CSS.escape(v) : v.replace(/["\\]/g, '\\$&'));
const is = (attr: string, v: unknown): string => `[data-${attr}="${escape(String(v))}"]`;

export function suggestionSelectors(action: unknown): string[] {
  if (!action || typeof action !== 'object') return [];
  const a = action as Record<string, unknown>;
  const out: string[] = [];
  for (const [field, attr] of ATTRS) {
    const v = a[field];
    if (typeof v === 'string' || typeof v === 'number') out.push(is(attr, v));
  }
  if (typeof a.x === 'number' && typeof a.y === 'number') out.push(`${is('x', a.x)}${is('y', a.y)}`);
  return out;
}

/** The style that marks them inside the board area (`.board-area.suggesting`). */
export function suggestionStyle(action: unknown): string | null {
  const sel = suggestionSelectors(action);
  if (sel.length === 0) return null;
  return `.board-area.suggesting :is(${sel.join(', ')}) { filter: drop-shadow(0 0 3px #c2185b) drop-shadow(0 0 3px #c2185b) drop-shadow(0 0 1px #000); }`;
}
