/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/react" />

/** The hash of the built engines, registry and bots this client runs (vite.config.mjs). */
declare const __ENGINE_VERSION__: string;
