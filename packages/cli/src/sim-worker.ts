import { parentPort } from 'node:worker_threads';
import { runTask, type GameTask } from './sim.js';

parentPort!.on('message', (task: GameTask) => {
  parentPort!.postMessage({ index: task.index, result: runTask(task) });
});
