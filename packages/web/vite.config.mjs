import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';

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

// Names on-demand chunks after the workspace package they come from (hammer-*.js, hacse-*.js, ...).
function chunkName(info) {
  const id = info.facadeModuleId ?? info.moduleIds?.[info.moduleIds.length - 1] ?? '';
  const m = id.match(/packages\/([\w-]+)\/(?:dist|src)\//);
  if (m && m[1] !== 'web') return `assets/${m[1]}-[hash].js`;
  const b = id.match(/src\/boards\/([\w-]+)\//);
  if (b) return `assets/board-${b[1]}-[hash].js`;
  return 'assets/[name]-[hash].js';
}

// The browser client. `tabula serve` serves dist/ with an SPA fallback; `npm run dev -w packages/web`
// proxies /api to a server on :8080.
export default defineConfig({
  base: '/',
  plugins: [precompress()],
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
