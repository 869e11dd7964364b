import type { InLanguages, Texts } from '@tabula/engine';

/** The test game's own messages (its i18next namespace). */
export const messages: InLanguages<Texts> = {
  en: {
    'role.first': 'First', 'role.second': 'Second', 'scenario.standard': 'Standard', 'variant.pile': 'Stones',
    'prompt.take': 'Take 1 to 3 stones ({{pile}} left).', 'log.took_one': 'took {{count}} stone', 'log.took_other': 'took {{count}} stones',
  },
  de: {
    'role.first': 'Erste', 'role.second': 'Zweite', 'scenario.standard': 'Standard', 'variant.pile': 'Steine',
    'prompt.take': 'Nimm 1 bis 3 Steine ({{pile}} übrig).', 'log.took_one': 'nahm {{count}} Stein', 'log.took_other': 'nahm {{count}} Steine',
  },
  es: {
    'role.first': 'Primero', 'role.second': 'Segundo', 'scenario.standard': 'Estándar', 'variant.pile': 'Piedras',
    'prompt.take': 'Toma de 1 a 3 piedras (quedan {{pile}}).', 'log.took_one': 'tomó {{count}} piedra', 'log.took_other': 'tomó {{count}} piedras',
  },
  'zh-Hans': {
    'role.first': '先手', 'role.second': '后手', 'scenario.standard': '标准', 'variant.pile': '石子',
    'prompt.take': '取1到3颗石子（剩{{pile}}颗）。', 'log.took_other': '取了{{count}}颗石子',
  },
};
