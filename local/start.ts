import './lambda-env';
import { readLocalConfig } from './config';
import { type RunningStack, startLocalStack } from './stack';
import { LocalStartError } from './start-error';

/** `npm start`: the whole app on this machine, no AWS account, keys or internet needed. */
const WEB_MODE_TEXT = {
  prod: 'the production build, rebuilt when a web source changes (npm run dev for hot reload)',
  dev: "Vite's dev server with hot reload (no service worker; npm start serves the production build)",
  none: 'not served (--api-only)',
} as const;
const startedAt = Date.now();
let options: ReturnType<typeof readLocalConfig>;
let stack: RunningStack;
try {
  options = readLocalConfig(process.env, process.argv.slice(2));
  stack = await startLocalStack(options);
} catch (error) {
  if (!(error instanceof LocalStartError)) throw error;
  console.error(`\n  ThreadSnip could not start: ${error.message}\n`);
  process.exit(1);
}

console.log(`
  ThreadSnip is running at ${stack.url}  (API under ${stack.url}/api)
  Web app: ${WEB_MODE_TEXT[options.web]}
  Mail the app sends (none leaves this machine): ${stack.mailCatcherUrl}
  Data is kept in ${options.dataDir}
  Local admin: sign in as ${options.localAdmin.email} with password ${options.localAdmin.password}
  Started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s. Press Ctrl+C to stop.
`);
// One machine-readable line for test harnesses.
console.log(
  `THREADSNIP_READY ${JSON.stringify({
    url: stack.url,
    mailCatcherUrl: stack.mailCatcherUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    tableName: stack.tableName,
  })}`,
);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
