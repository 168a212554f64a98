/**
 * The platforms (and accounts) an assistant names to the MCP tools: checked against the workspace's
 * connections when the tool is called, and each connected account's posts laid out as the publisher
 * will post them (`layoutForPlatform`, with the connection's own limits, as the review link does).
 * Pure over the connections as GET /v1/connections answers them, so both the /mcp Lambda and
 * `threadsnip mcp` compute the same.
 */
import { connectionFormMessages } from '#shared/messages/connections';
import { mcpMessages } from '#shared/messages/mcp';
import { platformDisplayName } from '#shared/platforms';
import { type LinkPlacement, linkPlacementFor } from '#shared/publishing/link-placement';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import { postRulesOfConnection } from '#shared/publishing/platform-rules';
import type { ChosenAccounts, ConnectionView } from '#shared/schemas/publishing';
import type { Platform, Thread } from '#shared/schemas/thread';
import { DomainError } from '../../lib/errors';

/** The platforms a tool was asked about, and which of each one's accounts (absent: all connected). */
export interface PlatformChoice {
  platforms: Platform[];
  accounts?: ChosenAccounts;
}

/** One connected account's version of a thread: its posts as they will post, each measured as the platform measures. */
export interface PlatformLayout {
  platform: Platform;
  account: { id: string; name: string };
  linkPlacement: LinkPlacement;
  /** The most one post may measure on this account (a Mastodon server's own limit). */
  limit: number;
  /** True when every post fits. */
  fits: boolean;
  posts: { text: string; length: number; fits: boolean }[];
}

/**
 * The connected accounts the choice names, in its order: a platform's chosen accounts, else every
 * account connected on it. Refuses a platform with none connected (`platform_not_connected`) and an
 * account that is not one of the platform's (`account_not_found`), so the assistant learns it early.
 */
export function chosenConnections(choice: PlatformChoice, connections: readonly ConnectionView[]): ConnectionView[] {
  return choice.platforms.flatMap((platform) => {
    const connected = connections.filter((connection) => connection.platform === platform && connection.isConnected);
    if (connected.length === 0)
      throw new DomainError(
        400,
        mcpMessages.platformNotConnected(platformDisplayName(platform)),
        {},
        'platform_not_connected',
      );
    const ids = choice.accounts?.[platform];
    if (!ids) return connected;
    return ids.map((id) => {
      const connection = connected.find((each) => each.accountId === id);
      if (!connection)
        throw new DomainError(
          404,
          connectionFormMessages.accountNotFound(platformDisplayName(platform)),
          {},
          'account_not_found',
        );
      return connection;
    });
  });
}

/** Each chosen account's posts of the thread as the publisher will lay them out, measured against its limit. */
export function platformLayouts(thread: Thread, connections: readonly ConnectionView[]): PlatformLayout[] {
  return connections.map((connection) => {
    const { platform, connectionData } = connection;
    const rules = postRulesOfConnection(platform, connectionData);
    const linkPlacement = linkPlacementFor(platform, thread.linkPlacements, connectionData);
    const posts = layoutForPlatform(thread, platform, linkPlacement, rules).map(({ text }) => {
      const length = rules.measure(text);
      return { text, length, fits: length <= rules.limit };
    });
    return {
      platform,
      account: { id: connection.accountId, name: connection.name },
      linkPlacement,
      limit: rules.limit,
      fits: posts.every((post) => post.fits),
      posts,
    };
  });
}
