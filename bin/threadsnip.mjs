#!/usr/bin/env node
// Runs the TypeScript command line through tsx, so `npx threadsnip` works without a build step.
import { register } from 'tsx/esm/api';

register();
const { main, describeFailure } = await import('../functions/cli/threadsnip.ts');
try {
  process.exitCode = await main(process.argv.slice(2), process.env);
} catch (error) {
  const failure = describeFailure(error);
  console.error(`threadsnip: ${failure.message}`);
  process.exitCode = failure.code;
}
