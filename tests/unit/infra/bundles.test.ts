import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { deployedHandlers as handlers } from '#functions/manifest';
import { BUNDLING, handlerEntry } from '#infra/constructs/app-function';
import { repoRoot } from '#tests/helpers/paths';

// Every function bundled as the CDK app bundles it (one esbuild run, nothing written), so a
// heavy import reaching a light route shows here rather than as a slow cold start in the cloud.
/** The functions that analyse article text, which need the NLP model and the page parser. */
const TEXT_ANALYSERS = [
  'http/extraction/post-extract-article',
  'http/moderation/post-check-content-sensitivity',
  'queue/generation-worker',
];
/** The quote card renderer: satori and its layout engine (WebAssembly), about 2 MB, loaded when a card is made. */
const CARD_RENDERERS = ['http/media/post-quote-card'];
/**
 * The MCP server: one function calling the services of every /v1 route its tools map onto (generation,
 * threads with their pictures, scheduling, publishing with the Webmention's page parser, insights)
 * and the MCP SDK with its JSON Schema validator, about 1.3 MB.
 */
const TOOL_SERVERS = ['http/mcp/mcp'];
const MEGABYTE = 1024 * 1024;

let bundles: Map<string, Metafile['outputs'][string]>;

beforeAll(async () => {
  const result = await build({
    entryPoints: Object.fromEntries(handlers.map((handler) => [handler, handlerEntry(repoRoot, handler)])),
    outdir: 'bundles',
    outExtension: { '.js': '.cjs' },
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'cjs',
    target: BUNDLING.target,
    minify: BUNDLING.minify,
    external: [...BUNDLING.externalModules],
    logLevel: 'error',
  });
  bundles = new Map(
    Object.entries(result.metafile.outputs).map(([file, output]) => [
      file.replace(/^bundles\//, '').replace(/\.cjs$/, ''),
      output,
    ]),
  );
}, 120_000);

const inputsOf = (handler: string) => Object.keys(bundles.get(handler)?.inputs ?? {});

describe('Lambda bundles', () => {
  it('bundles every function the cloud deploys', () => {
    expect([...bundles.keys()].sort()).toEqual([...handlers].sort());
  });

  it('loads the NLP model only in the functions that analyse text', () => {
    const withModel = handlers.filter((handler) =>
      inputsOf(handler).some((input) => input.includes('node_modules/wink-eng-lite-web-model/')),
    );
    expect(withModel.sort()).toEqual([...TEXT_ANALYSERS].sort());
  });

  it('keeps every other function under 1 MB (the MCP server under 1.5 MB), without the AWS SDK the runtime provides', () => {
    expect((bundles.get(CARD_RENDERERS[0]!)?.bytes ?? 0) / MEGABYTE).toBeLessThan(3);
    expect((bundles.get(TOOL_SERVERS[0]!)?.bytes ?? 0) / MEGABYTE).toBeLessThan(1.5);
    const heavy = handlers
      .filter(
        (handler) =>
          !TEXT_ANALYSERS.includes(handler) && !CARD_RENDERERS.includes(handler) && !TOOL_SERVERS.includes(handler),
      )
      .map((handler) => ({ handler, megabytes: (bundles.get(handler)?.bytes ?? 0) / MEGABYTE }))
      .filter(({ megabytes }) => megabytes >= 1);
    expect(heavy, JSON.stringify(heavy)).toEqual([]);
    for (const handler of handlers) {
      expect(inputsOf(handler).filter((input) => input.includes('node_modules/@aws-sdk/'))).toEqual([]);
    }
  });

  it('bundles no HTTP client (undici): every outside request goes through the node:http(s) guard', () => {
    const withUndici = handlers.filter((handler) =>
      inputsOf(handler).some((input) => input.includes('node_modules/undici/')),
    );
    expect(withUndici).toEqual([]);
  });
});
