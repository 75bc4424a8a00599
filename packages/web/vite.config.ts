import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:8080';
const proxied = ['/auth', '/api', '/recruit', '/candidate', '/admin', '/system', '/file', '/log', '/docs'];

/**
 * Two entries (DESIGN "Layout"): the candidate site (web/index.html, plain antd, for phones) and the
 * back office (index.html, ProComponents), each with its own chunks.
 */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        admin: fileURLToPath(new URL('./index.html', import.meta.url)),
        web: fileURLToPath(new URL('./web/index.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      proxied.map((p) => [
        p,
        { target: api, bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined) },
      ]),
    ),
  },
});
