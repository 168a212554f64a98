import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Running the aws-cdk v2 CLI from scripts/: one place for its quiet flags and for the environment that
 * keeps offline commands away from AWS (no telemetry, no version check, no credential or account lookups).
 */

/** Flags every CLI invocation gets: no notices fetched, no version reporting. */
export const QUIET_FLAGS = ['--no-notices', '--no-version-reporting'];

/** Stand-in account for offline synth (the documentation example id); explicit so the app never looks one up. */
export const OFFLINE_ACCOUNT = '123456789012';
export const OFFLINE_REGION = 'us-east-1';

const TELEMETRY_OFF = { CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: 'true' };

/**
 * The environment for commands that need no AWS account (synth, ls): dummy credentials, no metadata
 * lookups, and STS pointed at a closed loopback port, because the CLI asks STS for the default
 * account before every synth, even with dummy credentials.
 */
export function offlineEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    ...TELEMETRY_OFF,
    AWS_REGION: OFFLINE_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ENDPOINT_URL_STS: 'http://127.0.0.1:9',
  };
  for (const name of ['AWS_PROFILE', 'AWS_SESSION_TOKEN', 'AWS_WEB_IDENTITY_TOKEN_FILE', 'AWS_ROLE_ARN'])
    delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('AWS_CONTAINER_CREDENTIALS')) delete env[name];
  return env;
}

/** The environment for commands that talk to AWS (deploy, diff): the caller's own credentials, untouched. */
export function deployEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...base, ...TELEMETRY_OFF };
}

/**
 * Whether the caller has configured credentials the SDK can find without the EC2 metadata address:
 * keys, a profile, web identity, container credentials or ~/.aws files. On an EC2 host that should use
 * its instance role, set AWS_EC2_METADATA_DISABLED=false to opt in.
 */
export function hasAwsCredentials(env: NodeJS.ProcessEnv): boolean {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_ACCESS_KEY_ID !== 'local') return true;
  if (env.AWS_PROFILE || env.AWS_WEB_IDENTITY_TOKEN_FILE) return true;
  if (env.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || env.AWS_CONTAINER_CREDENTIALS_FULL_URI) return true;
  if (env.AWS_EC2_METADATA_DISABLED === 'false') return true;
  const awsDir = join(homedir(), '.aws');
  return existsSync(join(awsDir, 'credentials')) || existsSync(join(awsDir, 'config'));
}

function cdkBin(): string {
  const packageJson = createRequire(import.meta.url).resolve('aws-cdk/package.json');
  return join(dirname(packageJson), 'bin', 'cdk');
}

/** Runs the local aws-cdk CLI with the given arguments; resolves with its exit code. */
export function runCdk(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cdkBin(), ...args], { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
