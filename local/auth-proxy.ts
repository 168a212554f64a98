import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { authTriggers } from '../functions/manifest';
import { confirmSignUp } from './cognito';
import { invokeHandler } from './lambda-runtime';

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Runs the post-confirmation trigger module for a user, as Cognito does after a confirmation. */
export async function runPostConfirmation(
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; userPoolClientId: string },
  username: string,
): Promise<void> {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
  const userAttributes = Object.fromEntries((user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']));
  const event: PostConfirmationTriggerEvent = {
    version: '1',
    triggerSource: 'PostConfirmation_ConfirmSignUp',
    region: 'us-east-1',
    userPoolId: pool.userPoolId,
    userName: user.Username ?? username,
    callerContext: { awsSdkVersion: 'local', clientId: pool.userPoolClientId },
    request: { userAttributes },
    response: {},
  };
  await invokeHandler(authTriggers.postConfirmation, event, 10);
}

/**
 * The SPA's Cognito endpoint in local mode: forwards every call to cognito-local unchanged,
 * except that a successful SignUp is confirmed at once and runs the post-confirmation trigger
 * (in the cloud the user confirms by email and Cognito runs the trigger).
 */
/** The pool's password policy (the CDK stack sets the same minimum); cognito-local does not enforce it. */
const MIN_PASSWORD_LENGTH = 6;

/** The password field of the calls that set one, to check it as Cognito would. */
function passwordOf(target: string, body: Record<string, unknown>): string | undefined {
  if (target.endsWith('.SignUp') || target.endsWith('.ConfirmForgotPassword'))
    return body.Password as string | undefined;
  if (target.endsWith('.ChangePassword')) return body.ProposedPassword as string | undefined;
  return undefined;
}

export function createAuthProxy(
  cognitoEndpoint: string,
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; userPoolClientId: string },
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readAll(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const password = passwordOf(target, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(
        JSON.stringify({
          __type: 'InvalidPasswordException',
          message: 'Password did not conform with policy: Password not long enough',
        }),
      );
      return;
    }
    const upstream = await fetch(cognitoEndpoint, {
      method: req.method ?? 'POST',
      headers: {
        'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
        'x-amz-target': target,
        ...(req.headers['x-amz-user-agent'] ? { 'x-amz-user-agent': String(req.headers['x-amz-user-agent']) } : {}),
      },
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body.toString('utf8'),
    });
    let payload = Buffer.from(await upstream.arrayBuffer());
    if (upstream.ok && target.endsWith('.SignUp')) {
      const request = JSON.parse(body.toString('utf8')) as { Username: string };
      await confirmSignUp(cognito, pool.userPoolId, request.Username);
      await runPostConfirmation(cognito, pool, request.Username);
      const answer = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
      payload = Buffer.from(JSON.stringify({ ...answer, UserConfirmed: true }));
    }
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    });
    res.end(payload);
  };
}
