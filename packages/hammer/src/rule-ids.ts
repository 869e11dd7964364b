/**
 * The rule sections the Hammer engine names, by rulebook number (the section ids of reference/<lang>.ts):
 * which rule each refusal code, each kind of action and each log line applies. Plain data, no engine code.
 */
import { ruleTable, type LogLine } from '@tabula/engine';

export const HAMMER_RULES = {
  borders: '1.1', sequence: '3.0', cards: '3.1', moveCards: '3.11', events: '3.12',
  movement: '4.0', groupMoves: '4.2', borderLimits: '4.3', angloScottish: '4.4', pinning: '4.6', norse: '4.7',
  battles: '5.0', battleOrder: '5.1', celticUnity: '5.2', rounds: '5.3', combatTurns: '5.31', mainAttack: '5.32',
  firing: '5.4', takingHits: '5.41', retreats: '5.5', regroups: '5.6', capturedNobles: '5.7', eliminated: '5.8', borderRaids: '5.9',
  englishKing: '6.1', scottishKing: '6.2',
  winter: '7.0', noblesHome: '7.1', englishDisbanding: '7.3', edwardWintering: '7.4', wallace: '7.5', builds: '7.6',
  frenchKnights: '7.61', scottishBuilds: '7.62', feudalLevy: '7.7', newCards: '7.8',
  victory: '9.0', options: 'V',
} as const;

const R = HAMMER_RULES;

/** The rule of each kind of action (what a refused action of that kind was trying to do). */
export const HAMMER_ACTION_RULES: Readonly<Record<string, string>> = {
  card: R.cards, pass: R.events, crown: R.scottishKing, herald: R.events, pillage: R.events, sea: R.events, victuals: R.events, truce: R.events,
  group: R.groupMoves, norse: R.norse, block: R.groupMoves, to: R.movement, stop: R.movement, end: R.groupMoves,
  main: R.mainAttack, battle: R.battleOrder, fire: R.firing, retreat: R.retreats, hold: R.combatTurns, hit: R.takingHits,
  regroup: R.regroups, done: R.sequence, raid: R.borderRaids, home: R.noblesHome, edward: R.edwardWintering,
  disband: R.englishDisbanding, wallace: R.wallace, draw: R.scottishBuilds, step: R.builds,
};

const LINE_RULES: Readonly<Record<string, string>> = {
  'log.card-own': R.cards, 'log.card-hidden': R.cards, 'log.cards': R.cards, 'log.player1': R.cards,
  'log.event-pass': R.events, 'log.herald-success': R.events, 'log.herald-fail': R.events, 'log.truce': R.events,
  'log.victuals': R.events, 'log.sea-move': R.events, 'log.sea-block': R.events, 'log.pillage': R.events,
  'log.pillage-hits': R.events, 'log.pillage-loss': R.events,
  'log.crown': R.scottishKing, 'log.defects': R.scottishKing,
  'log.step': R.groupMoves, 'log.norse-move': R.norse, 'log.attack': R.movement, 'log.main-attack': R.mainAttack,
  'log.battle': R.battles, 'log.round': R.rounds, 'log.celtic-leave': R.celticUnity, 'log.celtic-stay': R.celticUnity,
  'log.fire': R.firing, 'log.hit': R.takingHits, 'log.eliminated': R.eliminated, 'log.killed': R.eliminated,
  'log.captured': R.capturedNobles, 'log.retreat': R.retreats, 'log.retreat-hidden': R.retreats, 'log.no-retreat': R.retreats,
  'log.hold': R.combatTurns, 'log.attacker-withdraws': R.rounds, 'log.control-flips': R.mainAttack,
  'log.battle-won': R.regroups, 'log.regroup': R.regroups, 'log.regroup-hidden': R.regroups,
  'log.raid': R.borderRaids, 'log.raid-own': R.borderRaids, 'log.raid-nothing': R.borderRaids,
  'log.edward-i-dies': R.englishKing, 'log.edward-ii': R.englishKing,
  'log.winter': R.winter, 'log.winter-defects': R.noblesHome, 'log.home': R.noblesHome, 'log.edward-winters': R.edwardWintering,
  'log.disband': R.englishDisbanding, 'log.wallace-selkirk': R.wallace, 'log.french-arrive': R.frenchKnights,
  'log.draw': R.scottishBuilds, 'log.draw-own': R.scottishBuilds, 'log.step-added': R.builds, 'log.levy': R.feudalLevy,
  'log.year': R.newCards, 'log.game-over': R.victory,
};

export const hammerRules = ruleTable(HAMMER_RULES, {
  'not-your-turn': R.sequence,
  'illegal-action': R.sequence,
  'malformed-action': R.sequence,
  'game-over': R.victory,
  'unknown-scenario': R.options,
  'bad-options': R.options,
  'bad-log': R.options,
  internal: R.sequence,
  // "Why can't I?" (movement.ts whyNotArea)
  'why-no-blocks': R.groupMoves, 'why-all-moved': R.movement, 'why-other-group': R.groupMoves, 'why-no-group-moves': R.moveCards,
  'why-pinned': R.pinning, 'why-border-full': R.borderLimits, 'why-enemy-border': R.pinning, 'why-truce-england': R.events,
  'why-one-across': R.angloScottish, 'why-truce-attack': R.events, 'why-not-adjacent': R.borders,
  // (why-not.ts: the other steps of a turn and Winter)
  'why-card-played': R.cards, 'why-not-cards-phase': R.cards, 'why-cards-first': R.cards,
  'why-no-battle-here': R.battleOrder, 'why-battle-elsewhere': R.battleOrder, 'why-regroup': R.regroups,
  'why-hits-strongest': R.takingHits, 'why-attacker-withdraws': R.rounds, 'why-reserve': R.mainAttack, 'why-not-its-letter': R.combatTurns,
  'why-event': R.events, 'why-raid': R.borderRaids, 'why-main-attack': R.mainAttack,
  'why-winter-home': R.noblesHome, 'why-winter-edward': R.edwardWintering, 'why-winter-disband': R.englishDisbanding,
  'why-winter-wallace': R.wallace, 'why-winter-build': R.builds,
}, (l: LogLine) => LINE_RULES[l.key]);
