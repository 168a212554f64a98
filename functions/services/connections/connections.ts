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
  listConnectionsOfPlatform,
  markConnectionNeedsReconnect,
  putConnection,
  renameConnection,
  updateConnectionData,
  updateConnectionTokens,
} from '../../data/connection-repository';
import { listPlatformSettings } from '../../data/settings-repository';
import { DomainError, ReconnectRequiredError, ServiceBusyError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { accountIdOf, accountName } from '../platforms/account-ids';
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

/** The named account is not one the workspace connected on the platform. */
export class AccountNotFoundError extends DomainError {
  constructor(platform: Platform) {
    super(404, connectionFormMessages.accountNotFound(platformDisplayName(platform)), {}, 'account_not_found');
  }
}

/** The workspace has several accounts on the platform and the request chose none. */
export class AccountChoiceRequiredError extends DomainError {
  constructor(platform: Platform) {
    super(
      400,
      connectionFormMessages.accountChoiceRequired(platformDisplayName(platform)),
      {},
      'account_choice_required',
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

/**
 * What a sealed token is bound to: the workspace, platform and account (a ciphertext copied to another
 * row does not open); tokens sealed before several accounts are bound to workspace and platform only.
 */
const boundTo = (
  record: Pick<ConnectionRecord, 'userId' | 'platform' | 'accountId' | 'legacyTokenBinding'>,
  field: string,
) =>
  record.legacyTokenBinding
    ? `${record.userId}#${record.platform}#${field}`
    : `${record.userId}#${record.platform}#${record.accountId}#${field}`;

/**
 * The connected account a request or a stored item means: the named one, or with none named the
 * platform's first connected account (what an item from before several accounts means). With `strict`,
 * naming none when several are connected is refused (a publish must say where it goes).
 */
export async function resolveAccount(
  userId: string,
  platform: Platform,
  accountId: string | null | undefined,
  options: { strict?: boolean } = {},
): Promise<ConnectionRecord | null> {
  if (accountId) return getConnection(userId, platform, accountId);
  const connected = (await listConnectionsOfPlatform(userId, platform)).filter((record) => record.isConnected);
  if (options.strict && connected.length > 1) throw new AccountChoiceRequiredError(platform);
  return connected[0] ?? null;
}

/**
 * The browser's view of a connection: never a token (only when its grant ends, whether it renews
 * itself, and whether it predates pictures or organisation pages).
 */
function toView(record: ConnectionRecord): ConnectionView {
  const adapter = adapterFor(record.platform);
  const ends = record.isConnected && !record.refreshToken ? record.tokenExpiresAt : null;
  return {
    platform: record.platform,
    accountId: record.accountId,
    name: accountName(record),
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
export async function setXEngagementReads(
  userId: string,
  enabled: boolean,
  now: Date,
  accountId?: string | null,
): Promise<ConnectionView> {
  const record = await resolveAccount(userId, 'twitter', accountId);
  const updatedAt = now.toISOString();
  if (
    !record?.isConnected ||
    !(await updateConnectionData(userId, 'twitter', record.accountId, { engagementReads: enabled }, updatedAt))
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
  accountId?: string | null,
): Promise<ConnectionView> {
  await assertPlatformsAvailable(['linkedin']);
  const record = await resolveAccount(userId, 'linkedin', accountId);
  const live = record?.isConnected ? await loadLiveConnection(userId, 'linkedin', now, record.accountId) : null;
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
  if (!(await updateConnectionData(userId, 'linkedin', record.accountId, patch, updatedAt))) {
    throw new NotConnectedError('linkedin');
  }
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

/**
 * Stores a connection the platform accepted (tokens sealed, bound to workspace, platform and account):
 * another account is added beside those connected; the same account connected again has its tokens
 * and data replaced and keeps the name the workspace gave it.
 */
export async function storeConnection(
  userId: string,
  platform: Platform,
  live: LiveConnection,
  now: Date,
): Promise<ConnectionView> {
  const { credentials } = live;
  const accountId = accountIdOf(platform, live);
  const existing = await getConnection(userId, platform, accountId);
  const binding = { userId, platform, accountId };
  const record: ConnectionRecord = {
    userId,
    platform,
    accountId,
    name: existing?.name ?? null,
    platformUsername: live.platformUsername,
    accessToken: await sealToken(credentials.accessToken, boundTo(binding, 'access')),
    refreshToken: credentials.refreshToken
      ? await sealToken(credentials.refreshToken, boundTo(binding, 'refresh'))
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
  accountId?: string | null,
): Promise<ConnectionView> {
  await assertPlatformsAvailable([platform]);
  const selection = adapterFor(platform).targetSelection;
  if (!selection) throw new NoTargetsError(platform);
  const record = await resolveAccount(userId, platform, accountId);
  if (!record?.isConnected) throw new NotConnectedError(platform);
  const patch = selection.select(record, targetId);
  if (!patch) throw new TargetNotFoundError(platform);
  const updatedAt = now.toISOString();
  if (!(await updateConnectionData(userId, platform, record.accountId, patch, updatedAt))) {
    throw new NotConnectedError(platform);
  }
  return toView({ ...record, connectionData: { ...record.connectionData, ...patch }, updatedAt });
}

/** The adapter's refreshed credentials, its failures told as a reconnect (refused) or a retry (unreachable). */
async function refreshedCredentials(
  userId: string,
  live: LiveConnection,
  platform: Platform,
  accountId: string,
  now: Date,
): Promise<Credentials | null> {
  try {
    return await adapterFor(platform).refreshCredentials(live, now);
  } catch (error) {
    if (error instanceof PlatformRejectedError || error instanceof ReconnectRequiredError) {
      // Nothing can be posted until the user connects again; the card shows it (connectionData.needsReconnect).
      await markConnectionNeedsReconnect(userId, platform, accountId, now.toISOString());
      logger.warn('platform grant revoked or expired', { userId, platform, accountId, reason: error.message });
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
 * The workspace's account with its secrets decrypted, refreshed first when the adapter says the
 * tokens need it (stored again, encrypted). `accountId` null or absent: the platform's first connected
 * account (what a run, plug or scheduled item from before several accounts means). Null when not connected.
 */
export async function loadLiveConnection(
  userId: string,
  platform: Platform,
  now: Date,
  accountId?: string | null,
): Promise<LiveConnection | null> {
  const record = await resolveAccount(userId, platform, accountId);
  if (!record?.isConnected || !record.accessToken) return null;
  const live: LiveConnection = {
    platformUsername: record.platformUsername,
    connectionData: record.connectionData,
    credentials: {
      accessToken: await openToken(record.accessToken, boundTo(record, 'access')),
      refreshToken: record.refreshToken ? await openToken(record.refreshToken, boundTo(record, 'refresh')) : null,
      expiresAt: record.tokenExpiresAt,
    },
  };
  if (record.connectionData.needsReconnect === true) throw ReconnectRequiredError.forPlatform(platform);
  const refreshed = await refreshedCredentials(userId, live, platform, record.accountId, now);
  if (refreshed) {
    live.credentials = refreshed;
    const binding = { userId, platform, accountId: record.accountId };
    await updateConnectionTokens(userId, platform, record.accountId, {
      accessToken: await sealToken(refreshed.accessToken, boundTo(binding, 'access')),
      refreshToken: refreshed.refreshToken
        ? await sealToken(refreshed.refreshToken, boundTo(binding, 'refresh'))
        : null,
      tokenExpiresAt: refreshed.expiresAt,
      updatedAt: now.toISOString(),
    });
    logger.info('platform credentials refreshed', { userId, platform, accountId: record.accountId });
  }
  return live;
}

/**
 * The platform refused an account's token while it was used (a post, a reading): it is marked as
 * needing the user again. `accountId` null: the platform's first account (a run from before several accounts).
 */
export async function markAccountNeedsReconnect(
  userId: string,
  platform: Platform,
  accountId: string | null | undefined,
  now: Date,
): Promise<void> {
  const record = await resolveAccount(userId, platform, accountId);
  if (record) await markConnectionNeedsReconnect(userId, platform, record.accountId, now.toISOString());
}

/** PATCH /api/connections/{platform}/{accountId}: names one of the workspace's accounts. */
export async function renameAccount(
  userId: string,
  platform: Platform,
  accountId: string,
  name: string,
  now: Date,
): Promise<ConnectionView> {
  const updatedAt = now.toISOString();
  if (!(await renameConnection(userId, platform, accountId, name, updatedAt))) throw new AccountNotFoundError(platform);
  const record = await getConnection(userId, platform, accountId);
  if (!record) throw new AccountNotFoundError(platform);
  return toView(record);
}
