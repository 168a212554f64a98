/**
 * The root `postinstall`: installs tests/bluesky-pds (a real PDS for the Bluesky tests, installed
 * apart because better-sqlite3 compiles) when its node_modules is missing or no longer matches its
 * lockfile, so `npm install` / `npm ci` alone leave every suite runnable. A no-op when up to date.
 * `--check` only reports: exit 0 when installed and current, 1 otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pdsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../tests/bluesky-pds');

interface Lockfile {
  packages?: Record<string, { version?: string; optional?: boolean }>;
}

function readLock(file: string): Lockfile | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Lockfile;
  } catch {
    return null;
  }
}

/** Why the install is missing or stale, or null when node_modules matches package-lock.json. */
export function pdsInstallProblem(dir = pdsDir): string | null {
  if (!existsSync(path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))) {
    return 'not installed (better-sqlite3 is not built)';
  }
  const wanted = readLock(path.join(dir, 'package-lock.json'));
  // npm's own record of what it installed, rewritten by every install in that folder.
  const installed = readLock(path.join(dir, 'node_modules/.package-lock.json'));
  if (!wanted?.packages || !installed?.packages) return 'no lockfile record of the install';
  for (const [key, entry] of Object.entries(wanted.packages)) {
    if (key === '') continue;
    const have = installed.packages[key];
    // Optional packages for other platforms are never installed.
    if (!have && entry.optional) continue;
    if (have?.version !== entry.version)
      return `${key} is ${have?.version ?? 'missing'}, the lockfile wants ${entry.version}`;
  }
  return null;
}

function main(): void {
  const problem = pdsInstallProblem();
  if (process.argv.includes('--check')) {
    if (problem) console.error(`tests/bluesky-pds: ${problem}`);
    process.exit(problem ? 1 : 0);
  }
  if (!problem) return;
  if (process.env.THREADSNIP_SKIP_PDS_INSTALL) {
    console.warn(`tests/bluesky-pds: ${problem}; THREADSNIP_SKIP_PDS_INSTALL is set, so it stays that way`);
    return;
  }
  console.log(`tests/bluesky-pds: ${problem}; installing it (better-sqlite3 compiles, about 3 minutes)`);
  // --prefer-offline: a warm npm cache is enough, so this works without the registry.
  const result = spawnSync('npm', ['ci', '--prefix', pdsDir, '--no-audit', '--no-fund', '--prefer-offline'], {
    stdio: 'inherit',
  });
  // The app itself does not need it: `npm install && npm start` keeps working, and the Bluesky
  // suites fail (never skip) with the command to run until the install succeeds.
  if (result.status !== 0) {
    console.error(
      `tests/bluesky-pds: the install failed; run \`npm ci --prefix tests/bluesky-pds\` before \`npm test\``,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
