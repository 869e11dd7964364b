import { rulesByLanguage, type GameManifest, type RulesDoc } from '@tabula/engine/manifest';
import type { Tutorial } from '@tabula/engine';
import { texts } from './texts/index.js';

/** hammer-of-the-scots as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'hammer-of-the-scots'> = {
  id: 'hammer-of-the-scots',
  names: { en: 'Hammer of the Scots', de: 'Hammer of the Scots', es: 'Hammer of the Scots', 'zh-Hans': '苏格兰之锤' },
  texts,
  rules: rulesByLanguage((lang) => import(`./reference/${lang}.js`) as Promise<{ doc: RulesDoc }>),
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
  tutorials: async () => (await import('./tutorial/index.js')).tutorials as Tutorial[],
};
