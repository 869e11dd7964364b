// Bot seats and draw offers on the games room (no HTTP): a bot agrees to a draw exactly when the engine says the
// game stopped moving (HACSE, A21), declines at once otherwise, and offers one itself when it is to act then.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Role } from '@tabula/engine';
import { BotRunner } from '../bots.js';
import type { GameRow } from '../store/index.js';
import { alice, bob, service, useRooms } from '../harness/rooms-fixture.js';

useRooms();

let runner: BotRunner;
/** Whether the runner hears of changes (off while a test moves the bot seat itself). */
let listening = true;

/** A HACSE game: bob holds the seat that starts, the other seat is the random bot. */
async function hacseAgainstBot(): Promise<{ id: string; human: Role; botSeat: Role }> {
  const { id } = await service.games.lobby.createGame(alice, { game: 'hacse' });
  const { rg } = await service.games.table.current(id);
  const human = (rg.game.active(rg.state) as Role[])[0]!;
  const botSeat = human === 'axis' ? 'allies' : 'axis';
  await service.games.lobby.takeSeat(bob, id, human);
  await service.games.lobby.takeSeat(bob, id, botSeat, 'random');
  return { id, human, botSeat };
}

/** Polls the row until `done` holds (the runner works off the request path). */
async function until(id: string, done: (row: GameRow) => boolean, what: string): Promise<GameRow> {
  for (let i = 0; i < 400; i++) {
    const row = (await service.games.table.loadRow(id));
    if (done(row)) return row;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the bot did not ${what}`);
}

describe('bots and draw offers', () => {
  before(() => {
    runner = new BotRunner(service.games, { thinkMs: 0, threads: 0 });
    service.games.events.on(({ row }) => { if (listening) runner.notify(row); });
  });
  after(() => runner.close());

  it('in a fresh HACSE game a bot seat declines a draw offer at once, and the decline is shown', async () => {
    const { id, human, botSeat } = await hacseAgainstBot();
    await service.games.commands.draw(bob, id, 'offer', human);
    const row = await until(id, (r) => r.drawOffer?.status !== 'open', 'answer');
    assert.deepEqual(row.drawOffer, { by: human, agreed: [human], status: 'declined', declinedBy: botSeat });
    assert.equal(row.status, 'active');
    assert.equal((await service.games.commands.getState(bob, id, human)).drawOffer?.declinedBy, botSeat);
  });

  it('in a HACSE game that stopped moving (20 quiet rounds) a bot seat accepts, and the game ends drawn', async () => {
    listening = false;
    const { id, human, botSeat } = await hacseAgainstBot();
    // Both seats only end their turns (the bot's played here, with the runner not listening).
    for (let n = 0; ; n++) {
      const { row, rg } = await service.games.table.current(id);
      if (rg.game.stalled!(rg.state)) break;
      assert.ok(n < 100, 'stalled within 100 turns');
      const role = (rg.game.active(rg.state) as Role[])[0]!;
      if (role === human) await service.games.commands.act(bob, id, row.version, { type: 'end' }, human);
      else await service.games.commands.actAsBot(id, row.version, botSeat, { type: 'end' });
    }
    listening = true;
    await service.games.commands.draw(bob, id, 'offer', human);
    const row = await until(id, (r) => r.status === 'finished', 'accept');
    assert.deepEqual(row.outcome, { winners: [], reason: 'agreed' });
  });

  it('a bot seat to act in a HACSE game that stopped moving offers a draw itself', async () => {
    listening = false;
    const { id, human, botSeat } = await hacseAgainstBot();
    for (let n = 0; ; n++) {
      const { row, rg } = await service.games.table.current(id);
      const role = (rg.game.active(rg.state) as Role[])[0]!;
      if (rg.game.stalled!(rg.state) && role === botSeat) break;
      assert.ok(n < 100, 'stalled within 100 turns');
      if (role === human) await service.games.commands.act(bob, id, row.version, { type: 'end' }, human);
      else await service.games.commands.actAsBot(id, row.version, botSeat, { type: 'end' });
    }
    listening = true;
    runner.notify(await service.games.table.loadRow(id));
    const row = await until(id, (r) => r.drawOffer !== null && r.drawOffer !== undefined, 'offer');
    assert.deepEqual(row.drawOffer, { by: botSeat, agreed: [botSeat], status: 'open', declinedBy: null });
  });

  it('a HACSE game between two bot seats that stopped moving ends as an agreed draw (one offers, the other accepts)', async () => {
    listening = false;
    const { id } = await service.games.lobby.createGame(alice, { game: 'hacse' });
    await service.games.lobby.takeSeat(alice, id, 'axis', 'random');
    await service.games.lobby.takeSeat(alice, id, 'allies', 'random');
    for (let n = 0; ; n++) {
      const { row, rg } = await service.games.table.current(id);
      if (rg.game.stalled!(rg.state)) break;
      assert.ok(n < 100, 'stalled within 100 turns');
      await service.games.commands.actAsBot(id, row.version, (rg.game.active(rg.state) as Role[])[0]!, { type: 'end' });
    }
    listening = true;
    runner.notify(await service.games.table.loadRow(id));
    const row = await until(id, (r) => r.status === 'finished', 'agree');
    assert.deepEqual(row.outcome, { winners: [], reason: 'agreed' });
    assert.equal(row.logLength, 40, 'no move between the offer and the answer');
  });
});
