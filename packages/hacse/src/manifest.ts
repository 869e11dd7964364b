import type { GameManifest } from '@tabula/engine';
import { en } from './texts/en.js';
import { de } from './texts/de.js';
import { es } from './texts/es.js';
import { zhHans } from './texts/zh-Hans.js';

/** hacse as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'hacse'> = {
  id: 'hacse',
  names: { en: 'HACSE card game', de: 'HACSE-Kartenspiel', es: 'Juego de cartas HACSE', 'zh-Hans': 'HACSE 卡牌游戏' },
  texts: { en, de, es, 'zh-Hans': zhHans },
  rules: {
    en: async () => (await import('./reference/en.js')).doc,
    de: async () => (await import('./reference/de.js')).doc,
    es: async () => (await import('./reference/es.js')).doc,
    'zh-Hans': async () => (await import('./reference/zh-Hans.js')).doc,
  },
  links: [
    { site: 'hacse.hacfleisch.org', lang: 'de', href: 'http://hacse.hacfleisch.org/index.php/Regeln_Kartenspiel' },
  ],
  hotseatCurtain: true,
  // a whole game in under 60 s on one core (node packages/cli/dist/bench/analysis-cost.js)
  analysisIterations: 300,
  load: async () => {
    const [{ hacseGame: game }, { messages }] = await Promise.all([import('./game.js'), import('./i18n.js')]);
    return { game, messages };
  },
};
