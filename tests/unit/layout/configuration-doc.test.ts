import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

// docs/configuration.md lists every environment variable: each one the local stack's and the
// Lambdas' config schemas read is a row of its table (README.md names them in short).
const doc = readFileSync(join(repoRoot, 'docs/configuration.md'), 'utf8');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

/** The keys of the `envSchema = z.object({ … })` a config module validates `process.env` with. */
function schemaKeys(file: string): string[] {
  const source = readFileSync(join(repoRoot, file), 'utf8');
  const start = source.indexOf('const envSchema = z.object({');
  expect(start, file).toBeGreaterThan(-1);
  const body = source.slice(start, source.indexOf('\n});', start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
}

/** The variables a table's first column names; `X_CLIENT_ID`/`_SECRET` also names `X_CLIENT_SECRET`. */
function documented(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const row of markdown.matchAll(/^\| ([^|]+) \|/gm)) {
    let last = '';
    for (const [, name] of row[1]!.matchAll(/`([A-Z_][A-Z0-9_*]*)`/g)) {
      const full = name!.startsWith('_') ? last.replace(/_[A-Z0-9]+$/, name!) : name!;
      names.add(full);
      last = full;
    }
  }
  return names;
}

describe('docs/configuration.md', () => {
  const variables = [...new Set([...schemaKeys('local/config.ts'), ...schemaKeys('functions/lib/config.ts')])];

  it('documents every variable the local stack and the Lambdas read', () => {
    const names = documented(doc);

    expect(variables.length).toBeGreaterThan(40);
    expect(variables.filter((variable) => !names.has(variable))).toEqual([]);
  });

  it('is named, in short, by the README: each variable or its family (`TWITTER_*`)', () => {
    const names = documented(readme);
    const families = [...names].filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1));
    const covered = (variable: string) => names.has(variable) || families.some((family) => variable.startsWith(family));

    expect(variables.filter((variable) => !covered(variable))).toEqual([]);
  });
});
