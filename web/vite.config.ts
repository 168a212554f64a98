import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appManifest, MANIFEST_FILE } from './src/config/app-manifest';

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
 *
 * vite-plugin-pwa writes the web app manifest and a Workbox service worker that precaches the app
 * shell (index.html, the built JS and CSS, the icons) and nothing else: no API answer, no config.json.
 * Its registration is a separate deferred script that waits for the load event, so the landing's own
 * chunks are unchanged and never wait for it. The dev server has no service worker.
 */
export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    dropLegacyPolyfills(),
    VitePWA({
      injectRegister: 'script-defer',
      registerType: 'autoUpdate',
      manifestFilename: MANIFEST_FILE,
      manifest: appManifest,
      workbox: {
        cacheId: 'threadsnip',
        globPatterns: ['**/*.{html,js,css,png,svg}'],
        // The shell changes with every deploy: a new worker takes over at once and drops older caches.
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // No blanket fallback to the cached index.html: navigations go to the network first (below).
        navigateFallback: null,
        runtimeCaching: [
          {
            // A page load always asks the server (a deploy shows at once); offline, the cached shell answers.
            // The API and the server-rendered pages (/t/, /about-article) are left alone. Workbox copies this function's
            // source into the worker, so it may use nothing from this file.
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !/^\/(api\/|t\/|about-article)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      },
    }),
  ],
  define: { 'import.meta.env.LOCAL_TEST_CHECKOUT': JSON.stringify(mode === 'local-stack') },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
