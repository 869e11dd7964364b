import { render } from './i18n-harness.mjs';
const lines = [
 { role: null, key: 'log.score', args: { players: ['red'], count: 1, points: 1, feature: 'road', reason: 'majority' } },
 { role: null, key: 'log.score', args: { players: ['red', 'blue', 'green'], count: 3, points: 8, feature: 'city', reason: 'tie' } },
 { role: null, key: 'log.finalScore', args: { players: ['red', 'blue'], count: 2, points: 4, feature: 'field', reason: 'hill' } },
 { role: 'red', key: 'log.sheep', args: { count: 1 } },
 { role: 'red', key: 'log.sheep', args: { count: 3 } },
 { role: 'red', key: 'log.wolf', args: { players: ['red', 'blue'] } },
 { role: 'red', key: 'log.stable', args: { players: ['red'], count: 1, points: 7 } },
 { role: 'red', key: 'log.follower', args: { feature: 'cloister' } },
 { role: 'red', key: 'log.draw', args: { tile: 'base-E' } },
 { role: null, key: 'log.discard', args: { tile: 'base-D' } },
];
for (const l of ['en','de','es','zh-Hans']) for (const x of lines) console.log(l, '|', render(l, 'carcassonne', x));
