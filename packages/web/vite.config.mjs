import { defineConfig } from 'vite';

// The browser client. `tabula serve` serves dist/ with an SPA fallback; `npm run dev -w packages/web`
// proxies /api to a server on :8080.
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 2000 },
  worker: { format: 'es' },
  server: { proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
});
