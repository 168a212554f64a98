import { connectionFormMessages } from '#shared/messages/connections';
import { pictureGrantMissing } from '#shared/messages/media';
import { platformDisplayName } from '#shared/platforms';
import type { ConnectionView } from '#shared/schemas/publishing';
import { ConnectControl } from './connect-control';

/** A warning that a grant lacks something newer than it, with the Reconnect that renews it. */
function GrantNotice({
  connection,
  message,
  returnPath,
}: {
  connection: ConnectionView;
  message: string;
  returnPath: string;
}) {
  return (
    <div className="notice notice--warning stack" role="status">
      <p>{message}</p>
      <ConnectControl platform={connection.platform} label="Reconnect" returnPath={returnPath} />
    </div>
  );
}

/**
 * A grant made before ThreadSnip posted pictures (X without media.write): text still posts, and a
 * thread with pictures is refused there until the curator reconnects.
 */
export function PicturesNeedReconnect({ connection, returnPath }: { connection: ConnectionView; returnPath: string }) {
  if (!connection.picturesNeedReconnect) return null;
  const message = pictureGrantMissing(platformDisplayName(connection.platform));
  return <GrantNotice connection={connection} message={message} returnPath={returnPath} />;
}

/**
 * A LinkedIn grant made before the page scopes: it lists no pages to post as until the member
 * reconnects (their own profile still posts).
 */
export function PagesNeedReconnect({ connection, returnPath }: { connection: ConnectionView; returnPath: string }) {
  if (!connection.pagesNeedReconnect) return null;
  const message = connectionFormMessages.linkedinPagesNeedReconnect;
  return <GrantNotice connection={connection} message={message} returnPath={returnPath} />;
}
