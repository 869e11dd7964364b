import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Writes NAME.br and NAME.gz (best compression, once per build) next to every text file of the
// build, for the server to send by content negotiation (packages/server/src/web-static.ts).
function precompress() {
  let outDir = 'dist';
  const walk = (dir) => readdirSync(dir).flatMap((f) => { const p = join(dir, f); return statSync(p).isDirectory() ? walk(p) : [p]; });
  return {
    name: 'tabula-precompress',
    apply: 'build',
    configResolved(c) { outDir = c.build.outDir; },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|wasm)$/.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

// Names on-demand chunks after the workspace package they come from (hammer-*.js, hacse-*.js, ...), the board
// (board-*.js) or the UI language (ui-de-*.js).
function chunkName(info) {
  const id = info.facadeModuleId ?? info.moduleIds?.[info.moduleIds.length - 1] ?? '';
  const m = id.match(/packages\/([\w-]+)\/(?:dist|src)\//);
  if (m && m[1] !== 'web') return `assets/${m[1]}-[hash].js`;
  const b = id.match(/src\/boards\/([\w-]+)\//);
  if (b) return `assets/board-${b[1]}-[hash].js`;
  const d = id.match(/src\/i18n\/(?!index\.|options\.)([\w-]+)\.ts$/);
  if (d) return `assets/ui-${d[1]}-[hash].js`; // a language's UI dictionary (the bundle bench counts one with the first visit)
  return 'assets/[name]-[hash].js';
}

// The engine version a local game records: a hash of the built rules engines, games registry and bots (their
// dist/), so it changes exactly when code that decides a game's course changes.
function engineVersion() {
  const h = createHash('sha256');
  for (const pkg of ['engine', 'hammer', 'carcassonne', 'hacse', 'games', 'bots']) {
    const dir = new URL(`../${pkg}/dist/`, import.meta.url).pathname;
    let files = [];
    try { files = walkJs(dir); } catch { /* not built: the hash still differs from a built one */ }
    for (const f of files.sort()) h.update(f.slice(dir.length)).update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 12);
}
function walkJs(dir) {
  return readdirSync(dir).flatMap((f) => { const p = join(dir, f); return statSync(p).isDirectory() ? walkJs(p) : p.endsWith('.js') ? [p] : []; });
}

// The installable app: the manifest (the browser's own language picks no name: the manifest has one `name`;
// the translations ride along in `name_localized`, which Chromium reads where it supports manifest
// localisation) and a Workbox service worker that precaches the whole build (app shell, every engine,
// board and bot chunk) so "Play on this device" runs with no network. A new version waits until the player
// accepts it (registerType 'prompt'): one page never runs two versions' code.
const NAMES = { de: 'Tabula: Brett- und Kartenspiele', es: 'Tabula: juegos de mesa y de cartas', 'zh-Hans': 'Tabula：桌游与卡牌游戏' };
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Tabula: board and card games',
    short_name: 'Tabula',
    name_localized: Object.fromEntries(Object.entries(NAMES).map(([lang, value]) => [lang, { value, lang }])),
    description: 'Carcassonne, Hammer of the Scots and HACSE: against bots on this device, with friends, or online.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0072B2',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Every path is the single-page app (the server's fallback), except the API.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // The compressed twins (.br/.gz) are the server's business; the worker caches what the browser decoded.
    globIgnores: ['**/*.br', '**/*.gz'],
    importScripts: ['/push-sw.js'],
  },
});

// The browser client. `tabula serve` serves dist/ with an SPA fallback; `npm run dev -w packages/web`
// proxies /api to a server on :8080.
export default defineConfig({
  base: '/',
  plugins: [pwa, precompress()],
  define: { __ENGINE_VERSION__: JSON.stringify(engineVersion()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { output: { chunkFileNames: chunkName } },
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
