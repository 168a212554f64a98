import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

// docs/architecture.md is where a newcomer finds a feature by its name: it must name every service
// area, every web feature folder and every kind of entry point. The lists come from the folders
// themselves, so a new area or feature fails this test until the page names it.
const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');

/** The folders directly under `dir` (a repository path). */
function foldersIn(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The layers under functions/ that hold no entry point: every other folder is a kind of entry point. */
const FUNCTION_LAYERS = new Set(['data', 'lib', 'services']);

/** The page's `## ` sections by title. */
function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    found.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return found;
}

/** The first cell of every table row (an area table's `| account | … |`). */
function tableRowNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\|\s*`?([\w-]+)`?\s*\|/gm)].map((match) => match[1]!));
}

/** Every path segment written in code spans: `functions/http/<area>/` names `functions` and `http`. */
function codeSegments(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/`([^`\n]+)`/g)].flatMap((match) => match[1]!.split(/[/\s,]+/).filter(Boolean)));
}

describe('docs/architecture.md', () => {
  const rows = tableRowNames(doc);
  const segments = codeSegments(doc);

  it('names every service area (each folder under functions/services/): a row of its area table, or its folder', () => {
    const areas = foldersIn('functions/services');
    const folders = new Set([...doc.matchAll(/`[^`\n]*\bservices\/([\w-]+)/g)].map((match) => match[1]!));

    expect(areas.length).toBeGreaterThan(5);
    expect(areas.filter((area) => !rows.has(area) && !folders.has(area))).toEqual([]);
  });

  it('names every kind of entry point (each folder under functions/ but data, lib and services) as a folder', () => {
    const kinds = foldersIn('functions').filter((name) => !FUNCTION_LAYERS.has(name));

    expect(kinds).toEqual(expect.arrayContaining(['http', 'queue', 'schedule', 'event', 'auth', 'webhooks']));
    expect(kinds.filter((kind) => !segments.has(kind))).toEqual([]);
  });

  it('names every web feature folder (web/src/features/*): as an area of the table, or in its Web section', () => {
    const web = sections(doc).get('Web') ?? '';
    const features = foldersIn('web/src/features');
    const named = new Set([...rows, ...codeSegments(web)]);

    expect(web).not.toBe('');
    expect(features.filter((feature) => !named.has(feature))).toEqual([]);
  });
});
