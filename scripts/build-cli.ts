/**
 * Bundles the command line into dist/cli/ (plain JavaScript, no tsx needed): `npm run build:cli`,
 * also run by `prepare` at install. Heavy modules become chunks loaded only by the commands that
 * need them. build-info.json lists the repository sources it was built from, so bin/threadsnip.mjs
 * can tell a current bundle from a stale one.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'dist', 'cli');
const version = String(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);

rmSync(outdir, { recursive: true, force: true });
const builtAt = Date.now();
const result = await build({
  entryPoints: { threadsnip: join(root, 'cli/threadsnip.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  // CommonJS dependencies call require(); ESM has none, so give the bundle one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  define: { THREADSNIP_VERSION: JSON.stringify(version) },
  metafile: true,
  logLevel: 'warning',
});
const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
writeFileSync(
  join(outdir, 'build-info.json'),
  `${JSON.stringify({ version, builtAt, inputs: [...inputs, 'package-lock.json'] }, null, 2)}\n`,
);
console.log(`Built dist/cli/threadsnip.mjs (${version}) from ${inputs.length} source files`);
