import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '#tests/helpers/paths';

// The layers only point down. Each folder below may import only the folders it lists (and packages);
// rules name top-level folders, not files, so files may move between areas inside them freely.

/** Layer → the layers it may import; a layer is a top-level folder (or file) of functions/, or shared, or web. */
const allowed: Record<string, string[]> = {
  // The middy stacks, errors, config, logger and SDK clients: the checks that need the table are passed in.
  'functions/lib': ['functions/lib', 'functions/manifest', 'shared'],
  // Repositories: keys and conditions, never a use case.
  'functions/data': ['functions/data', 'functions/lib', 'functions/manifest', 'shared'],
  // Use cases and engines: never an entry point or the route wiring.
  'functions/services': ['functions/services', 'functions/data', 'functions/lib', 'functions/manifest', 'shared'],
  // Every entry point and its kind, read by the CDK app and the local stack.
  'functions/manifest': ['shared'],
  // Runs in the browser too: no AWS SDK, no table keys, nothing of the backend.
  shared: ['shared'],
  // The SPA: its own code and the shared rules and schemas.
  web: ['web', 'shared'],
};

/**
 * The service areas (folders of functions/services/), bottom to top: an area may import the areas
 * below it, never one above (so never a cycle). When a lower area must act on a higher one's events
 * (a thread deleted → its schedules cancelled), the caller passes a hook or the event goes on the bus.
 */
const SERVICE_AREAS = [
  // One adapter per platform, their one HTTP client, the operator's platform apps, the OAuth flow: APIs, no table.
  'platforms',
  // Text engines shared by moderation, extraction and generation: sentence analysis, stop words, themes.
  'text',
  // Sensitive-content checks on an article's text.
  'moderation',
  // A page fetched and read into an article (language, credit, rights).
  'extraction',
  // Pictures: decoded, re-encoded and stored in the media bucket under their owner, with the quota.
  'media',
  // Notifications in the app and by email to the people concerned.
  'notifications',
  // API keys of a workspace: made, listed, revoked, verified (the /v1 authorizer), each key's request budget.
  'api-keys',
  // The public API's OpenAPI document, generated from the manifest's /v1 contracts.
  'public-api',
  // Workspaces, their members and roles, invitations; a caller's access to a workspace.
  'workspaces',
  // The account, its profile and deletion (a deleted account's messages refused).
  'account',
  // The credit ledger and its audit.
  'credits',
  // Credit packages and Stripe checkout.
  'payments',
  // The thread library and who may read or change a thread.
  'threads',
  // Public pages of threads and Webmentions to the articles' authors.
  'public',
  // A user's platform connections and their tokens.
  'connections',
  // A thread published to a platform, run by run.
  'publishing',
  // Scheduled publishes and the posting queue.
  'scheduling',
  // Approval of threads in a team: reviews, comments, the activity log; approving fires the items that waited.
  'review',
  // Engagement readings of published threads.
  'insights',
  // Generation jobs: an article drafted into a thread.
  'generation',
  // Feeds polled into an inbox, auto-drafted.
  'feeds',
  // The MCP server's tools and resources over the public API's operations (threads, generation, scheduling, publishing, insights).
  'mcp',
  // Webhook endpoints and their signed deliveries of the bus's events (secrets sealed with connections' vault).
  'webhooks',
  // The operator's tools over every area.
  'admin',
  // Health.
  'system',
] as const;

const aliases: Record<string, string> = {
  '#functions/': 'functions/',
  '#shared/': 'shared/',
  '#web/': 'web/src/',
  '#local/': 'local/',
  '#infra/': 'infra/',
  '#tests/': 'tests/',
};

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

// Both repository-wide checks read the services' files: each file is parsed once (seconds in all on a
// loaded machine, hence their timeouts).
const parsed = new Map<string, string[]>();

/** Every module a file names: static imports and re-exports, `import()`, and `typeof import()` in types. */
function importedSpecifiers(file: string, source: string): string[] {
  const key = `${file}\n${source}`;
  const known = parsed.get(key);
  if (known) return known;
  const found = parseSpecifiers(file, source);
  parsed.set(key, found);
  return found;
}

function parseSpecifiers(file: string, source: string): string[] {
  const { module, program, errors } = parseSync(file, source);
  if (errors.length) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  const found = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.flatMap((e) => (e.moduleRequest ? [e.moduleRequest.value] : [])),
    ),
  ];
  const visit = (node: unknown): void => {
    // Arrays are objects too: their values are the children.
    if (!node || typeof node !== 'object') return;
    const { type, source: imported } = node as { type?: string; source?: unknown };
    const literal = type === 'ImportExpression' || type === 'TSImportType' ? imported : undefined;
    if (literal && typeof literal === 'object' && 'value' in literal && typeof literal.value === 'string') {
      found.push(literal.value);
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(program);
  return found;
}

/** The repository path a specifier names, or null for a package. */
function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.join(path.dirname(file), specifier);
  const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
  return alias ? (aliases[alias] ?? '') + specifier.slice(alias.length) : null;
}

