import { readLocalConfig } from './config';
import { startLocalStack } from './stack';

/** `npm start`: the whole app on this machine, no AWS account, keys or internet needed. */
const options = readLocalConfig(process.env, process.argv.slice(2));
const startedAt = Date.now();
const stack = await startLocalStack(options);

console.log(`
  ThreadSnip is running at ${stack.url}  (API under ${stack.url}/api)
  Data is kept in ${options.dataDir}
  Local admin: sign in as ${options.localAdmin.email} with password ${options.localAdmin.password}
  Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl+C to stop.
`);
// One machine-readable line for test harnesses.
console.log(`THREADSNIP_READY ${JSON.stringify({ url: stack.url })}`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
