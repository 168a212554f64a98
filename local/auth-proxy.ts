import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { AdminDeleteUserCommand, AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
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

/** The pool's password policy (the CDK stack sets the same minimum); cognito-local does not enforce it. */
const MIN_PASSWORD_LENGTH = 6;

/**
 * The client-side Cognito operations the SPA (Amplify) calls with its public client id or the
 * user's own tokens. Nothing else is forwarded: admin and listing calls would let anyone read or
 * change every user, which a browser may not do against the real Cognito either.
 */
const CLIENT_OPERATIONS = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'RevokeToken',
  'DeleteUser',
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The password field of the calls that set one, to check it as Cognito would. */
function passwordOf(operation: string, body: Record<string, unknown>): unknown {
  if (operation === 'SignUp' || operation === 'ConfirmForgotPassword') return body.Password;
  if (operation === 'ChangePassword') return body.ProposedPassword;
  return undefined;
}

/** The email attribute a SignUp sets, if any. */
function emailAttributeOf(body: Record<string, unknown>): unknown {
  const attributes = Array.isArray(body.UserAttributes) ? (body.UserAttributes as Record<string, unknown>[]) : [];
  return attributes.find((attribute) => attribute?.Name === 'email')?.Value;
}

/** Why a call is refused before it reaches the emulator, or null to forward it. */
function refusalOf(operation: string, body: Record<string, unknown> | null): { type: string; message: string } | null {
  if (!CLIENT_OPERATIONS.has(operation)) {
    return { type: 'NotAuthorizedException', message: `${operation || 'This operation'} is not available to clients` };
  }
  if (!body) return { type: 'SerializationException', message: 'The request body is not a JSON object' };
  const password = passwordOf(operation, body);
  if (password !== undefined && (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)) {
    return {
      type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    };
  }
  if (operation === 'SignUp') {
    // The pool signs in by email: the username is the email, and the email attribute, if given, is the same.
    const email = emailAttributeOf(body);
    if (typeof body.Username !== 'string' || (email !== undefined && email !== body.Username)) {
      return { type: 'InvalidParameterException', message: 'The email attribute must equal the username' };
    }
  }
  return null;
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function answer(res: ServerResponse, status: number, payload: unknown): void {
  res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  res.end(typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
}

/**
 * The SPA's Cognito endpoint in local mode: forwards the allowed client-side calls to cognito-local
 * (400 for any other and for malformed bodies), except that a successful SignUp is confirmed at
 * once and runs the post-confirmation trigger (in the cloud the user confirms by email and Cognito
 * runs the trigger). When that confirmation fails, the new user is deleted again: no unconfirmed
 * user is left behind.
 */
export function createAuthProxy(
  cognitoEndpoint: string,
  cognito: CognitoIdentityProviderClient,
  pool: { userPoolId: string; userPoolClientId: string },
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = (await readAll(req)).toString('utf8');
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    const body = parseObject(raw);
    const refusal =
      req.method === 'POST' ? refusalOf(operation, body) : { type: 'NotAuthorizedException', message: 'POST only' };
    if (refusal) return answer(res, 400, { __type: refusal.type, message: refusal.message });
    const upstream = await fetch(cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type'] ?? 'application/x-amz-json-1.1'),
        'x-amz-target': target,
        ...(req.headers['x-amz-user-agent'] ? { 'x-amz-user-agent': String(req.headers['x-amz-user-agent']) } : {}),
      },
      body: raw,
    });
    let payload = Buffer.from(await upstream.arrayBuffer());
    if (upstream.ok && operation === 'SignUp') {
      const username = String(body?.Username);
      try {
        await confirmSignUp(cognito, pool.userPoolId, username);
        await runPostConfirmation(cognito, pool, username);
      } catch (error) {
        console.error('[local-auth] confirming a sign-up failed; the user is removed again:', error);
        await cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: username }));
        return answer(res, 400, { __type: 'InvalidParameterException', message: 'The sign-up could not be confirmed' });
      }
      const confirmed = JSON.parse(payload.toString('utf8')) as Record<string, unknown>;
      payload = Buffer.from(JSON.stringify({ ...confirmed, UserConfirmed: true }));
    }
    res.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1',
    });
    res.end(payload);
  };
}
