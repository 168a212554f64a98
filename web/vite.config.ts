import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const EMPTY_MODULE = '\0threadsnip-empty-polyfill';

/**
 * twitter-text (the X post counter of /create and the thread pages) imports core-js 2 polyfills for
 * ES5 browsers, about 10 kB gzipped; the es2022 target has every one of those features natively.
 */
function dropLegacyPolyfills(): Plugin {
  return {
    name: 'threadsnip-drop-legacy-polyfills',
    enforce: 'pre',
    resolveId: (id) => (/^core-js\/modules\/(es6|es7|web)\./.test(id) ? EMPTY_MODULE : null),
    load: (id) => (id === EMPTY_MODULE ? 'export {};' : null),
  };
}

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
  plugins: [react(), dropLegacyPolyfills()],
  define: { 'import.meta.env.LOCAL_TEST_CHECKOUT': JSON.stringify(mode === 'local-stack') },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
