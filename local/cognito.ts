import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_AWS_ENV } from './aws-env';
import { hasExited, stopChildProcess } from './child-process';

const require = createRequire(import.meta.url);

/** Starts cognito-local as a child process with its data under `dataDir`, and waits until it answers. */
export async function startCognitoLocal(
  port: number,
  dataDir: string,
): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  mkdirSync(dataDir, { recursive: true });
  const script = require.resolve('cognito-local/lib/bin/start.js');
  // cognito-local resolves its `.cognito/` folder against the working directory, and reads PORT/HOST at load.
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: dataDir,
    env: { ...process.env, ...LOCAL_AWS_ENV, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`cognito-local exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    try {
      await fetch(`${endpoint}/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`cognito-local did not start on ${endpoint}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    endpoint,
    stop: () => stopChildProcess(child),
  };
}

/** A Cognito client pointed at the local emulator. */
export function localCognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: LOCAL_AWS_ENV.AWS_REGION,
    endpoint,
    credentials: { accessKeyId: LOCAL_AWS_ENV.AWS_ACCESS_KEY_ID, secretAccessKey: LOCAL_AWS_ENV.AWS_SECRET_ACCESS_KEY },
  });
}

export interface LocalUserPool {
  userPoolId: string;
  userPoolClientId: string;
}

/** Creates the user pool, its SPA client and the admin group, as the CDK app stack does in the cloud. */
export async function createUserPool(client: CognitoIdentityProviderClient): Promise<LocalUserPool> {
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'threadsnip-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 6 } },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local did not return a user pool id');
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'threadsnip-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const userPoolClientId = app.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local did not return a client id');
  await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'admin' }));
  return { userPoolId, userPoolClientId };
}

/** Confirms a fresh local sign-up at once (the cloud keeps its email confirmation). */
export async function confirmSignUp(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  username: string,
): Promise<void> {
  await client.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: username }));
}
