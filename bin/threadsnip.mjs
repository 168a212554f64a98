#!/usr/bin/env node
// Runs the bundled command line (dist/cli, built by `npm run build:cli` and at install) when it is
// current; otherwise the TypeScript source through tsx, so a fresh edit is never silently ignored.
import { readFileSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);

/** True when dist/cli exists and no source it was built from changed since. */
function bundleIsCurrent() {
  try {
    const info = JSON.parse(readFileSync(new URL('dist/cli/build-info.json', root), 'utf8'));
    return info.inputs.every((input) => statSync(new URL(input, root)).mtimeMs <= info.builtAt);
  } catch {
    return false;
  }
}

let cli;
if (bundleIsCurrent()) {
  cli = await import('../dist/cli/threadsnip.mjs');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../cli/threadsnip.ts');
}
try {
  process.exitCode = await cli.main(process.argv.slice(2), process.env);
} catch (error) {
  const failure = cli.describeFailure(error);
  console.error(cli.failureLine(failure, process.argv.slice(2)));
  process.exitCode = failure.code;
}
