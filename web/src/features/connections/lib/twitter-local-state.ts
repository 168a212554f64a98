import type { ConnectionsResponse } from '#shared/schemas/publishing';

/** The twitter connection state and username are also kept in local storage, per user id. */
export function twitterStateKey(userId: string): string {
  return `threadsnip:twitter-connection:${userId}`;
}

/** Records the user's twitter connection state from a connection list (a failing storage is ignored). */
export function rememberTwitterState(storage: Storage, userId: string, response: ConnectionsResponse): void {
  const twitter = response.connections.find((connection) => connection.platform === 'twitter');
  const state = { isConnected: twitter?.isConnected ?? false, username: twitter?.platformUsername ?? null };
  try {
    storage.setItem(twitterStateKey(userId), JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): the server's list stays the truth.
  }
}
