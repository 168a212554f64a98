import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { itemTypes, keys } from './keys';

/** An OAuth client as stored: the secret is sealed with the token key by the caller, or null. */
export interface RegisteredApp {
  clientId: string;
  clientSecret: string | null;
}

/** The client registered with one server of a platform for this scope set (space-separated, sorted), or null. */
export async function getRegisteredApp(
  platform: string,
  server: string,
  scopeSet: string,
): Promise<RegisteredApp | null> {
  const result = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.oauthApp(platform, server, scopeSet) }),
  );
  if (!result.Item) return null;
  return { clientId: String(result.Item.clientId), clientSecret: (result.Item.clientSecret as string | null) ?? null };
}

/**
 * Keeps the first client registered with a server for a scope set: two flows racing to register
 * both call this, and both go on with the one stored first.
 */
export async function saveRegisteredAppOnce(
  platform: string,
  server: string,
  scopeSet: string,
  client: RegisteredApp,
  now: Date,
): Promise<RegisteredApp> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.oauthApp(platform, server, scopeSet),
          type: itemTypes.oauthApp,
          platform,
          server,
          scopes: scopeSet,
          clientId: client.clientId,
          clientSecret: client.clientSecret,
          createdAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return client;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const kept = await getRegisteredApp(platform, server, scopeSet);
    if (!kept) throw error;
    return kept;
  }
}
