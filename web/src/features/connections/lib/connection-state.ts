import type { ConnectionView } from '#shared/schemas/publishing';

/** A connection whose refresh token was revoked: shown with Reconnect, never posted to. */
export function needsReconnect(connection: ConnectionView): boolean {
  return connection.connectionData.needsReconnect === true;
}

/** A connection that can be posted to now. */
export function isUsable(connection: ConnectionView): boolean {
  return connection.isConnected && !needsReconnect(connection);
}
