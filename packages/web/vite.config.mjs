import { defineConfig } from 'vite';

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
