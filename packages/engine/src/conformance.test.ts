import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkConformance, ConformanceFailure } from './conformance.js';
import { makeNim, type NimState } from './testgame.test-support.js';
import { RuleError } from './errors.js';
import { randInt } from './rng.js';
import { replay } from './replay.js';

const setups = [{}];

function expectFailure(fn: () => unknown, check: string | RegExp): ConformanceFailure {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof ConformanceFailure, `expected a ConformanceFailure, got ${String(e)}`);
    if (typeof check === 'string') assert.equal(e.check, check, e.message);
    else assert.match(e.check, check, e.message);
    return e;
  }
  assert.fail('the kit accepted a broken game');
}

describe('conformance kit', () => {
  test('a correct game passes', () => {
    const report = checkConformance(makeNim(), { setups, playouts: 30 });
    assert.equal(report.playouts, 30);
    assert.ok(report.actions > 30 * 3);
  });

  test('fails a game whose apply mutates its input', () => {
    const good = makeNim();
    const game = makeNim({
      apply(s, role, action) {
        const next = good.apply(s, role, action);
        (s as { pile: number }).pile = next.pile; // mutation of a frozen object throws a TypeError
        return next;
      },
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 3 }), /mutation|legal-rejected/);
  });

  test('fails a game that mutates a typed array the freeze cannot protect', () => {
    type S = NimState & { extra?: number[] };
    const good = makeNim();
    const game = makeNim({
      apply(s, role, action) {
        const next = good.apply(s, role, action);
        const r = s.rng as unknown as number[];
        if (Object.isFrozen(r)) return next;
        r[0] = 1;
        return next;
      },
    });
    // rng arrays are frozen too, so this game is fine: the check must not report false positives
    checkConformance(game as never as ReturnType<typeof makeNim>, { setups, playouts: 2 });
    void (null as unknown as S);
  });

  test('fails a game whose view leaks the opponent secret', () => {
    const good = makeNim();
    const game = makeNim({ view: (s, viewer) => ({ ...good.view(s, viewer), secrets: { ...s.secret } }) });
    const f = expectFailure(() => checkConformance(game, { setups, playouts: 3 }), 'view-leak');
    assert.match(f.message, /seed="conformance-0"/);
  });

  test('fails a game whose spectator view leaks', () => {
    const good = makeNim();
    const game = makeNim({ view: (s, viewer) => (viewer === null ? { ...good.view(s, null), secrets: { a: s.secret.a!, b: null } } : good.view(s, viewer)) });
    expectFailure(() => checkConformance(game, { setups, playouts: 3 }), 'view-leak');
  });

  test('fails a game whose legal actions depend on hidden information', () => {
    const good = makeNim();
    const game = makeNim({
      actions: (s, role) => {
        const acts = good.actions(s, role);
        const other = role === 'a' ? 'b' : 'a';
        return s.secret[other]! > 3 ? acts.filter((a) => a.type !== 'reveal') : acts;
      },
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 5 }), /actions-leak|view-leak/);
  });

  test('fails a non-deterministic game', () => {
    let calls = 0;
    const good = makeNim();
    const game = makeNim({
      apply(s, role, action) {
        const next = good.apply(s, role, action);
        calls++;
        return calls % 7 === 0 ? { ...next, pile: Math.max(0, next.pile - 1) } : next;
      },
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 5 }), 'nondeterministic');
  });

  test('fails a game that never ends', () => {
    const good = makeNim();
    const game = makeNim({ apply: (s, role, action) => ({ ...good.apply(s, role, action), pile: s.pile }) });
    const f = expectFailure(() => checkConformance(game, { setups, playouts: 1, maxActions: 200 }), 'never-ends');
    assert.equal(f.actionIndex, 200);
  });

  test('fails a game that accepts malformed actions', () => {
    const good = makeNim();
    const game = makeNim({
      apply(s, role, action) {
        const a = action as { type?: string; n?: number } | null;
        if (a && a.type === 'take' && typeof a.n === 'number' && role === s.turn) {
          return { ...s, pile: Math.max(0, s.pile - Math.max(1, Math.min(3, Math.trunc(a.n)))), turn: role === 'a' ? 'b' : 'a' };
        }
        return good.apply(s, role, action);
      },
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 3 }), 'illegal-accepted');
  });

  test('fails a game that throws a plain Error for an illegal action', () => {
    const good = makeNim();
    const game = makeNim({
      apply(s, role, action) {
        try {
          return good.apply(s, role, action);
        } catch (e) {
          if (e instanceof RuleError) throw new Error(e.message);
          throw e;
        }
      },
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 2 }), 'illegal-not-rule-error');
  });

  test('fails a game that rejects an action it lists', () => {
    const good = makeNim();
    const game = makeNim({ apply: good.apply, actions: (s, role) => [...good.actions(s, role), ...(good.actions(s, role).length ? [{ type: 'take' as const, n: 4 }] : [])] });
    expectFailure(() => checkConformance(game, { setups, playouts: 2 }), 'legal-rejected');
  });

  test('undo must never reveal: fails a game whose undoable step shows the actor the opponent secret', () => {
    // "peek" shows the opponent's secret, keeps the turn and is (wrongly) not an undo barrier
    const good = makeNim();
    const other = (r: string): string => (r === 'a' ? 'b' : 'a');
    const game = makeNim({
      actions: (s, role) => good.actions(s, role).filter((a) => a.type !== 'reveal' || !s.revealed[other(role)]),
      apply: (s, role, action) => {
        const next = good.apply(s, role, action);
        return action.type === 'reveal' ? { ...next, revealed: { ...s.revealed, [other(role)]: true } } : next;
      },
      undoBarrier: (prev, next) => prev.pile !== next.pile,
    });
    const f = expectFailure(() => checkConformance(game, { setups, playouts: 5 }), 'undo-reveals');
    assert.match(f.message, /seed="conformance-\d+"/);
    assert.equal(f.log.length, f.actionIndex);
    // the same game with its reveal as a barrier passes
    checkConformance(makeNim({ actions: game.actions, apply: game.apply }), { setups, playouts: 5 });
  });

  test('undo must never reveal: fails a game whose undoable step shows the actor a random draw', () => {
    // "reveal" also re-rolls the actor's own secret from the state's RNG and is (wrongly) not an undo barrier
    const good = makeNim();
    const game = makeNim({
      apply: (s, role, action) => {
        const next = good.apply(s, role, action);
        if (action.type !== 'reveal') return next;
        const rng = [...s.rng] as typeof s.rng;
        return { ...next, rng, secret: { ...s.secret, [role]: randInt(rng, 6) + 1 } };
      },
      undoBarrier: (prev, next) => prev.pile !== next.pile,
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 5 }), 'undo-reveals');
  });

  test('undo must never reveal: fails a game whose undo availability depends on hidden information', () => {
    // "reveal" (of one's own secret: the actor learns nothing) is a barrier only when the opponent's secret is high
    const good = makeNim();
    const game = makeNim({
      undoBarrier: (prev, next, role, action) => (action.type === 'reveal' ? prev.secret[role === 'a' ? 'b' : 'a']! > 3 : good.undoBarrier!(prev, next, role, action)),
    });
    expectFailure(() => checkConformance(game, { setups, playouts: 10 }), 'undo-reveals');
  });

  test('undo must never reveal: the check can be turned off', () => {
    const good = makeNim();
    const game = makeNim({ undoBarrier: (prev, next) => prev.pile !== next.pile, apply: (s, role, action) => {
      const next = good.apply(s, role, action);
      return action.type === 'reveal' ? { ...next, revealed: { ...s.revealed, [role === 'a' ? 'b' : 'a']: true } } : next;
    } });
    checkConformance(game, { setups, playouts: 5, undoRevealSamples: 0 });
  });

  test('a reported failure can be replayed from its seed and log', () => {
    const good = makeNim();
    const game = makeNim({ view: (s, viewer) => ({ ...good.view(s, viewer), secrets: { ...s.secret } }) });
    const f = expectFailure(() => checkConformance(game, { setups, playouts: 1, leakCheckEvery: 3 }), 'view-leak');
    const state = replay<NimState>(good, { game: good.id, seed: f.setup.seed, options: {}, actions: f.log });
    assert.ok(state.pile >= 0);
  });
});