/** The layer of a repository path: a folder or top-level file of functions/, else its top-level folder. */
function layerOf(repoPath: string): string {
  const [top, next] = repoPath.split(/[\\/]/);
  if (top === 'functions' && next) return `functions/${next.replace(/\.tsx?$/, '')}`;
  return top ?? repoPath;
}

/** `file: 'specifier' (layer → layer)` for every import a layer may not make. */
function upwardImports(files: { file: string; source: string }[]): string[] {
  return files.flatMap(({ file, source }) => {
    const from = layerOf(file);
    const may = allowed[from];
    if (!may) return [];
    return importedSpecifiers(file, source).flatMap((specifier) => {
      const target = resolve(file, specifier);
      if (target === null) return [];
      const to = layerOf(target);
      return may.includes(to) ? [] : [`${file}: '${specifier}' (${from} → ${to})`];
    });
  });
}

describe('layer directions', () => {
  it('finds static, dynamic and type-only imports, and re-exports', () => {
    const source = [
      "import type { A } from '../services/a';",
      "import '../data/side-effect';",
      "export { b } from '#functions/services/b';",
      "const c = await import('../data/c');",
      "type D = typeof import('../services/d');",
      'const text = "import(\'../services/not-code\')";',
      '// import { e } from "../services/comment";',
    ].join('\n');

    expect(upwardImports([{ file: 'functions/lib/example.ts', source }])).toEqual([
      "functions/lib/example.ts: '../services/a' (functions/lib → functions/services)",
      "functions/lib/example.ts: '../data/side-effect' (functions/lib → functions/data)",
      "functions/lib/example.ts: '#functions/services/b' (functions/lib → functions/services)",
      "functions/lib/example.ts: '../data/c' (functions/lib → functions/data)",
      "functions/lib/example.ts: '../services/d' (functions/lib → functions/services)",
    ]);
  });

  it('holds in functions/, shared/ and web/: lib ↛ data, services; data ↛ services; shared and web ↛ functions', () => {
    const files = ['functions', 'shared', 'web/src'].flatMap(sourceFiles).map((file) => ({
      file,
      source: readFileSync(path.join(repoRoot, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(200);

    expect(upwardImports(files)).toEqual([]);
  }, 30_000);
});

/** The service area of a repository path under functions/services/, else null. */
function areaOf(repoPath: string): string | null {
  const [top, next, area] = repoPath.split(/[\\/]/);
  return top === 'functions' && next === 'services' && area ? area.replace(/\.tsx?$/, '') : null;
}

/** `file: 'specifier' (area → area above it)` for every import of a higher area, or of an undeclared one. */
function upwardAreaImports(files: { file: string; source: string }[]): string[] {
  const rank = (area: string) => (SERVICE_AREAS as readonly string[]).indexOf(area);
  return files.flatMap(({ file, source }) => {
    const from = areaOf(file);
    if (from === null) return [];
    if (rank(from) < 0) return [`${file}: in '${from}', an area SERVICE_AREAS does not declare`];
    return importedSpecifiers(file, source).flatMap((specifier) => {
      const target = resolve(file, specifier);
      const to = target === null ? null : areaOf(target);
      if (to === null || to === from || (rank(to) >= 0 && rank(to) < rank(from))) return [];
      return [`${file}: '${specifier}' (${from} → ${to}, ${rank(to) < 0 ? 'undeclared' : 'above it'})`];
    });
  });
}

describe('service area order', () => {
  it('refuses an import of a higher area and of an undeclared one, and allows a lower one', () => {
    const source = [
      "import { a } from '../platforms/adapters';",
      "import type { B } from '../scheduling/scheduled-items';",
      "import { d } from '../nowhere/d';",
      "const c = await import('#functions/services/feeds/feeds');",
      "import { e } from './threads';",
    ].join('\n');

    expect(upwardAreaImports([{ file: 'functions/services/threads/example.ts', source }])).toEqual([
      "functions/services/threads/example.ts: '../scheduling/scheduled-items' (threads → scheduling, above it)",
      "functions/services/threads/example.ts: '../nowhere/d' (threads → nowhere, undeclared)",
      "functions/services/threads/example.ts: '#functions/services/feeds/feeds' (threads → feeds, above it)",
    ]);
    expect(upwardAreaImports([{ file: 'functions/services/nowhere/x.ts', source: '' }])).toEqual([
      "functions/services/nowhere/x.ts: in 'nowhere', an area SERVICE_AREAS does not declare",
    ]);
  });

  it('holds in functions/services/: every area imports only the areas below it (so no cycle)', () => {
    const files = sourceFiles('functions/services').map((file) => ({
      file,
      source: readFileSync(path.join(repoRoot, file), 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(100);

    expect(upwardAreaImports(files)).toEqual([]);
  }, 30_000);

  it('declares every area once, and every declared area exists', () => {
    const present = readdirSync(path.join(repoRoot, 'functions/services'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();

    expect([...SERVICE_AREAS].sort()).toEqual(present);
  });
});
