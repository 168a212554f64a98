import type { Platform } from '#shared/schemas/thread';
import type { LiveConnection } from './platform-adapter';

type Connected = Pick<LiveConnection, 'platformUsername' | 'connectionData'>;

const field = (connection: Connected, name: string): string | null => {
  const value = connection.connectionData[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
};

/**
 * The platform's own stable id of a connected account, from what its connect flow learned (the table in
 * docs/platforms.md): it names the account in its key, so connecting the same account again replaces
 * it and another account is added beside it. Null when the connection does not say (one stored before
 * the id was recorded): the caller falls back to `fallbackAccountId`.
 */
const stableIds: Record<Platform, (connection: Connected) => string | null> = {
  twitter: (connection) => field(connection, 'userId'),
  bluesky: (connection) => field(connection, 'did'),
  mastodon: (connection) => {
    const id = field(connection, 'accountId');
    const instance = field(connection, 'instance');
    return id && instance ? `${id}@${new URL(instance.includes('://') ? instance : `https://${instance}`).host}` : null;
  },
  telegram: (connection) => field(connection, 'chatId'),
  facebook: (connection) => field(connection, 'userId') ?? field(connection, 'selectedPageId'),
  discord: (connection) => field(connection, 'userId'),
  reddit: (connection) => connection.platformUsername?.replace(/^u\//, '') ?? null,
  linkedin: (connection) => field(connection, 'personUrn'),
  threads: (connection) => field(connection, 'userId'),
};

/**
 * Characters an account id may not hold replaced (it goes into a key, no `#`, and a URL path segment,
 * no `/`, `?`, `%`: `accountIdSchema` in shared/schemas/publishing.ts), so any platform's id fits both.
 */
const safe = (id: string) => id.replace(/[^A-Za-z0-9._:@+=-]/g, '_').slice(0, 200);

/** The id used when a connection names no account of its own (one stored before ids were recorded). */
export const fallbackAccountId = (connection: Connected): string =>
  connection.platformUsername ? safe(connection.platformUsername.replace(/^[@]|^u\//, '')) || 'default' : 'default';

/**
 * What an account is called until the workspace names it: its handle, except where the account is a
 * place rather than a login (a Telegram account is a chat, posted in by a bot whose handle all share).
 */
export function defaultAccountName(platform: Platform, connection: Connected): string | null {
  if (platform === 'telegram') return field(connection, 'chatTitle') ?? connection.platformUsername;
  return connection.platformUsername;
}

/** The name an account is shown by: the one the workspace gave it, else its handle (defaultAccountName), else its id. */
export const accountName = (
  record: Connected & { name: string | null; platform: Platform; accountId: string },
): string => record.name ?? defaultAccountName(record.platform, record) ?? record.accountId;

/** The account id of a connection on `platform` (see stableIds), fit for a key and a path. */
export function accountIdOf(platform: Platform, connection: Connected): string {
  const id = stableIds[platform](connection);
  return id ? safe(id) || fallbackAccountId(connection) : fallbackAccountId(connection);
}
