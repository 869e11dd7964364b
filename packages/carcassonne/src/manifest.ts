import type { GameManifest } from '@tabula/engine';
import { en } from './texts/en.js';
import { de } from './texts/de.js';
import { es } from './texts/es.js';
import { zhHans } from './texts/zh-Hans.js';

/** carcassonne as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'carcassonne'> = {
  id: 'carcassonne',
  names: { en: 'Carcassonne', de: 'Carcassonne', es: 'Carcassonne', 'zh-Hans': '卡卡颂' },
  texts: { en, de, es, 'zh-Hans': zhHans },
  rules: {
    en: async () => (await import('./reference/en.js')).doc,
    de: async () => (await import('./reference/de.js')).doc,
    es: async () => (await import('./reference/es.js')).doc,
    'zh-Hans': async () => (await import('./reference/zh-Hans.js')).doc,
  },
  links: [
    { part: 'Carcassonne', site: 'wikicarpedia.com', lang: 'en', href: 'https://wikicarpedia.com/car/Base_game' },
    { part: 'Hills & Sheep', site: 'wikicarpedia.com', lang: 'en', href: 'https://wikicarpedia.com/car/Hills_&_Sheep' },
  ],
  hotseatCurtain: false,
  // a 120-decision game in under 60 s on one core (node packages/cli/dist/bench/analysis-cost.js)
  analysisIterations: 500,
  load: async () => {
    const [{ carcassonneGame: game }, { messages }] = await Promise.all([import('./game.js'), import('./i18n.js')]);
    return { game, messages };
  },
};
