import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keys, singletonSortKeys } from '#functions/data/keys';
import { repoRoot } from '#tests/helpers/paths';

// docs/data-model.md is the map of the table: it must name every key keys.ts builds and every
// access pattern a repository implements, so it cannot fall behind the code unnoticed.
const doc = readFileSync(path.join(repoRoot, 'docs/data-model.md'), 'utf8');
const PLACEHOLDER = '\u0000';
const PADDED_PLACEHOLDER = new RegExp(`0+${PLACEHOLDER}`, 'g');

/** The literal parts of every key: `USER#`, `THREAD#`, `PROFILES`, … (the arguments are placeholders). */
function keyLiterals(): string[] {
  const found = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      // A numeric argument (a zero-padded count or shard) turns the placeholder into NaN or pads it with zeros.
      const literal = value.replace(/0*NaN/g, PLACEHOLDER).replace(PADDED_PLACEHOLDER, PLACEHOLDER);
      for (const part of literal.split(PLACEHOLDER)) if (/[A-Z]/.test(part)) found.add(part);
    } else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const builder of [...Object.values(keys), ...Object.values(singletonSortKeys)]) {
    const build = builder as string | ((...args: string[]) => unknown);
    collect(typeof build === 'function' ? build(...Array<string>(build.length).fill(PLACEHOLDER)) : build);
  }
  return [...found];
}

describe('docs/data-model.md', () => {
  it('names every key prefix and partition keys.ts builds', () => {
    const literals = keyLiterals();
    expect(literals.length).toBeGreaterThan(30);

    expect(literals.filter((literal) => !doc.includes(`\`${literal}`))).toEqual([]);
  });

  it('lists every access pattern a repository implements', () => {
    const dataDir = path.join(repoRoot, 'functions/data');
    const patterns = readdirSync(dataDir)
      // client.ts holds the SDK client and its batching helpers, used by the patterns, not patterns themselves.
      .filter((file) => file.endsWith('.ts') && file !== 'client.ts')
      .flatMap((file) =>
        [...readFileSync(path.join(dataDir, file), 'utf8').matchAll(/^export async function (\w+)/gm)].map(
          ([, name]) => `${file} ${name}`,
        ),
      );
    expect(patterns.length).toBeGreaterThan(50);

    expect(patterns.filter((pattern) => !doc.includes(`\`${pattern.split(' ')[1]}\``))).toEqual([]);
  });
});
