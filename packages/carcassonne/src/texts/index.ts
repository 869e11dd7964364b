import { en } from './en.js';
import { de } from './de.js';
import { es } from './es.js';
import { zhHans } from './zh-Hans.js';

export const texts = { en, de, es, 'zh-Hans': zhHans };
