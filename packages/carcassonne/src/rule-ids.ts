/**
 * The rule sections the Carcassonne engine names (section ids of reference/<lang>.ts: the base game 1–4,
 * Hills & Sheep 5, Tabula's options 6): which rule each refusal code and each log line applies.
 */
import { ruleTable, type LogLine } from '@tabula/engine';
import { RULE } from './rules.js';

export const CARCASSONNE_RULES = {
  turn: '2', drawing: '2.1', placing: '2.2', deploying: '2.3', scoringDuringPlay: '2.4',
  roads: '3.1', cities: '3.2', cloisters: '3.3', farmers: '3.4', majorities: '3.5',
  unfinished: '4.1', farmScoring: '4.2', winner: '4.3',
  shepherd: '5.2', flock: '5.3', wolf: '5.4', closedFields: '5.5', hills: '5.6', hillTieBreak: '5.7', vineyards: '5.8',
  options: '6',
} as const;

const R = CARCASSONNE_RULES;

const FEATURE_RULES: Readonly<Record<string, string>> = { road: R.roads, city: R.cities, cloister: R.cloisters, field: R.farmScoring };

/** A scoring line: a tie broken by hills is 5.7, a farm 4.2, an unfinished feature 4.1, else its feature. */
function scoreRule(l: LogLine): string {
  const feature = String(l.args?.feature ?? '');
  if (l.args?.reason === 'hill') return R.hillTieBreak;
  if (feature === 'field') return R.farmScoring;
  if (l.key === 'log.finalScore') return R.unfinished;
  return FEATURE_RULES[feature] ?? R.scoringDuringPlay;
}

const LINE_RULES: Readonly<Record<string, string>> = {
  'log.placeAt': R.placing, 'log.place': R.placing, 'log.discard': R.drawing, 'log.draw': R.drawing,
  'log.follower': R.deploying, 'log.skip': R.deploying, 'log.shepherd': R.shepherd,
  'log.grow': R.flock, 'log.drive': R.flock, 'log.sheep': R.flock, 'log.stable': R.flock, 'log.wolf': R.wolf,
  'log.stableClosed': R.closedFields, 'log.hillUnder': R.hills, 'log.finalScoring': R.unfinished, 'log.gameOver': R.winner,
};

export const carcassonneRules = ruleTable(CARCASSONNE_RULES, {
  [RULE.notYourTurn]: R.turn,
  [RULE.gameOver]: R.winner,
  [RULE.malformed]: R.turn,
  'illegal-action': R.turn,
  [RULE.wrongPhase]: R.turn,
  [RULE.noFit]: R.placing,
  [RULE.badRotation]: R.placing,
  [RULE.noSuchFeature]: R.deploying,
  [RULE.occupied]: R.deploying,
  [RULE.noFollower]: R.deploying,
  [RULE.noFarmers]: R.options,
  [RULE.notField]: R.shepherd,
  [RULE.shepherdBusy]: R.shepherd,
  [RULE.shepherdThere]: R.shepherd,
  // "Why can't I?" for a tile spot (why-spot.ts)
  'why-tile-placed': R.turn, 'why-spot-taken': R.placing, 'why-spot-alone': R.placing, 'why-spot-edge': R.placing,
  'bad-options': R.options,
  'unknown-scenario': R.options,
  'bad-log': R.options,
}, (l: LogLine) => l.key === 'log.score' || l.key === 'log.finalScore' ? scoreRule(l) : LINE_RULES[l.key]);
