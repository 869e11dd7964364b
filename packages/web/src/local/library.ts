// The games played on this device, kept in IndexedDB (through idb): they survive closing the app and work
// with no network. The game on screen is also the "current" file in localStorage (session.ts), which
// every save mirrors here.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { LocalGameFile } from './session.js';

/** A saved game: the file plus what the list shows without replaying it. */
export interface SavedGame extends LocalGameFile {
  id: string;
  /** The engine version the game was started with (__ENGINE_VERSION__ of that build). */
  engine: string;
  startedAt: number;
  updatedAt: number;
  finished: boolean;
}

interface LibrarySchema extends DBSchema {
  games: { key: string; value: SavedGame; indexes: { updatedAt: number } };
}

/** How many games the list keeps: the oldest beyond it are removed on save. */
export const LIBRARY_MAX = 200;

let db: Promise<IDBPDatabase<LibrarySchema>> | null = null;
function open(): Promise<IDBPDatabase<LibrarySchema>> {
  db ??= openDB<LibrarySchema>('tabula', 1, {
    upgrade(d) {
      d.createObjectStore('games', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
    },
  });
  return db;
}

export async function putGame(g: SavedGame): Promise<void> {
  const d = await open();
  const tx = d.transaction('games', 'readwrite');
  await tx.store.put(g);
  const count = await tx.store.count();
  if (count > LIBRARY_MAX) {
    let cursor = await tx.store.index('updatedAt').openCursor();
    for (let n = count - LIBRARY_MAX; cursor && n > 0; n--) {
      if (cursor.value.id !== g.id) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

export async function getGame(id: string): Promise<SavedGame | undefined> {
  return (await open()).get('games', id);
}

/** Newest first. */
export async function listGames(): Promise<SavedGame[]> {
  return (await (await open()).getAllFromIndex('games', 'updatedAt')).reverse();
}

export async function deleteGame(id: string): Promise<void> {
  await (await open()).delete('games', id);
}
