/**
 * The rule sections the HACSE engine names, by the German rule headings the reference uses (reference/de.ts),
 * each mapped to its section id: which rule each refusal code, each kind of action and each log line applies.
 */
import { ruleTable, type LogLine } from '@tabula/engine';

export const HACSE_RULES = {
  'Aufbau': '1',
  'Der Frontwürfel': '1.2',
  'Decks und Seiten': '1.4',
  'Spielablauf': '2',
  'Beginn des Zugs': '2.1',
  'Aktionen': '2.2',
  'Leerer Stapel, Handgröße und Spieldauer': '2.3',
  'Einheiten platzieren': '3.1',
  'Aktions-, Unterstützungs- und Fortschrittskarten': '3.2',
  'Aktionen von Einheiten': '3.3',
  'Opfern und Auflösen': '3.4',
  'Einsatz (E:)': '3.5',
  'Angriff durchführen': '4',
  'Angreifer und Kampfbefehle': '4.1',
  'Reserveeinheiten zuweisen': '4.2',
  'Fronteinheiten zuweisen': '4.3',
  'Schadensformel': '4.4',
  'Schaden des Verteidigers und HQ-Einsatz': '4.5',
  'Keine Front mehr': '4.6',
  'Fähigkeiten nach dem Kampf': '4.7',
  'Geländegewinn': '5',
  'Spielziele': '7',
  'Früh gegen Spät': '8',
} as const;

const R = HACSE_RULES;

/** The rule of each kind of action (what a refused action of that kind was trying to do). */
export const HACSE_ACTION_RULES: Readonly<Record<string, string>> = {
  balance: R['Früh gegen Spät'], doctrine: R['Früh gegen Spät'], draw: R['Beginn des Zugs'], shuffle: R['Leerer Stapel, Handgröße und Spieldauer'],
  end: R['Aktionen'], place: R['Einheiten platzieren'], pay: R['Opfern und Auflösen'], sacrifice: R['Opfern und Auflösen'],
  move: R['Aktionen'], disband: R['Opfern und Auflösen'], play: R['Aktions-, Unterstützungs- und Fortschrittskarten'],
  target: R['Einsatz (E:)'], ability: R['Aktionen von Einheiten'], attack: R['Angriff durchführen'],
  commit: R['Angreifer und Kampfbefehle'], declared: R['Angreifer und Kampfbefehle'], block: R['Fronteinheiten zuweisen'],
  blocked: R['Fronteinheiten zuweisen'], assign: R['Reserveeinheiten zuweisen'], resolve: R['Schadensformel'],
  flank: R['Keine Front mehr'], hq: R['Schaden des Verteidigers und HQ-Einsatz'], hqPass: R['Schaden des Verteidigers und HQ-Einsatz'],
  spread: R['Keine Front mehr'], take: R['Geländegewinn'], keep: R['Geländegewinn'], strike: R['Fähigkeiten nach dem Kampf'],
};

const LINE_RULES: Readonly<Record<string, string>> = {
  'log.engagement': R['Schadensformel'], 'log.engagementUnopposed': R['Keine Front mehr'], 'log.gain': R['Geländegewinn'],
  'log.stolen': R['Geländegewinn'], 'log.turn': R['Spielablauf'], 'log.outcome': R['Spielziele'], 'log.outcomeDraw': R['Spielziele'],
  'log.hqAt': R['Schaden des Verteidigers und HQ-Einsatz'],
};

export const hacseRules = ruleTable(HACSE_RULES, {
  'not-your-turn': R['Spielablauf'],
  'illegal-action': R['Aktionen'],
  'malformed-action': R['Aktionen'],
  'game-over': R['Spielziele'],
  'unknown-scenario': R['Früh gegen Spät'],
  'bad-options': R['Decks und Seiten'],
  'bad-deck': R['Decks und Seiten'],
  'reserved-deck-id': R['Decks und Seiten'],
  'bad-log': R['Aufbau'],
  // "Why can't I?" (turn.ts handCardRefusal)
  'why-order-card': R['Angreifer und Kampfbefehle'],
  'why-wrong-side': R['Decks und Seiten'],
  'why-needs-progress': R['Aktions-, Unterstützungs- und Fortschrittskarten'],
  'why-cannot-pay': R['Opfern und Auflösen'],
  // (why-unit.ts: units on the table in every step; a hand card outside the main phase)
  'why-card-main-only': R['Aktionen'], 'why-enemy-unit': R['Angriff durchführen'], 'why-finish-step': R['Spielablauf'],
  'why-paying': R['Opfern und Auflösen'], 'why-sacrifice-hinterland': R['Opfern und Auflösen'], 'why-sacrifice-last': R['Opfern und Auflösen'],
  'why-declare-first': R['Angreifer und Kampfbefehle'], 'why-unit-declared': R['Angreifer und Kampfbefehle'], 'why-unit-hinterland': R['Angreifer und Kampfbefehle'],
  'why-unit-flipped': R['Angreifer und Kampfbefehle'], 'why-unit-attacked': R['Angreifer und Kampfbefehle'], 'why-unit-new': R['Angreifer und Kampfbefehle'],
  'why-attacker-blocked': R['Reserveeinheiten zuweisen'], 'why-unit-engaged': R['Reserveeinheiten zuweisen'], 'why-block-reserve': R['Reserveeinheiten zuweisen'],
  'why-block-limit': R['Reserveeinheiten zuweisen'], 'why-attacker-has-target': R['Fronteinheiten zuweisen'], 'why-not-attacking': R['Fronteinheiten zuweisen'],
  'why-assign-front': R['Fronteinheiten zuweisen'], 'why-hq-enemy': R['Schaden des Verteidigers und HQ-Einsatz'], 'why-combat-step': R['Angriff durchführen'],
}, (l: LogLine) => LINE_RULES[l.key] ?? HACSE_ACTION_RULES[l.key.replace(/^log\./, '').replace(/^resolveNoOrder$/, 'resolve').replace(/^hqAt$/, 'hq')]);
