/**
 * Builds the SPA (Vite, manifest on, into a temporary folder) and prints, for every route of
 * web/src/app/router.tsx, the gzipped JavaScript its first load needs: the entry chunk, the lazy
 * chunks on the route's branch (guards, layouts, the page) and all their static imports. Targets:
 * the landing and the public pages under 110 kB, every route under 200 kB. Then starts the local
 * stack with the production build (what `npm start` serves) and measures the landing page's Largest
 * Contentful Paint in Chromium with the CPU slowed 4× (median of 5 fresh loads): under 1.5 s.
 * Run: `npm run bench:web [-- --no-lcp]`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildWeb } from '../local/web-assets';
import { startStack } from '../tests/helpers/local-stack';
import { paths } from '../web/src/config/paths';
import { launchChromium } from './lib/chromium';
import { median } from './lib/stats';

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
const PUBLIC_LIMIT_KB = 110;
const ROUTE_LIMIT_KB = 200;
const LCP_LIMIT_MS = 1500;
const LCP_RUNS = 5;
const CPU_SLOWDOWN = 4;
/** Pages a visitor reaches without an account: the landing, the marketing pages and sign-in. */
const PUBLIC_ROUTES = new Set(['/', '/about', '/privacy', '/terms', '/auth']);

/** A route of the router with the lazily loaded modules (guards, layouts, page) its branch renders. */
interface RouteBranch {
  route: string;
  modules: string[];
}

/**
 * Reads web/src/app/router.tsx: each `lazyNamed(() => import('…'), 'Name')` gives a module, each
 * `{ path: paths.x.path, element: <Name /> }` a route, nested under the lazy guards and layouts whose
 * `children` hold it. Routes added later are measured without a change here.
 */
function routeBranches(): RouteBranch[] {
  const appDir = path.join(rootDir, 'web/src/app');
  const source = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
  const lazyModules = new Map<string, string>();
  for (const match of source.matchAll(/lazyNamed\(\s*\(\) => import\('([^']+)'\),\s*'(\w+)'/g)) {
    const [, specifier = '', name = ''] = match;
    const file = path.relative(path.join(rootDir, 'web'), path.resolve(appDir, specifier));
    lazyModules.set(name, `${file}.tsx`);
  }
  const table = source.slice(source.indexOf('export const routes'));
  const branches: RouteBranch[] = [];
  const layouts: { depth: number; module: string | undefined }[] = [];
  let depth = 0;
  let pendingLayout: string | undefined;
  for (const line of table.split('\n')) {
    const route = line.match(/path: paths\.([\w.]+)\.path, element: <(\w+) \/>/);
    if (route) {
      const key = route[1] ?? '';
      const entry = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], paths);
      const module = lazyModules.get(route[2] ?? '');
      if (module) {
        const guards = layouts.flatMap((layout) => (layout.module ? [layout.module] : []));
        branches.push({ route: (entry as { path: string }).path, modules: [...guards, module] });
      }
    } else {
      const layout = line.match(/^\s*element: <(\w+) \/>,/);
      if (layout) pendingLayout = layout[1];
    }
    if (/children: \[/.test(line)) {
      layouts.push({ depth, module: pendingLayout ? lazyModules.get(pendingLayout) : undefined });
      pendingLayout = undefined;
    }
    for (const char of line) {
      if (char === '[') depth += 1;
      if (char === ']') {
        depth -= 1;
        if (layouts.at(-1)?.depth === depth) layouts.pop();
      }
    }
  }
  return branches;
}

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
  return run()
    .then(() =>
      parseArgs({ options: { 'no-lcp': { type: 'boolean', default: false } } }).values['no-lcp']
        ? undefined
        : landingLcp(),
    )
    .catch((error: unknown) => {
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

    const header = `${'route'.padEnd(28)}${'route chunks'.padStart(14)}${'first load JS'.padStart(16)}  target`;
    console.log(header);
    console.log('-'.repeat(header.length + 14));
    let failures = 0;
    for (const { route, modules } of routeBranches()) {
      const missing = modules.find((module) => !manifest[module]);
      if (missing) {
        console.log(`${route.padEnd(28)}${'missing'.padStart(14)}  (${missing} is not a lazy chunk)`);
        failures += 1;
        continue;
      }
      const routeKeys = new Set(entryKeys);
      for (const module of modules) staticClosure(manifest, module, routeKeys);
      const ownKeys = [...routeKeys].filter((key) => !entryKeys.has(key));
      const total = kb(sumJs(routeKeys));
      const limit = PUBLIC_ROUTES.has(route) ? PUBLIC_LIMIT_KB : ROUTE_LIMIT_KB;
      const ok = total < limit;
      if (!ok) failures += 1;
      console.log(
        `${route.padEnd(28)}${`${kb(sumJs(ownKeys)).toFixed(1)} kB`.padStart(14)}${`${total.toFixed(1)} kB`.padStart(16)}  ${ok ? 'ok' : 'OVER'} (< ${limit} kB${limit === PUBLIC_LIMIT_KB ? ', public' : ''})`,
      );
    }
    console.log(failures === 0 ? '\nAll routes within their targets.' : `\n${failures} route(s) miss their target.`);
    if (failures > 0) process.exitCode = 1;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The landing page's Largest Contentful Paint on the production build, CPU slowed 4×, fresh context each run. */
async function landingLcp(): Promise<void> {
  console.log(
    `\nLanding LCP: production build on the local stack, Chromium, CPU ${CPU_SLOWDOWN}× slower, median of ${LCP_RUNS}`,
  );
  // web/dist-local as `npm start` serves it, rebuilt first if a web source changed since its build.
  await buildWeb();
  const stack = await startStack({ web: 'prod' });
  const browser = await launchChromium();
  try {
    const samples: number[] = [];
    // One unmeasured load first: the server's first answers pay for its own warm-up, not the page's.
    for (let run = 0; run <= LCP_RUNS; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${stack.url}/`, { waitUntil: 'load' });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1);
              if (last) resolve(last.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      if (run > 0) samples.push(lcp);
      await context.close();
    }
    const value = median(samples);
    const ok = value < LCP_LIMIT_MS;
    console.log(`  runs: ${samples.map((sample) => sample.toFixed(0)).join(', ')} ms`);
    console.log(`  landing LCP ${value.toFixed(0)} ms  ${ok ? 'ok' : 'OVER'} (< ${LCP_LIMIT_MS} ms)`);
    if (!ok) process.exitCode = 1;
  } finally {
    await browser.close();
    await stack.cleanup();
  }
}

await main();
