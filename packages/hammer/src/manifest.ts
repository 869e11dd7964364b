import type { GameManifest } from '@tabula/engine';
import { en } from './texts/en.js';
import { de } from './texts/de.js';
import { es } from './texts/es.js';
import { zhHans } from './texts/zh-Hans.js';

/** hammer-of-the-scots as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'hammer-of-the-scots'> = {
  id: 'hammer-of-the-scots',
  names: { en: 'Hammer of the Scots', de: 'Hammer of the Scots', es: 'Hammer of the Scots', 'zh-Hans': '苏格兰之锤' },
  texts: { en, de, es, 'zh-Hans': zhHans },
  rules: {
    en: async () => (await import('./reference/en.js')).doc,
    de: async () => (await import('./reference/de.js')).doc,
    es: async () => (await import('./reference/es.js')).doc,
    'zh-Hans': async () => (await import('./reference/zh-Hans.js')).doc,
  },
  links: [
    { site: 'rally-the-troops.com', lang: 'en', href: 'https://rally-the-troops.com/hammer-of-the-scots/info/rules.html' },
  ],
  hotseatCurtain: true,
  // a 600-decision Braveheart game in under 60 s on one core (node packages/cli/dist/bench/analysis-cost.js)
  analysisIterations: 150,
  load: async () => {
    const [{ hammerGame: game }, { messages }] = await Promise.all([import('./game.js'), import('./i18n.js')]);
    return { game, messages };
  },
};
