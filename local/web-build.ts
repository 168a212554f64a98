import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the SPA's build reads: its sources and config under web/, the `shared/` code it imports, and
 * what decides the installed packages and their resolution. A change to any of them makes the
 * build stale.
 */
const INPUT_DIRS = ['web', 'shared'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
/** Build outputs and caches under the input folders, never inputs themselves. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite']);
/** Raised when the build itself changes (mode, output layout): every older build is then stale. */
const BUILD_FORMAT = 'local-stack 1';
/** Kept beside the build output, never inside it: the server must not serve it. */
export const BUILD_STAMP_SUFFIX = '.build.json';

export interface WebBuildCache {
  /** The repository root the inputs are read from. */
  root: string;
  /** Where the built SPA goes (its index.html is what the server serves). */
  outDir: string;
  /** Builds the SPA into the given folder (Vite in the app; a stand-in in tests). */
  build: (outDir: string) => Promise<void>;
}

/** Every input file of the SPA's build, as paths relative to `root`, sorted. */
export function webBuildInputs(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      // The local build, its stamp and a build under way are all named dist-local…
      if (entry.name.startsWith('dist-local')) continue;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else if (entry.isFile()) {
        files.push(relative);
      }
    }
  };
  for (const dir of INPUT_DIRS) if (existsSync(path.join(root, dir))) walk(dir);
  for (const file of INPUT_FILES) if (existsSync(path.join(root, file))) files.push(file);
  return files.map((file) => file.split(path.sep).join('/')).sort();
}

/** One SHA-256 over every input's path and content: equal hashes, equal builds. */
export function hashWebInputs(root: string, files = webBuildInputs(root)): string {
  const hash = createHash('sha256').update(BUILD_FORMAT);
  for (const file of files) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function readStamp(file: string): string | null {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as { inputsHash?: unknown };
    return typeof stamp.inputsHash === 'string' ? stamp.inputsHash : null;
  } catch {
    return null;
  }
}

/**
 * Builds the SPA unless the build in `outDir` was made from exactly the current inputs (the hash
 * in its stamp file). The new build goes to a folder of its own and replaces the old one only once
 * complete, and the stamp is written last, so an interrupted build is never taken for a current one.
 */
export async function ensureWebBuild(cache: WebBuildCache): Promise<{ built: boolean; inputsHash: string }> {
  const inputsHash = hashWebInputs(cache.root);
  const stampFile = `${cache.outDir}${BUILD_STAMP_SUFFIX}`;
  if (readStamp(stampFile) === inputsHash && existsSync(path.join(cache.outDir, 'index.html'))) {
    return { built: false, inputsHash };
  }
  const staging = `${cache.outDir}-${process.pid}-${Date.now()}`;
  try {
    await cache.build(staging);
    rmSync(stampFile, { force: true });
    replaceFolder(staging, cache.outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  writeFileSync(stampFile, `${JSON.stringify({ inputsHash, builtAt: new Date().toISOString() }, null, 2)}\n`);
  return { built: true, inputsHash };
}

/** Puts `from` in place of `to`; a second start that finished its own build in between is replaced too. */
function replaceFolder(from: string, to: string): void {
  for (let attempt = 1; ; attempt += 1) {
    rmSync(to, { recursive: true, force: true });
    try {
      renameSync(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt === 3 || (code !== 'ENOTEMPTY' && code !== 'EEXIST')) throw error;
    }
  }
}
