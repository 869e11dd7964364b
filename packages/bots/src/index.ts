export type { Bot } from './bot.js';
export { randomBot } from './random.js';
export { createBot, botNames, registerBot } from "./registry.js";
export { playGame, wilson } from './selfplay.js';
export type { PlayedGame, SelfPlayOptions } from './selfplay.js';
