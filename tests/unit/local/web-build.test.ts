import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAMP_SUFFIX, ensureWebBuild, webBuildInputs } from '#local/web-build';

/** A checkout of a few files, and a build that writes its count into index.html. */
function fakeCheckout() {
  const root = mkdtempSync(path.join(tmpdir(), 'threadsnip-web-build-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('web/index.html', '<!doctype html>');
  write('web/vite.config.ts', 'export default {};');
  write('web/src/main.tsx', 'render();');
  write('shared/posts.ts', 'export const limit = 280;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('functions/http/get-health.ts', 'export const handler = 1;');
  let builds = 0;
  const outDir = path.join(root, 'web/dist-local');
  const cache = {
    root,
    outDir,
    build: async (dir: string) => {
      builds += 1;
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), `build ${builds}`);
    },
  };
  return {
    root,
    outDir,
    cache,
    write,
    builds: () => builds,
    served: () => readFileSync(path.join(outDir, 'index.html'), 'utf8'),
  };
}

describe('the local web build cache', () => {
  let checkout: ReturnType<typeof fakeCheckout>;
  beforeEach(() => {
    checkout = fakeCheckout();
  });
  afterEach(() => rmSync(checkout.root, { recursive: true, force: true }));

  it('builds on the first start and reuses that build while no input changed', async () => {
    const first = await ensureWebBuild(checkout.cache);
    const second = await ensureWebBuild(checkout.cache);

    expect(first.built).toBe(true);
    expect(second).toEqual({ built: false, inputsHash: first.inputsHash });
    expect(checkout.builds()).toBe(1);
    expect(checkout.served()).toBe('build 1');
  });

  it.each([
    ['a web source', 'web/src/main.tsx'],
    ['a new web file', 'web/src/features/new-page.tsx'],
    ['the Vite config', 'web/vite.config.ts'],
    ['shared code the SPA imports', 'shared/posts.ts'],
    ['the package lock', 'package-lock.json'],
  ])('rebuilds when %s changes', async (_what, file) => {
    await ensureWebBuild(checkout.cache);

    checkout.write(file, 'changed();');
    const after = await ensureWebBuild(checkout.cache);

    expect(after.built).toBe(true);
    expect(checkout.builds()).toBe(2);
    expect(checkout.served()).toBe('build 2');
  });

  it('reuses the build when only a file the SPA does not read changes, or the build output itself', async () => {
    await ensureWebBuild(checkout.cache);

    checkout.write('functions/http/get-health.ts', 'export const handler = 2;');
    checkout.write('web/dist-local/assets/extra.js', 'x');
    const after = await ensureWebBuild(checkout.cache);

    expect(after.built).toBe(false);
    expect(checkout.builds()).toBe(1);
  });

  it('rebuilds when the output is gone or its stamp does not match, and keeps the stamp beside the output, not in it', async () => {
    await ensureWebBuild(checkout.cache);
    const stamp = `${checkout.outDir}${BUILD_STAMP_SUFFIX}`;
    expect(existsSync(stamp)).toBe(true);
    expect(existsSync(path.join(checkout.outDir, path.basename(stamp)))).toBe(false);

    rmSync(checkout.outDir, { recursive: true });
    expect((await ensureWebBuild(checkout.cache)).built).toBe(true);
    writeFileSync(stamp, '{"inputsHash":"stale"}');
    expect((await ensureWebBuild(checkout.cache)).built).toBe(true);
    expect(checkout.builds()).toBe(3);
  });

  it('keeps the previous build and writes no stamp when a build fails', async () => {
    await ensureWebBuild(checkout.cache);
    checkout.write('web/src/main.tsx', 'broken(');
    const failing = { ...checkout.cache, build: async () => Promise.reject(new Error('syntax error')) };

    await expect(ensureWebBuild(failing)).rejects.toThrow('syntax error');

    expect(checkout.served()).toBe('build 1');
    expect((await ensureWebBuild(checkout.cache)).built).toBe(true);
  });

  it('lists the inputs: web sources and config, shared code, the package files; never a build output', () => {
    checkout.write('web/dist/index.html', 'cloud build');

    expect(webBuildInputs(checkout.root)).toEqual([
      'package-lock.json',
      'shared/posts.ts',
      'web/index.html',
      'web/src/main.tsx',
      'web/vite.config.ts',
    ]);
  });
});
