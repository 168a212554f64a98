import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StartedStack } from '../../helpers/local-stack';

interface CognitoLocalUser {
  Username: string;
  Attributes?: { Name: string; Value: string }[];
  ConfirmationCode?: string;
}

/** The local stack's user pool id, as the SPA reads it from /config.json. */
export async function localUserPoolId(stack: StartedStack): Promise<string> {
  const response = await fetch(`${stack.url}/config.json`);
  const config = (await response.json()) as { userPoolId?: string };
  if (!config.userPoolId) throw new Error('config.json has no userPoolId');
  return config.userPoolId;
}

/** The code cognito-local last issued to this email (confirmation or password reset), or null. */
export function readConfirmationCode(stack: StartedStack, userPoolId: string, email: string): string | null {
  // cognito-local keeps each pool in one JSON file under its working folder (local/cognito.ts sets it).
  const file = path.join(stack.dataDir, 'cognito', '.cognito', 'db', `${userPoolId}.json`);
  let db: { Users?: Record<string, CognitoLocalUser> };
  try {
    db = JSON.parse(readFileSync(file, 'utf8')) as typeof db;
  } catch {
    return null;
  }
  const user = Object.values(db.Users ?? {}).find((candidate) =>
    candidate.Attributes?.some((attribute) => attribute.Name === 'email' && attribute.Value === email),
  );
  return user?.ConfirmationCode ?? null;
}

/**
 * Waits until cognito-local has stored a code for this email other than `previous` (the sign-up
 * code may still be on the record; the file is written asynchronously).
 */
export async function waitForNewConfirmationCode(
  stack: StartedStack,
  email: string,
  previous: string | null,
  timeoutMs = 10_000,
): Promise<string> {
  const userPoolId = await localUserPoolId(stack);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = readConfirmationCode(stack, userPoolId, email);
    if (code && code !== previous) return code;
    if (Date.now() > deadline) throw new Error(`No confirmation code for ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
