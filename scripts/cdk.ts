import { fileURLToPath } from 'node:url';
import {
  deployEnv,
  hasAwsCredentials,
  OFFLINE_ACCOUNT,
  OFFLINE_REGION,
  offlineEnv,
  QUIET_FLAGS,
  runCdk,
} from '../infra/cli';

/**
 * `npm run cdk -- <command> [args]`: the aws-cdk v2 CLI with telemetry, notices and version checks off.
 * Commands that need no AWS account (synth, ls) run offline like `npm run synth`. Every other command
 * (diff, deploy, destroy, bootstrap…) uses the caller's real credentials unchanged, and refuses to start
 * without any, so the CLI never falls back to probing the EC2 metadata address.
 */
const OFFLINE_COMMANDS = new Set(['synth', 'synthesize', 'ls', 'list', 'context', 'acknowledge', 'ack', 'docs', 'doc']);

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const command = args.find((arg) => !arg.startsWith('-'));

if (!command) {
  console.error('Usage: npm run cdk -- <command> [args], e.g. npm run cdk -- diff -c stage=dev');
  process.exit(2);
}

if (OFFLINE_COMMANDS.has(command)) {
  const context = ['-c', `account=${OFFLINE_ACCOUNT}`, '-c', `region=${OFFLINE_REGION}`];
  process.exitCode = await runCdk([...args, ...QUIET_FLAGS, ...context], offlineEnv(process.env), root);
} else {
  if (!hasAwsCredentials(process.env)) {
    console.error(
      `"cdk ${command}" needs AWS credentials: set AWS_PROFILE (or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY) and AWS_REGION. See docs/deploy.md.`,
    );
    process.exit(1);
  }
  process.exitCode = await runCdk([...args, ...QUIET_FLAGS], deployEnv(process.env), root);
}
