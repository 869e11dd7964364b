import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng, type AnyGame, type Role } from '@tabula/engine';
import { hammerGame, messages as hammerMessages, type HammerView } from '@tabula/hammer';
import { carcassonneGame, messages as carcMessages, type CarcState } from '@tabula/carcassonne';
import { hacseGame, messages as hacseMessages } from '@tabula/hacse';
import { randomBot } from '../random.js';
import { explainMove, type MoveReason } from './index.js';

const LANGS = ['en', 'de', 'es', 'zh-Hans'] as const;

/** Plays `game` at random from `seed`; after every action of `bot`, its explanation to `human` and the state before it. */
function explained(game: AnyGame, seed: string, bot: Role, human: Role, steps: number, options: Record<string, unknown> = {}) {
  let s = game.setup({ seed, ...options });
  const rng = new Rng(`walk:${seed}`);
  const out: { state: unknown; action: unknown; reason: MoveReason }[] = [];
  for (let i = 0; i < steps && game.active(s).length; i++) {
    const r = game.active(s)[0]!;
    const a = randomBot.choose(game, s, r, rng);
    if (r === bot) out.push({ state: s, action: a, reason: explainMove(game, s, r, a, human) });
    s = game.apply(s, r, a);
  }
  return out;
}

function assertTexts(messages: Record<string, Record<string, string>>, reasons: MoveReason[]) {
  for (const r of reasons) for (const lang of LANGS) assert.ok(messages[lang]![r.key], `${r.key} has a ${lang} text`);
}

test('Learning mode, Hammer: an explanation never names a face-down block to the human (only blocks the human\'s view shows)', () => {
  let hidden = 0, named = 0;
  for (const seed of ['lm1', 'lm2', 'lm3']) {
    const moves = explained(hammerGame, seed, 'Scotland', 'England', 600);
    for (const { state, reason } of moves) {
      const block = reason.args?.block;
      if (block === undefined) continue;
      if (block === 'face-down') { hidden++; continue; }
      named++;
      const v = hammerGame.view(state as never, 'England') as HammerView;
      assert.ok(v.areas.some((a) => a.blocks.some((b) => b.id === block)), `${String(block)} is shown to England`);
      assert.notEqual(v.you, 'Scotland');
    }
    assertTexts(hammerMessages, moves.map((m) => m.reason));
  }
  assert.ok(hidden > 0, 'some moves were of face-down blocks');
  assert.ok(named > 0, 'some moves named a block England could see (a battle)');
});

test('Learning mode, Hammer 4.2: a bot moving into an area held by the human explains it as an attack on the human\'s blocks', () => {
  const moves = explained(hammerGame, 'lm-attack', 'Scotland', 'England', 1500);
  const attacks = moves.filter((m) => m.reason.key === 'bot.hammer-to-attack');
  assert.ok(attacks.length > 0);
  for (const { state, reason } of attacks) {
    const v = hammerGame.view(state as never, 'England') as HammerView;
    const area = v.areas.find((a) => a.id === reason.args!.area)!;
    assert.ok(area.blocks.some((b) => b.side === 'England'), 'England has blocks in the area attacked');
  }
});

test('Learning mode, Hammer 3.1: the card the bot plays is never named', () => {
  const cards = explained(hammerGame, 'lm-card', 'Scotland', 'England', 300).filter((m) => (m.action as { type: string }).type === 'card');
  assert.ok(cards.length > 0);
  for (const c of cards) assert.deepEqual(c.reason, { key: 'bot.hammer-card' });
});

test('Learning mode, Carcassonne: a follower or placement that closes a feature explains the points it scored, as the scores show', () => {
  let closed = 0;
  for (const seed of ['c1', 'c2', 'c3', 'c4']) {
    const moves = explained(carcassonneGame, seed, 'blue', 'red', 300);
    for (const { state, action, reason } of moves) {
      if (reason.key !== 'bot.carc-closed' && reason.key !== 'bot.carc-follower-closed') continue;
      closed++;
      const next = carcassonneGame.apply(state as CarcState, 'blue', action as never);
      assert.equal(reason.args!.points, next.scores[1]! - (state as CarcState).scores[1]!);
      assert.ok(Number(reason.args!.points) > 0);
    }
    assertTexts(carcMessages, moves.map((m) => m.reason));
  }
  assert.ok(closed > 0, 'some move closed a feature');
});

test('Learning mode, HACSE "Angriff durchführen": an assignment names both units and the target\'s strength left; no order card is named', () => {
  let assigns = 0;
  for (const seed of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) {
    const moves = explained(hacseGame, seed, 'axis', 'allies', 1500);
    for (const { reason, action } of moves) {
      const type = (action as { type: string }).type;
      if (type === 'commit') assert.equal(JSON.stringify(reason).includes('order'), false, 'a committed order stays hidden');
      if (reason.key !== 'bot.hacse-assign') continue;
      assigns++;
      assert.equal(typeof reason.args!.card, 'string');
      assert.equal(typeof reason.args!.targetCard, 'string');
      assert.ok(Number(reason.args!.left) >= 0);
    }
    assertTexts(hacseMessages, moves.map((m) => m.reason));
  }
  assert.ok(assigns > 0, 'some attack was assigned');
});
