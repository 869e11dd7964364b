import { Type, type Static } from '@sinclair/typebox';

/** One decision of a finished game as the analysis rates it (packages/bots analysis.ts). */
export const AnalysedDecision = Type.Object({
  index: Type.Integer({ minimum: 0, description: 'position of the action in the log; the state analysed is the one before it' }),
  role: Type.String(),
  choices: Type.Integer({ description: 'legal actions the search weighed' }),
  before: Type.Number({ description: 'estimated chance (reward in [0, 1]) of the bot\'s preferred action' }),
  after: Type.Union([Type.Number(), Type.Null()], { description: 'estimated chance of the action taken; null: not rated' }),
  loss: Type.Number({ description: 'before - after, at least 0' }),
  taken: Type.Unknown(),
  best: Type.Unknown({ description: 'the bot\'s preferred action where it differs from the one taken, else null' }),
  visits: Type.Integer({ description: 'search visits of the action taken' }),
});
export type AnalysedDecisionT = Static<typeof AnalysedDecision>;

export const GameAnalysisResult = Type.Object({
  game: Type.String(), iterations: Type.Integer({ description: 'MCTS iterations per decision: the fixed budget, or with a time budget the mean searched' }), seed: Type.String(),
  timeMs: Type.Optional(Type.Integer({ description: 'the time budget per decision (ms), when the search ran on one' })),
  decisions: Type.Array(AnalysedDecision, { description: 'actions with a single legal choice are left out' }),
  mistakes: Type.Array(Type.Integer(), { description: 'log indices: per role the 3 largest losses of at least 0.1' }),
});
export type GameAnalysisResultT = Static<typeof GameAnalysisResult>;

/** GET/POST /api/games/:id/analysis. */
export const AnalysisReply = Type.Object({
  status: Type.Union([Type.Literal('none'), Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  done: Type.Integer({ description: 'logged actions looked at so far' }),
  total: Type.Integer({ description: 'logged actions of the game' }),
  iterations: Type.Integer({ description: 'MCTS iterations per decision: the fixed budget, or with a time budget its cap (the result says the mean searched)' }),
  result: Type.Optional(GameAnalysisResult),
  error: Type.Optional(Type.String()),
});
export type AnalysisReplyT = Static<typeof AnalysisReply>;
