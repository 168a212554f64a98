import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeDecode } from '../shared/url';
import { refuseMalformedPath } from './routes';
import { ensureWebBuild } from './web-build';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webConfigFile = path.join(rootDir, 'web/vite.config.ts');
/**
 * The local build, with the test checkout, kept apart from web/dist (the cloud build the CDK app
 * deploys), so neither can ship as the other.
 */
export const webDistDir = path.join(rootDir, 'web/dist-local');
/** The Vite mode of everything the local stack serves (web/vite.config.ts keeps the test checkout in it). */
const LOCAL_MODE = 'local-stack';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

type Middleware = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Makes web/dist-local the production build of this checkout's SPA: built with Vite when it is
 * missing or any input changed since (local/web-build.ts), reused as it is otherwise. `npm start`,
 * the e2e setup and the benchmarks all go through here, so they serve the same build.
 */
export async function buildWeb(): Promise<{ built: boolean }> {
  return ensureWebBuild({
    root: rootDir,
    outDir: webDistDir,
    build: async (outDir) => {
      const { build } = await import('vite');
      await build({ configFile: webConfigFile, mode: LOCAL_MODE, logLevel: 'warn', build: { outDir } });
    },
  });
}

/**
 * Serves the built SPA as CloudFront does: files by path, long-cached hashed assets, and
 * index.html for any other path so the router can show its page (its 404 included).
 */
export function createStaticSite(distDir = webDistDir): Middleware {
  const root = path.resolve(distDir);
  return async (req, res) => {
    const pathname = safeDecode(new URL(req.url ?? '/', 'http://local').pathname);
    if (pathname === null) return refuseMalformedPath(res);
    const candidate = path.resolve(root, `.${pathname}`);
    let file = path.join(root, 'index.html');
    if (candidate.startsWith(root + path.sep)) {
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) file = candidate;
    }
    const body = await readFile(file);
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(body);
  };
}

const samplesDir = path.join(rootDir, 'local/samples');

/** The sample articles of "Try it offline", served only by the local stack under /samples/. */
export function createSampleArticles(): Middleware {
  return async (req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://local').pathname);
    const file = path.join(samplesDir, name);
    const body = /^[\w-]+\.(html|json)$/.test(name) ? await readFile(file).catch(() => null) : null;
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': contentTypes[path.extname(file)] ?? 'text/plain',
      'cache-control': 'no-cache',
    });
    res.end(body);
  };
}

/** Vite in middleware mode on the same server (HMR over the same port). */
export async function createDevSite(
  httpServer: Server,
): Promise<{ middleware: Middleware; close: () => Promise<void> }> {
  if (!existsSync(webConfigFile)) throw new Error('web/vite.config.ts is missing');
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: webConfigFile,
    mode: LOCAL_MODE,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server: httpServer } },
    logLevel: 'warn',
  });
  return {
    middleware: (req, res) =>
      new Promise<void>((resolve) => {
        vite.middlewares(req, res, () => {
          res.statusCode = 404;
          res.end('Not found');
          resolve();
        });
        res.once('finish', () => resolve());
      }),
    close: () => vite.close(),
  };
}
