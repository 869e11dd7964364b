/**
 * Learning mode over HTTP: POST /games/:id/explain gives a bot seat's reason for one of its moves to a
 * seated player only, built for that player's seat: in Hammer it never names a face-down block.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, uniqueName, type Running } from '../harness/fixtures.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

describe('learning mode: a bot explains its moves to the player it plays against', () => {
  let run: Running;
  let eng: string, other: string, id: string;
  /**
   * A new game, England played by its first listed action (the bot plays Scotland meanwhile) until the log is long
   * enough, stopping before the first battle so that no Scottish block has been revealed to England. The loop waits
   * on the bot by time, not by a count of polls, so a loaded machine only makes it slower.
   */
  const newGameBeforeBattle = async (): Promise<string> => {
    const game = (await run.api.post('/api/games', { game: 'hammer-of-the-scots' }, eng)).body.id as string;
    await run.api.post(`/api/games/${game}/seats`, { role: 'England' }, eng);
    await run.api.post(`/api/games/${game}/seats`, { role: 'Scotland', bot: 'random' }, eng);
    const deadline = Date.now() + 60_000;
    for (let i = 0; Date.now() < deadline; i++) {
      const st: any = (await run.api.get(`/api/games/${game}`, eng)).body;
      if (st.log.some((l: any) => l.key === 'log.battle') || st.log.length > 60) break;
      if (st.yourTurn) {
        const a = st.actions.find((x: any) => x.type !== 'to' || i % 2 === 0) ?? st.actions[0];
        await run.api.post(`/api/games/${game}/actions`, { version: st.version, action: a }, eng);
      } else await new Promise((r) => setTimeout(r, 20));
    }
    return game;
  };
  before(async () => {
    run = await startServer('sqlite::memory:', { rateLimits: false });
    eng = await run.api.signUp(uniqueName('learn'));
    other = await run.api.signUp(uniqueName('learn'));
    id = await newGameBeforeBattle();
  });
  after(async () => { await run?.server.close(); });

  it('every Scottish (bot) move before any battle is explained to England without naming a block (face down); England\'s own moves have no reason', async () => {
    let bot = 0, moved = 0, human = 0;
    // The deal is random: a game whose first battle comes before any Scottish block moved is followed by another.
    for (let game = id, tries = 0; moved === 0 && tries < 6; game = await newGameBeforeBattle(), tries++) {
      const st: any = (await run.api.get(`/api/games/${game}`, eng)).body;
      // Up to the first battle (the bot may have played on into it before the loop saw it): in a battle its blocks
      // stand revealed, and a reason may name them.
      const battle = st.log.find((l: any) => l.key === 'log.battle');
      const length = battle ? battle.seq : Math.max(...st.log.map((l: any) => l.seq)) + 1;
      for (let at = 0; at < length; at++) {
        const r = await run.api.post(`/api/games/${game}/explain`, { at }, eng);
        assert.equal(r.status, 200);
        if (r.body.role === null) { assert.equal(r.body.reason, null); human++; continue; }
        assert.equal(r.body.role, 'Scotland');
        bot++;
        const { key, args } = r.body.reason;
        assert.match(key, /^bot\./);
        if (args.block !== undefined) { assert.equal(args.block, 'face-down', `${key} names no block`); moved++; }
        assert.ok(!JSON.stringify(args).includes('"card"'), 'the card the bot played is not named');
      }
    }
    assert.ok(bot > 0 && human > 0, `bot ${bot}, human ${human}`);
    assert.ok(moved > 0, 'some Scottish block moved and was explained');
  });

  it('only a seated player may ask: another account gets 403; an action past the log is 422', async () => {
    assert.equal((await run.api.post(`/api/games/${id}/explain`, { at: 0 }, other)).status, 403);
    assert.equal((await run.api.post(`/api/games/${id}/explain`, { at: 999_999 }, eng)).status, 422);
    assert.equal((await run.api.post(`/api/games/${id}/explain`, { at: -1 }, eng)).status, 400);
  });
});
