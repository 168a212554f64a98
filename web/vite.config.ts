import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA's build: root is web/, output web/dist. The local server (`npm start`) runs this
 * config in Vite's middleware mode next to /api and /config.json, so no dev proxy is needed.
 *
 * Mode `local-stack` (the local stack's dev server and build, local/web-assets.ts) keeps the test checkout
 * page; any other mode (the cloud's `npm run build:web`) compiles `import.meta.env.LOCAL_TEST_CHECKOUT`
 * to false, so the page, its route and its texts are left out of the bundle.
 */
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  define: { 'import.meta.env.LOCAL_TEST_CHECKOUT': JSON.stringify(mode === 'local-stack') },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
