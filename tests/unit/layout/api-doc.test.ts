import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '#functions/manifest';
import { ERROR_CODES } from '#shared/error-codes';
import { repoRoot } from '#tests/helpers/paths';

// docs/api.md is the API's reference: every route the manifest deploys is a row of its table.
const doc = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');

describe('docs/api.md', () => {
  it('documents every route of functions/manifest.ts, by method and path, with its route kind', () => {
    const rows = new Map(
      [...doc.matchAll(/^\| `([A-Z]+) ([^`?]+)[^`]*` \| ([^|]+) \|/gm)].map((match) => [
        `${match[1]} ${match[2]}`,
        match[3]!.trim(),
      ]),
    );

    const undocumented = routes.map((route) => `${route.method} ${route.path}`).filter((route) => !rows.has(route));
    expect(undocumented).toEqual([]);
    for (const route of routes) {
      // The kind column names the route's kind (an HTML page says so; 'Stripe signature' is the webhook).
      const kind = rows.get(`${route.method} ${route.path}`) ?? '';
      const expected = route.auth === 'webhook' ? 'Stripe signature' : route.auth;
      expect(kind, `${route.method} ${route.path}`).toContain(expected);
    }
  });

  it('names every error code of shared/error-codes.ts in its catalogue table', () => {
    const start = doc.indexOf('### Every code');
    expect(start).toBeGreaterThan(-1);
    const catalogue = doc.slice(start, doc.indexOf('\n## ', start));
    const named = new Set([...catalogue.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));

    expect(ERROR_CODES.filter((code) => !named.has(code))).toEqual([]);
  });
});
