import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloudRoutes, deployedHandlers as handlers, type RouteKind } from '#functions/manifest';
import { BUNDLING, handlerEntry } from '#infra/constructs/app-function';
import { accessByHandler } from '#infra/stacks/app-stack';
import { repoRoot } from '#tests/helpers/paths';

// A table grant that is too narrow fails only in the cloud (AccessDenied → 500; the local stack
// grants everything), and a function may write only on a rare path (a stranger's id records a
// security event). So grants are checked against the code itself: every function is bundled as
// the CDK app bundles it, tree-shaken but not minified, and the write commands left in its code are
// the ones some path of it can send.
const WRITE_COMMAND = /\bnew (Put|Update|Delete|BatchWrite|TransactWrite)Command\d*\(/g;
const ROUTE_KINDS = 'functions/route-kinds.ts';

/**
 * The checks functions/route-kinds.ts loads on first use, per route kind (every handler's bundle
 * holds all of them, so which kind runs which is said here); each is bundled on its own.
 */
const KIND_CHECKS: Partial<Record<RouteKind, string[]>> = {
  user: ['services/account/deleted-accounts'],
  admin: ['services/account/deleted-accounts', 'services/admin/access'],
  'oauth-callback': ['services/account/deleted-accounts', 'services/connections/oauth-state'],
  'api-key': ['services/account/deleted-accounts', 'services/api-keys/request-budget'],
};

/** Leaves route-kinds' lazily loaded checks out of a handler's bundle: they are counted by kind. */
const kindChecksApart: Plugin = {
  name: 'kind-checks-apart',
  setup(builder) {
    builder.onResolve({ filter: /./ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.endsWith(ROUTE_KINDS)
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

let writesByEntry: Map<string, string[]>;

const writesOf = (entry: string) => writesByEntry.get(entry) ?? [];

/** What a deployed function can write: its own code, and the checks its route kind loads. */
function handlerWrites(handler: string, kind: RouteKind | undefined): string[] {
  const entries = [handler, ...(kind ? (KIND_CHECKS[kind] ?? []) : [])];
  return [...new Set(entries.flatMap(writesOf))].sort();
}

beforeAll(async () => {
  const entries = [...new Set([...handlers, ...Object.values(KIND_CHECKS).flat()])];
  const result = await build({
    entryPoints: Object.fromEntries(entries.map((entry) => [entry, handlerEntry(repoRoot, entry)])),
    outdir: 'bundles',
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: BUNDLING.target,
    minify: false,
    // The SDK stays outside the bundle, so its command classes appear only where our code sends them.
    external: [...BUNDLING.externalModules],
    plugins: [kindChecksApart],
    logLevel: 'error',
  });
  writesByEntry = new Map(
    result.outputFiles.map((file) => [
      file.path.replace(/^.*\/bundles\//, '').replace(/\.js$/, ''),
      [...new Set([...file.text.matchAll(WRITE_COMMAND)].map(([, command]) => `${command}Command`))].sort(),
    ]),
  );
}, 180_000);

describe('table grants', () => {
  const kindOf = (handler: string) => cloudRoutes.find((route) => route.handler === handler)?.auth;

  it('finds every deployed function and the checks of each route kind', () => {
    expect([...writesByEntry.keys()].sort()).toEqual(
      [...new Set([...handlers, ...Object.values(KIND_CHECKS).flat()])].sort(),
    );
  });

  it('grants table write to every function whose code can send a write (a security event included)', () => {
    const access = accessByHandler();
    const underGranted = handlers
      .map((handler) => ({
        handler,
        table: access.get(handler)?.table,
        sends: handlerWrites(handler, kindOf(handler)),
      }))
      .filter(({ table, sends }) => sends.length > 0 && table !== 'write');

    expect(underGranted).toEqual([]);
  });

  it('tells a route that writes only for a stranger from one that never writes', () => {
    // A thread's schedule is read-only but for the security event a stranger's request records.
    expect(handlerWrites('http/scheduling/get-thread-schedule', 'user')).toEqual(['PutCommand']);
    expect(handlerWrites('http/credits/get-credit-transactions', 'user')).toEqual([]);
  });
});
