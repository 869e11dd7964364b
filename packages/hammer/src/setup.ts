/** Scenario set-ups (8.1-8.3) and variants. */
import data from './data/hammer-of-the-scots.json' with { type: 'json' };
import { RuleError, RuleCodes, seedRng, randInt, type SetupOptions, type VariantSpec } from '@tabula/engine';
import { AREA_COUNT, BORDER_COUNT, ENGLAND, OFF, POOL_E, POOL_S, areaOf } from './map.js';
import { BLOCK_COUNT, MAX, blockOf } from './blocks.js';
import { NO_MEMORY } from './memory.js';
import { dealYear } from './cards.js';
import { constFill, type State } from './state.js';

export const SCENARIOS = ['braveheart', 'the-bruce', 'campaign'] as const;

/** Where the Campaign stops when no sudden death came first (see docs/rules/hammer-of-the-scots.md). */
export const CAMPAIGN_CUTOFF_YEAR = 1400;

export const VARIANTS: VariantSpec[] = [
  {
    key: 'campaignEnd',
    default: '4th',
    values: ['4th', '1314'],
    scenarios: ['campaign'],
    description: 'Campaign only. 4th: play past 1314 until a sudden-death victory (cut off by a noble count after the winter of 1400); 1314: older editions, noble count after the winter of 1314.',
  },
  { key: 'schiltrom', default: false, values: [false, true], description: 'Optional rule: Scottish infantry fire +1 in battles where the English have no archers.' },
  {
    key: 'hits',
    default: 'delayed',
    values: ['delayed', 'immediate'],
    description: 'delayed: hits pile up until the firing side changes or they reach the enemy total, then are assigned; immediate: assigned after each fire. Forced assignments are automatic in both.',
  },
];

function variant(o: SetupOptions, key: string): unknown {
  const spec = VARIANTS.find((v) => v.key === key)!;
  const v = o.variants?.[key];
  if (v === undefined) return spec.default;
  if (!spec.values!.includes(v)) throw new RuleError(RuleCodes.badOptions, `variant ${key} must be one of ${spec.values!.join(', ')}`);
  return v;
}

type ScenarioData = (typeof data.scenarios)[number];

/** Per scenario: where every block starts (before the random draws) and the English draw pool, computed once. */
const deployments = new Map<string, { loc: number[]; pool: number[] }>();

function deployment(sc: ScenarioData): { loc: number[]; pool: number[] } {
  let d = deployments.get(sc.id);
  if (d) return d;
  const loc = constFill(BLOCK_COUNT, 0).map(() => OFF); // packed elements
  for (const [area, ids] of Object.entries(sc.englishDeployment)) for (const id of ids) loc[blockOf(id)] = areaOf(area);
  for (const [area, ids] of Object.entries(sc.scottishDeployment)) for (const id of ids) loc[blockOf(id)] = areaOf(area);
  for (const id of sc.englishDrawPool) loc[blockOf(id)] = POOL_E;
  for (const id of sc.scottishDrawPool) loc[blockOf(id)] = POOL_S;
  d = { loc, pool: sc.englishDrawPool.map(blockOf) };
  deployments.set(sc.id, d);
  return d;
}

export function setupState(o: SetupOptions): State {
  const scenario = o.scenario ?? SCENARIOS[0];
  const sc = data.scenarios.find((x) => x.id === scenario);
  if (!sc) throw new RuleError(RuleCodes.unknownScenario, `unknown scenario ${String(scenario)}`);
  if (o.variants) for (const k of Object.keys(o.variants)) if (!VARIANTS.some((v) => v.key === k)) throw new RuleError(RuleCodes.badOptions, `unknown variant ${k}`);
  const end = variant(o, 'campaignEnd');
  const lastYear = sc.lastYear ?? (end === '1314' ? 1314 : CAMPAIGN_CUTOFF_YEAR);
  const s: State = {
    scenario,
    schiltrom: variant(o, 'schiltrom') === true,
    delayedHits: variant(o, 'hits') === 'delayed',
    lastYear,
    rng: seedRng(o.seed),
    rev: 0,
    year: sc.firstYear,
    turn: 1,
    loc: [], // the scenario's deployment, below
    steps: MAX.slice(),
    flags: constFill(BLOCK_COUNT, 0),
    hand: [[], []],
    played: [[], []],
    card: [0, 0],
    p1: 0,
    todo: [],
    phase: 'cards',
    who: 2,
    moves: 0,
    grp: -1,
    sel: -1,
    selLeft: 0,
    groups: 0,
    crossed: 0,
    bCount: constFill(BORDER_COUNT, 0),
    bUsed: constFill(BORDER_COUNT, 0),
    att: constFill(AREA_COUNT, -1),
    mainFrom: constFill(AREA_COUNT, -1),
    mainBorder: constFill(AREA_COUNT, -1),
    truce: -1,
    yearEnds: false,
    battle: null,
    ev: null,
    kingCrowned: sc.scottishKingCrowned,
    edward2: sc.edward === 'Edward II',
    edwardWintered: 0,
    frenchEntered: false,
    rp: constFill(AREA_COUNT, 0),
    result: null,
    known: NO_MEMORY, // after `result`, as in `clone`
    last: [],
  };
  const dep = deployment(sc);
  s.loc = dep.loc.slice();
  // 8.1/8.2: draw blocks at random from the English pool into England at full strength.
  const pool = dep.pool.slice();
  for (let i = 0; i < sc.englishRandomDrawToEngland; i++) {
    const j = randInt(s.rng, pool.length);
    s.loc[pool[j]!] = ENGLAND;
    pool.splice(j, 1);
  }
  dealYear(s);
  s.rev = 0;
  s.todo = [];
  return s;
}
