import { X_POST_READ_COST_USD } from '#shared/insights/engagement';
import { connectionFailedText, connectionFormMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { LinkedInPage } from '#shared/publishing/link-placement';
import type {
  BlueskyConnectRequest,
  ConnectionsResponse,
  ConnectionView,
  TelegramConnectRequest,
} from '#shared/schemas/publishing';
import { PLATFORMS, type Platform } from '#shared/schemas/thread';
import {
  type ConnectionRecord,
  getConnection,
  listConnectionsForUser,
  markConnectionNeedsReconnect,
  putConnection,
  updateConnectionData,
  updateConnectionTokens,
} from '../../data/connection-repository';
import { listPlatformSettings } from '../../data/settings-repository';
import { DomainError, ReconnectRequiredError, ServiceBusyError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { adapterFor } from '../platforms/adapters';
import { listAdministeredPages } from '../platforms/linkedin';
import {
  type Credentials,
  connectionFailureOf,
  type LiveConnection,
  PlatformError,
  type PlatformFailure,
  PlatformRejectedError,
} from '../platforms/platform-adapter';
import { openToken, sealToken } from './token-vault';

/** An admin disabled the platform: nothing is offered, accepted or posted. */
export class PlatformDisabledError extends DomainError {
  constructor(platform: Platform) {
    super(400, `${platformDisplayName(platform)} is not available right now.`, {}, 'platform_disabled');
  }
}

/** The platform refused the credentials, could not be reached, or is at a refused address; nothing was stored. */
export class ConnectionFailedError extends DomainError {
  constructor(platform: Platform, error: PlatformFailure) {
    const text = connectionFailedText(platformDisplayName(platform), connectionFailureOf(error), error.message);
    super(400, text, {}, 'connection_failed');
  }
}

/** Posting needs a connection the user has not made (or has disconnected). */
export class NotConnectedError extends DomainError {
  constructor(platform: Platform) {
    super(
      400,
      `${platformDisplayName(platform)} is not connected. Connect it in Account Settings first.`,
      {},
      'platform_not_connected',
    );
  }
}

/** The platform posts where it is connected: there is nothing to choose. */
export class NoTargetsError extends DomainError {
  constructor(platform: Platform) {
    super(
      400,
      `${platformDisplayName(platform)} has no channel or subreddit to choose.`,
      {},
      'platform_has_no_targets',
    );
  }
}

/** The chosen id is not among the connection's channels or subreddits (reconnect to refresh them). */
export class TargetNotFoundError extends DomainError {
  constructor(platform: Platform) {
    super(
      400,
      `That choice is not in your ${platformDisplayName(platform)} connection. Refresh the connection and try again.`,
      {},
      'target_not_found',
    );
  }
}

/** The chosen page is not one LinkedIn says the member administers; nothing was changed. */
export class LinkedInPageNotAdministeredError extends DomainError {
  constructor() {
    super(400, connectionFormMessages.linkedinPageNotAdministered, {}, 'linkedin_page_not_administered');
  }
}

/** Platforms an admin left enabled (no row = enabled). */
export async function availablePlatforms(): Promise<Platform[]> {
  const settings = await listPlatformSettings();
  return PLATFORMS.filter((platform) => settings[platform]);
}

/** Enabled platforms split into those that can be connected here and those that cannot (no app configured). */
async function connectablePlatforms(): Promise<{
  enabled: Platform[];
  unavailable: { platform: Platform; reason: string }[];
}> {
  const enabled: Platform[] = [];
  const unavailable: { platform: Platform; reason: string }[] = [];
  for (const platform of await availablePlatforms()) {
    const reason = (await adapterFor(platform).oauth?.unavailableReason()) ?? null;
    if (reason) unavailable.push({ platform, reason });
    else enabled.push(platform);
  }
  return { enabled, unavailable };
}

/** Throws PlatformDisabledError unless every platform is available. */
export async function assertPlatformsAvailable(platforms: readonly Platform[]): Promise<void> {
  const settings = await listPlatformSettings();
  for (const platform of platforms) {
    if (!settings[platform]) throw new PlatformDisabledError(platform);
  }
}

const boundTo = (userId: string, platform: Platform, field: string) => `${userId}#${platform}#${field}`;

/**
 * The browser's view of a connection: never a token (only when its grant ends, whether it renews
 * itself, and whether it predates pictures or organisation pages).
 */
function toView(record: ConnectionRecord): ConnectionView {
  const adapter = adapterFor(record.platform);
  const ends = record.isConnected && !record.refreshToken ? record.tokenExpiresAt : null;
  return {
    platform: record.platform,
    isConnected: record.isConnected,
    platformUsername: record.platformUsername,
    connectionData: record.connectionData,
    updatedAt: record.updatedAt,
    ...(ends ? (adapter.renewsOwnToken ? { renewsBefore: ends } : { reconnectBy: ends }) : {}),
    ...(record.isConnected && adapter.lacksPictureGrant?.(record) ? { picturesNeedReconnect: true as const } : {}),
    ...(record.isConnected && adapter.lacksPageGrant?.(record) ? { pagesNeedReconnect: true as const } : {}),
    ...(record.platform === 'twitter' && record.isConnected
      ? {
          engagementReads: {
            enabled: record.connectionData.engagementReads === true,
            costPerPostReadUsd: X_POST_READ_COST_USD,
          },
        }
      : {}),
  };
}

/**
 * Turns engagement reads on or off for the user's X connection (X bills every read, so they are off
 * until turned on); a reconnect starts them off again. Answers the updated connection.
 */
export async function setXEngagementReads(userId: string, enabled: boolean, now: Date): Promise<ConnectionView> {
  const record = await getConnection(userId, 'twitter');
  const updatedAt = now.toISOString();
  if (
    !record?.isConnected ||
    !(await updateConnectionData(userId, 'twitter', { engagementReads: enabled }, updatedAt))
  ) {
    throw new NotConnectedError('twitter');
  }
  return toView({ ...record, connectionData: { ...record.connectionData, engagementReads: enabled }, updatedAt });
}

/**
 * Chooses who the user's LinkedIn connection posts as: the member (null) or an organisation page.
 * A page is checked against LinkedIn's own list of the pages the member administers now (the list
 * stored at connection may be stale), and that list is stored again. Answers the updated connection.
 */
export async function chooseLinkedInAuthor(
  userId: string,
  organizationUrn: string | null,
  now: Date,
): Promise<ConnectionView> {
  await assertPlatformsAvailable(['linkedin']);
  const record = await getConnection(userId, 'linkedin');
  const live = record?.isConnected ? await loadLiveConnection(userId, 'linkedin', now) : null;
  if (!record || !live) throw new NotConnectedError('linkedin');
  let patch: Record<string, unknown> = { organizationUrn: null, organizationName: null };
  if (organizationUrn !== null) {
    let pages: LinkedInPage[];
    try {
      pages = await listAdministeredPages(live.credentials.accessToken);
    } catch (error) {
      if (error instanceof PlatformError) throw new ConnectionFailedError('linkedin', error);
      throw error;
    }
    const page = pages.find((candidate) => candidate.urn === organizationUrn);
    if (!page) throw new LinkedInPageNotAdministeredError();
    patch = { organizationUrn: page.urn, organizationName: page.name, administeredPages: pages };
  }
  const updatedAt = now.toISOString();
  if (!(await updateConnectionData(userId, 'linkedin', patch, updatedAt))) throw new NotConnectedError('linkedin');
  return toView({ ...record, connectionData: { ...record.connectionData, ...patch }, updatedAt });
}

/** GET /api/connections: the caller's connections on available platforms, and those platforms. */
export async function listConnections(userId: string): Promise<ConnectionsResponse> {
  const [records, platforms] = await Promise.all([listConnectionsForUser(userId), connectablePlatforms()]);
  return {
    connections: records.filter((record) => platforms.enabled.includes(record.platform)).map(toView),
    enabledPlatforms: platforms.enabled,
    unavailablePlatforms: platforms.unavailable,
  };
}

/** Stores a connection the platform accepted (tokens sealed, bound to user and platform). */
export async function storeConnection(
  userId: string,
  platform: Platform,
  live: LiveConnection,
  now: Date,
): Promise<ConnectionView> {
  const { credentials } = live;
  const record: ConnectionRecord = {
    userId,
    platform,
    platformUsername: live.platformUsername,
    accessToken: await sealToken(credentials.accessToken, boundTo(userId, platform, 'access')),
    refreshToken: credentials.refreshToken
      ? await sealToken(credentials.refreshToken, boundTo(userId, platform, 'refresh'))
      : null,
    tokenExpiresAt: credentials.expiresAt,
    isConnected: true,
    connectionData: live.connectionData,
    updatedAt: now.toISOString(),
  };
  await putConnection(record);
  return toView(record);
}

/** Checks the given connect input with the platform, then stores the connection (tokens encrypted). */
async function connectWith<T>(userId: string, platform: Platform, input: T, now: Date): Promise<ConnectionView> {
  await assertPlatformsAvailable([platform]);
  let live: LiveConnection;
  try {
    live = await adapterFor(platform).connect(input);
  } catch (error) {
    if (error instanceof PlatformError || error instanceof ReconnectRequiredError) {
      throw new ConnectionFailedError(platform, error);
    }
    throw error;
  }
  return storeConnection(userId, platform, live, now);
}

/** telegram-auth: bot token and chat id, checked with getMe and getChat before anything is stored. */
export function connectTelegram(userId: string, input: TelegramConnectRequest, now: Date): Promise<ConnectionView> {
  return connectWith(userId, 'telegram', input, now);
}

/**
 * bluesky-auth: handle and app password, checked by starting a session; the session's tokens are
 * stored (never the password), so publishing refreshes them instead of logging in again.
 */
export function connectBluesky(userId: string, input: BlueskyConnectRequest, now: Date): Promise<ConnectionView> {
  return connectWith(userId, 'bluesky', input, now);
}

/**
 * Records where the platform's posts go (a Discord channel, a subreddit), checked against the
 * connection's own list by the adapter; answers the updated connection.
 */
export async function selectPublishTarget(
  userId: string,
  platform: Platform,
  targetId: string,
  now: Date,
): Promise<ConnectionView> {
  await assertPlatformsAvailable([platform]);
  const selection = adapterFor(platform).targetSelection;
  if (!selection) throw new NoTargetsError(platform);
  const record = await getConnection(userId, platform);
  if (!record?.isConnected) throw new NotConnectedError(platform);
  const patch = selection.select(record, targetId);
  if (!patch) throw new TargetNotFoundError(platform);
  const updatedAt = now.toISOString();
  if (!(await updateConnectionData(userId, platform, patch, updatedAt))) throw new NotConnectedError(platform);
  return toView({ ...record, connectionData: { ...record.connectionData, ...patch }, updatedAt });
}

/** The adapter's refreshed credentials, its failures told as a reconnect (refused) or a retry (unreachable). */
async function refreshedCredentials(
  userId: string,
  live: LiveConnection,
  platform: Platform,
  now: Date,
): Promise<Credentials | null> {
  try {
    return await adapterFor(platform).refreshCredentials(live, now);
  } catch (error) {
    if (error instanceof PlatformRejectedError || error instanceof ReconnectRequiredError) {
      // Nothing can be posted until the user connects again; the card shows it (connectionData.needsReconnect).
      await markConnectionNeedsReconnect(userId, platform, now.toISOString());
      logger.warn('platform grant revoked or expired', { userId, platform, reason: error.message });
      throw ReconnectRequiredError.forPlatform(platform, error.message);
    }
    if (error instanceof PlatformError) {
      const failure = connectionFailureOf(error);
      throw new ServiceBusyError(
        `${connectionFailedText(platformDisplayName(platform), failure, error.message)}. Please try again.`,
      );
    }
    throw error;
  }
}

/**
 * The user's connection with its secrets decrypted, refreshed first when the adapter says the
 * tokens need it (stored again, encrypted). Null when not connected.
 */
export async function loadLiveConnection(
  userId: string,
  platform: Platform,
  now: Date,
): Promise<LiveConnection | null> {
  const record = await getConnection(userId, platform);
  if (!record?.isConnected || !record.accessToken) return null;
  const live: LiveConnection = {
    platformUsername: record.platformUsername,
    connectionData: record.connectionData,
    credentials: {
      accessToken: await openToken(record.accessToken, boundTo(userId, platform, 'access')),
      refreshToken: record.refreshToken
        ? await openToken(record.refreshToken, boundTo(userId, platform, 'refresh'))
        : null,
      expiresAt: record.tokenExpiresAt,
    },
  };
  if (record.connectionData.needsReconnect === true) throw ReconnectRequiredError.forPlatform(platform);
  const refreshed = await refreshedCredentials(userId, live, platform, now);
  if (refreshed) {
    live.credentials = refreshed;
    await updateConnectionTokens(userId, platform, {
      accessToken: await sealToken(refreshed.accessToken, boundTo(userId, platform, 'access')),
      refreshToken: refreshed.refreshToken
        ? await sealToken(refreshed.refreshToken, boundTo(userId, platform, 'refresh'))
        : null,
      tokenExpiresAt: refreshed.expiresAt,
      updatedAt: now.toISOString(),
    });
    logger.info('platform credentials refreshed', { userId, platform });
  }
  return live;
}
