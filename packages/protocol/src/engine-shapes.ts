import type { GameAnalysis, GameLog, NumberedLine, Outcome, Prompt } from '@tabula/engine';
import type { GameAnalysisResultT } from './analysis.js';
import type { LogLineT, OutcomeT, PromptT, ReplayReplyT } from './play.js';

// The wire's shapes of play are the engine's: each is declared once as a TypeScript type (in the engine)
// and once as a schema (here, for validation and the OpenAPI document), and these checks fail to compile
// when the two drift apart.

/** True when A and B are the same type, not merely assignable one way. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Check<T extends true> = T;

/** What the platform adds to a game's outcome: the seat whose timeout, resignation, abort or disconnect ended it. */
export interface PlatformOutcome extends Outcome { by?: string; unrated?: boolean }

export type WireShapesAreTheEngines = [
  Check<Same<LogLineT, NumberedLine>>,
  Check<Same<PromptT, Prompt>>,
  Check<Same<OutcomeT, PlatformOutcome>>,
  Check<Same<ReplayReplyT, GameLog>>,
  Check<Same<GameAnalysisResultT, GameAnalysis>>,
];
