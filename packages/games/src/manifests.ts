import type { GameManifest, Language } from '@tabula/engine';
import { manifest as carcassonne } from '@tabula/carcassonne/manifest';
import { manifest as hammer } from '@tabula/hammer/manifest';
import { manifest as hacse } from '@tabula/hacse/manifest';
import { GAME_IDS, type GameId } from './ids.js';

/** Every shipped game's manifest; a game missing here is a compile error. */
export const MANIFESTS: { readonly [K in GameId]: GameManifest<K> } = {
  carcassonne,
  'hammer-of-the-scots': hammer,
  hacse,
};

/** Games added at run time (the test game), after the shipped ones. */
const extra = new Map<string, GameManifest>();

/** Adds a game that is not one of GAME_IDS (tests only); its id must be new. */
export function registerManifest(manifest: GameManifest): void {
  if (manifest.id in MANIFESTS) throw new Error(`${manifest.id} is a shipped game`);
  extra.set(manifest.id, manifest);
}

export function manifestOf(id: string): GameManifest | undefined {
  return Object.hasOwn(MANIFESTS, id) ? MANIFESTS[id as GameId] : extra.get(id);
}

/** The manifests of every game the platform offers, in menu order. */
export function manifests(): GameManifest[] {
  return [...GAME_IDS.map((id) => MANIFESTS[id] as GameManifest), ...extra.values()];
}

/** The ids of every game the platform offers, in menu order. */
export function gameIds(): string[] {
  return manifests().map((m) => m.id);
}

/** A game's name in a language (mails, page titles); undefined for a game the platform does not offer. */
export function gameName(id: string, lang: Language): string | undefined {
  return manifestOf(id)?.names[lang];
}
