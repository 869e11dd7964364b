/** What the side to act is asked to do, per phase and step: an i18n key of this game plus arguments. */
import type { Prompt } from '@tabula/engine';
import { AREA_IDS } from './map.js';
import { EVENT_KEYS } from './cards.js';
import type { State } from './state.js';

const area = (a: number): string | null => (a >= 0 ? AREA_IDS[a] ?? null : null);

export function promptOf(s: State): Prompt {
  switch (s.phase) {
    case 'move': return { key: 'prompt.move', args: { moves: s.moves, count: s.moves } };
    case 'group': return { key: 'prompt.group', args: { area: area(s.grp), moves: s.moves } };
    case 'path': return { key: 'prompt.path', args: { area: area(s.grp) } };
    case 'battle': {
      const bt = s.battle;
      if (!bt) return { key: 'prompt.battle' };
      const args = { area: area(bt.area), round: bt.round };
      if (bt.stage === 'hits') return { key: 'prompt.battle-hits', args: { ...args, hits: bt.hits, count: bt.hits } };
      if (bt.stage === 'retreat') return { key: 'prompt.battle-retreat', args };
      if (bt.stage === 'regroup') return { key: 'prompt.battle-regroup', args };
      return { key: 'prompt.battle', args };
    }
    case 'event': {
      const ev = s.ev;
      if (!ev) return { key: 'prompt.event' };
      const card = EVENT_KEYS[ev.card] || null;
      if (ev.step === 'choose') return { key: 'prompt.event', args: { card } };
      return { key: `prompt.event-${ev.step}`, args: { card, area: area(ev.area), count: ev.left, left: ev.left } };
    }
    default: return { key: `prompt.${s.phase}` };
  }
}
