import { rulesByLanguage, type GameManifest, type RulesDoc } from '@tabula/engine/manifest';
import type { Tutorial } from '@tabula/engine';
import { texts } from './texts/index.js';

/** hacse as the platform sees it; imports no engine code (the engine comes with `load`). */
export const manifest: GameManifest<'hacse'> = {
  id: 'hacse',
  names: { en: 'HACSE card game', de: 'HACSE-Kartenspiel', es: 'Juego de cartas HACSE', 'zh-Hans': 'HACSE卡牌游戏' },
  texts,
  rules: rulesByLanguage((lang) => import(`./reference/${lang}.js`) as Promise<{ doc: RulesDoc }>),
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
  tutorials: async () => (await import('./tutorial/index.js')).tutorials as Tutorial[],
};
