import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pdsInstallProblem } from '#scripts/install-bluesky-pds';

// The root postinstall reinstalls tests/bluesky-pds only when its node_modules is missing or stale.
describe('the Bluesky PDS install check', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function pdsFolder(options: { built: boolean; installed?: Record<string, object> }) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pds-install-'));
    dirs.push(dir);
    const wanted = {
      '': { name: 'threadsnip-bluesky-pds' },
      'node_modules/@atproto/pds': { version: '0.4.217' },
      'node_modules/fsevents': { version: '2.3.3', optional: true },
    };
    writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ packages: wanted }));
    if (options.built) {
      mkdirSync(path.join(dir, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'), '');
    }
    if (options.installed) {
      mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
      writeFileSync(path.join(dir, 'node_modules/.package-lock.json'), JSON.stringify({ packages: options.installed }));
    }
    return dir;
  }

  it('finds nothing to do when every locked package is installed at its version, optional ones for other platforms aside', () => {
    const dir = pdsFolder({ built: true, installed: { 'node_modules/@atproto/pds': { version: '0.4.217' } } });

    expect(pdsInstallProblem(dir)).toBeNull();
  });

  it('installs when node_modules is missing, better-sqlite3 is not built, or a version differs from the lockfile', () => {
    expect(pdsInstallProblem(pdsFolder({ built: false }))).toBe('not installed (better-sqlite3 is not built)');
    expect(pdsInstallProblem(pdsFolder({ built: true }))).toBe('no lockfile record of the install');
    expect(
      pdsInstallProblem(pdsFolder({ built: true, installed: { 'node_modules/@atproto/pds': { version: '0.4.200' } } })),
    ).toBe('node_modules/@atproto/pds is 0.4.200, the lockfile wants 0.4.217');
    expect(pdsInstallProblem(pdsFolder({ built: true, installed: {} }))).toBe(
      'node_modules/@atproto/pds is missing, the lockfile wants 0.4.217',
    );
  });
});
