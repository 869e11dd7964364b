import type { GameManifest } from '@tabula/engine';
import { TEST_GAME_ID } from './id.js';

const summary = (text: string) => ({ [`rules.${TEST_GAME_ID}.summary`]: text });

/** The test game's manifest: all the platform needs to offer it. */
export const testGameManifest: GameManifest = {
  id: TEST_GAME_ID,
  names: { en: 'Nim (test game)', de: 'Nim (Testspiel)', es: 'Nim (juego de prueba)', 'zh-Hans': '尼姆（测试游戏）' },
  texts: {
    en: summary('Take 1 to 3 stones in turn; whoever takes the last stone wins.'),
    de: summary('Nehmt abwechselnd 1 bis 3 Steine; wer den letzten nimmt, gewinnt.'),
    es: summary('Tomad por turnos de 1 a 3 piedras; quien toma la última gana.'),
    'zh-Hans': summary('轮流取1到3颗石子，取走最后一颗者获胜。'),
  },
  links: [],
  hotseatCurtain: false,
  analysisIterations: 50,
  load: async () => {
    const [{ nimGame }, { messages }] = await Promise.all([import('./nim.js'), import('./messages.js')]);
    return { game: nimGame, messages };
  },
};
