import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

// Biome's noRestrictedImports refuses a static or dynamic import that climbs three folders, but it
// does not see `typeof import()`, vi.mock() and the like; this reads every source file instead.
const SKIPPED = new Set(['node_modules', 'dist', 'dist-local', 'cdk.out', '.data', '.test-data', '.cognito', '.git']);
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
/** A module specifier (import, export from, import(), typeof import(), vi.mock and kin, require) that climbs 3+ folders. */
const CLIMB =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\s*\(\s*|\brequire(?:\.resolve)?\s*\(\s*)(['"`])((?:\.\.\/){3,}[^'"`\n]*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(join(dir, entry.name));
    return SOURCE.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

describe('imports', () => {
  it('never climb more than two folders: another area or top-level folder is named by its #alias', () => {
    const climbing = sourceFiles(repoRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(CLIMB)].map((match) => `${relative(repoRoot, file)}: ${match[2]}`),
    );

    expect(climbing).toEqual([]);
  });
});
