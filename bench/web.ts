/**
 * Builds the SPA (Vite, manifest on, into a temporary folder) and prints, for every route, the
 * gzipped JavaScript its first load needs: the entry chunk, the route's lazy chunk and all their
 * static imports. Targets: the landing page under 150 kB, no route over 300 kB.
 * Run: `npm run bench:web`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LANDING_LIMIT_KB = 150;
const ROUTE_LIMIT_KB = 300;

/** Each route of web/src/app/router.tsx and the module its page is lazily loaded from. */
const ROUTES: { route: string; module: string }[] = [
  { route: '/', module: 'src/features/marketing/routes/landing-page.tsx' },
  { route: '/about', module: 'src/features/marketing/routes/about-page.tsx' },
  { route: '/privacy', module: 'src/features/marketing/routes/privacy-page.tsx' },
  { route: '/terms', module: 'src/features/marketing/routes/terms-page.tsx' },
  { route: '/auth', module: 'src/features/auth/routes/auth-page.tsx' },
  { route: '/create', module: 'src/features/create/routes/create-page.tsx' },
  { route: '/history', module: 'src/features/history/routes/history-page.tsx' },
  { route: '/thread/:id', module: 'src/features/threads/routes/thread-page.tsx' },
  { route: '/thread/:id/manual-share', module: 'src/features/threads/routes/manual-share-page.tsx' },
  { route: '/credits', module: 'src/features/credits/routes/credits-page.tsx' },
  { route: '/account-settings', module: 'src/features/account/routes/account-settings-page.tsx' },
  { route: '/admin', module: 'src/features/admin/routes/admin-dashboard-page.tsx' },
  { route: '/admin/users', module: 'src/features/admin/routes/admin-users-page.tsx' },
  { route: '/admin/threads', module: 'src/features/admin/routes/admin-threads-page.tsx' },
  { route: '/admin/transactions', module: 'src/features/admin/routes/admin-transactions-page.tsx' },
  { route: '/admin/orders', module: 'src/features/admin/routes/admin-orders-page.tsx' },
  { route: '/admin/settings', module: 'src/features/admin/routes/admin-settings-page.tsx' },
];

/** The manifest keys a chunk pulls in at load time (itself and its static imports, transitively). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Chunk ${key} is not in the Vite manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function main(): Promise<void> {
  return run().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

async function run(): Promise<void> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-web-bench-'));
  try {
    const started = performance.now();
    await build({
      configFile: path.join(rootDir, 'web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
    });
    const buildSeconds = (performance.now() - started) / 1000;
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;

    const gzipCache = new Map<string, number>();
    const gzipped = (file: string) => {
      let size = gzipCache.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
        gzipCache.set(file, size);
      }
      return size;
    };
    const kb = (bytes: number) => bytes / 1000;
    const sumJs = (keys: Iterable<string>) => {
      let total = 0;
      for (const key of keys) {
        const file = manifest[key]?.file;
        if (file?.endsWith('.js')) total += gzipped(file);
      }
      return total;
    };

    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
    const entryKeys = staticClosure(manifest, entryKey);
    const entryCss = [...entryKeys].flatMap((key) => manifest[key]?.css ?? []);
    const cssBytes = entryCss.reduce((total, file) => total + gzipped(file), 0);

    // The Amplify chunk loads after first paint (lib/auth-loader.ts); shown apart for reference.
    const authKey = Object.keys(manifest).find((key) => key.endsWith('src/lib/auth.ts'));
    const authKeys = authKey ? staticClosure(manifest, authKey) : new Set<string>();
    for (const key of entryKeys) authKeys.delete(key);

    console.log(`Vite build: ${buildSeconds.toFixed(1)} s. Sizes are gzipped (level 9), 1 kB = 1000 bytes.`);
    console.log(
      `Entry (${manifest[entryKey]?.file}) with static imports: ${kb(sumJs(entryKeys)).toFixed(1)} kB JS, ${kb(cssBytes).toFixed(1)} kB CSS`,
    );
    console.log(`Deferred auth chunk (aws-amplify, after first paint): ${kb(sumJs(authKeys)).toFixed(1)} kB JS\n`);

    const header = `${'route'.padEnd(28)}${'page chunk'.padStart(12)}${'first load JS'.padStart(16)}  target`;
    console.log(header);
    console.log('-'.repeat(header.length + 14));
    let failures = 0;
    for (const { route, module } of ROUTES) {
      if (!manifest[module]) {
        console.log(`${route.padEnd(28)}${'missing'.padStart(12)}  (${module} is not a lazy chunk)`);
        failures += 1;
        continue;
      }
      const routeKeys = staticClosure(manifest, module, new Set(entryKeys));
      const pageOnly = [...staticClosure(manifest, module)].filter((key) => !entryKeys.has(key));
      const total = kb(sumJs(routeKeys));
      const limit = route === '/' ? LANDING_LIMIT_KB : ROUTE_LIMIT_KB;
      const ok = total < limit;
      if (!ok) failures += 1;
      console.log(
        `${route.padEnd(28)}${`${kb(sumJs(pageOnly)).toFixed(1)} kB`.padStart(12)}${`${total.toFixed(1)} kB`.padStart(16)}  ${ok ? 'ok' : 'OVER'} (< ${limit} kB)`,
      );
    }
    console.log(failures === 0 ? '\nAll routes within their targets.' : `\n${failures} route(s) miss their target.`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
