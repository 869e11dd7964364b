/** The tournament notifications' words in the four languages (mail, webhook and push use them). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { render, type EventPayload } from '../notify/texts.js';

const round: EventPayload = { game: null, scenario: null, opponents: ['bea'], by: null, won: null, tournament: { id: 't', name: 'Spring Swiss', round: 2 } };
const done: EventPayload = { game: null, scenario: null, opponents: [], by: null, won: true, tournament: { id: 't', name: 'Spring Swiss', round: 4, rank: 3, players: 9 } };
const links = { game: null, unsubscribe: null };

describe('tournament notification texts', () => {
  it('say the round, the tournament and the opponent, and the final place, in en, de (du), es (tú) and zh-Hans', () => {
    assert.equal(render('tournament-round', round, 'en', links).line, 'Round 2 of Spring Swiss has started: your game against bea.');
    assert.equal(render('tournament-round', round, 'de', links).line, 'Runde 2 von Spring Swiss hat begonnen: deine Partie gegen bea.');
    assert.equal(render('tournament-round', round, 'es', links).line, 'Ha empezado la ronda 2 de Spring Swiss: tu partida contra bea.');
    assert.equal(render('tournament-round', round, 'zh-Hans', links).line, 'Spring Swiss第2轮已开始：你的对手是bea。');
    assert.equal(render('tournament-finished', done, 'en', links).subject, 'Spring Swiss has finished');
    assert.equal(render('tournament-finished', done, 'en', links).line, 'Spring Swiss has finished: you placed 3 of 9.');
    assert.equal(render('tournament-finished', done, 'de', links).line, 'Spring Swiss ist beendet: du bist auf Platz 3 von 9.');
    assert.equal(render('tournament-finished', done, 'es', links).line, 'Spring Swiss ha terminado: has quedado en el puesto 3 de 9.');
    assert.equal(render('tournament-finished', done, 'zh-Hans', links).line, 'Spring Swiss已结束：你在9名选手中排名第3。');
    // The finish links to the tournament's page, and says so.
    assert.match(render('tournament-finished', done, 'de', { game: 'https://t.example/tournaments/t', unsubscribe: null }).text, /^Zum Turnier: https:\/\/t\.example\/tournaments\/t$/m);
    assert.match(render('tournament-round', round, 'en', { game: 'https://t.example/games/g', unsubscribe: null }).text, /^Open the game: /m);
  });
});
