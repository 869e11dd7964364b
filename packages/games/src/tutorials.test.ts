// Every game's tutorials, played through the real engine: each asked action is legal at its step, each scripted
// reply is legal, the last step is reached; every step has its text in every language and a rule section that
// exists in every language's rules reference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterStep, indexOfAction, LANGUAGES, tutorialStart } from '@tabula/engine';
import { GAME_IDS, MANIFESTS, load } from './registry.js';

for (const id of GAME_IDS) {
  const manifest = MANIFESTS[id];

  test(`${id}: has a tutorial`, async () => {
    assert.ok(manifest.tutorials, 'the manifest lists tutorials');
    assert.ok((await manifest.tutorials()).length > 0);
  });

  test(`${id}: every tutorial plays through the engine: each asked action and each reply is legal, in order`, async () => {
    const { game } = await load(id);
    for (const tutorial of (await manifest.tutorials?.()) ?? []) {
      let state = tutorialStart(game, tutorial);
      tutorial.steps.forEach((step, i) => {
        const where = `${tutorial.id} step ${i + 1}`;
        assert.ok(game.active(state).includes(tutorial.role), `${where}: the player is to act`);
        assert.ok(step.actions.length > 0, `${where} asks for an action`);
        const legal = game.actions(state, tutorial.role);
        for (const a of step.actions) assert.ok(indexOfAction(legal, a) >= 0, `${where}: ${JSON.stringify(a)} is legal`);
        // Each acceptable action leads on (the replies must be legal after any of them); the first is followed.
        const nexts = step.actions.map((a) => afterStep(game, tutorial, state, step, a));
        state = nexts[0];
      });
    }
  });

  test(`${id}: every tutorial step has its text in every language and a rule section in every language's reference`, async () => {
    const docs = await Promise.all(LANGUAGES.map(async (l) => [l, await manifest.rules![l]()] as const));
    for (const tutorial of (await manifest.tutorials?.()) ?? []) {
      for (const l of LANGUAGES) {
        assert.notEqual(tutorial.title[l].trim(), '', `${tutorial.id} title ${l}`);
        assert.notEqual(tutorial.done[l].trim(), '', `${tutorial.id} done ${l}`);
      }
      tutorial.steps.forEach((step, i) => {
        for (const l of LANGUAGES) assert.ok(step.text[l].trim().length >= 4, `${tutorial.id} step ${i + 1} has ${l} text`);
        for (const [l, doc] of docs) {
          assert.ok(doc.sections.some((s) => s.id === step.rule), `${tutorial.id} step ${i + 1}: rule ${step.rule} is a section of the ${l} reference`);
        }
      });
    }
  });
}
