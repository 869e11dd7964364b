import { rulesByLanguage, type GameManifest, type RulesDoc } from '@tabula/engine/manifest';
import type { Tutorial } from '@tabula/engine';
import { texts } from './texts/index.js';

/** carcassonne as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'carcassonne'> = {
  id: 'carcassonne',
  names: { en: 'Carcassonne', de: 'Carcassonne', es: 'Carcassonne', 'zh-Hans': '卡卡颂' },
  texts,
  rules: rulesByLanguage((lang) => import(`./reference/${lang}.js`) as Promise<{ doc: RulesDoc }>),
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
  tutorials: async () => (await import('./tutorial/index.js')).tutorials as Tutorial[],
};
