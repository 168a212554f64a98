// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { Platform } from '../schemas/thread';

/** One Discord channel the bot may post in, with the server (guild) it belongs to. */
export interface DiscordChannelOption {
  guildId: string;
  guildName: string;
  channelId: string;
  channelName: string;
}

/** One subreddit as Reddit listed it for the connected account (kept in the connection's data). */
export interface SubredditOption {
  name: string;
  title: string;
  subscribers: number;
  userIsModerator: boolean;
  userIsContributor: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

/** The servers in a Discord connection's data, each with the channels the bot may post in. */
export function discordGuilds(
  connectionData: Record<string, unknown>,
): { guildId: string; guildName: string; channels: DiscordChannelOption[] }[] {
  const guilds = Array.isArray(connectionData.channels) ? connectionData.channels : [];
  return guilds.flatMap((entry) => {
    if (!isRecord(entry) || !isRecord(entry.guild)) return [];
    const guildId = text(entry.guild.id);
    if (!guildId) return [];
    const guildName = text(entry.guild.name) ?? guildId;
    const channels = (Array.isArray(entry.channels) ? entry.channels : []).flatMap((channel) => {
      if (!isRecord(channel)) return [];
      const channelId = text(channel.id);
      return channelId ? [{ guildId, guildName, channelId, channelName: text(channel.name) ?? channelId }] : [];
    });
    return [{ guildId, guildName, channels }];
  });
}

/** Every channel of a Discord connection, across its servers. */
export function discordChannels(connectionData: Record<string, unknown>): DiscordChannelOption[] {
  return discordGuilds(connectionData).flatMap((guild) => guild.channels);
}

/** The Pages a Facebook connection may post on (ids and names; their tokens are never in the data). */
export function facebookPages(connectionData: Record<string, unknown>): { id: string; name: string }[] {
  const pages = Array.isArray(connectionData.pages) ? connectionData.pages : [];
  return pages.flatMap((page) => {
    if (!isRecord(page)) return [];
    const id = text(page.id);
    return id ? [{ id, name: text(page.name) ?? id }] : [];
  });
}

/** Every subreddit in a Reddit connection's data, as stored. */
export function redditSubreddits(connectionData: Record<string, unknown>): SubredditOption[] {
  const list = Array.isArray(connectionData.subreddits) ? connectionData.subreddits : [];
  return list.flatMap((entry) => {
    if (!isRecord(entry)) return [];
    const name = text(entry.name);
    if (!name) return [];
    return [
      {
        name,
        title: text(entry.title) ?? name,
        subscribers: typeof entry.subscribers === 'number' && entry.subscribers >= 0 ? entry.subscribers : 0,
        userIsModerator: entry.userIsModerator === true,
        userIsContributor: entry.userIsContributor === true,
      },
    ];
  });
}

/** Only subreddits where the user is a moderator or an approved contributor can take a post. */
export function postableSubreddits(subreddits: readonly SubredditOption[]): SubredditOption[] {
  return subreddits.filter((subreddit) => subreddit.userIsModerator || subreddit.userIsContributor);
}

/** The subreddit list gets a search box above this many entries. */
export const SUBREDDIT_SEARCH_THRESHOLD = 5;

/** Subreddits whose name or title contains the query (case-insensitive); all of them for an empty query. */
export function searchSubreddits(subreddits: readonly SubredditOption[], query: string): SubredditOption[] {
  const needle = query.trim().toLowerCase().replace(/^r\//, '');
  if (!needle) return [...subreddits];
  return subreddits.filter(
    (subreddit) => subreddit.name.toLowerCase().includes(needle) || subreddit.title.toLowerCase().includes(needle),
  );
}

/** Subscriber counts as the spec shows them: 999, 1.2K, 12K, 3.4M (one decimal below 10, none above). */
export function formatSubscriberCount(count: number): string {
  const value = Math.max(0, Math.floor(count));
  const scaled = (divisor: number, suffix: string) => {
    const amount = value / divisor;
    const shown = amount < 10 ? Math.floor(amount * 10) / 10 : Math.floor(amount);
    return `${Number.isInteger(shown) ? shown.toFixed(0) : shown.toFixed(1)}${suffix}`;
  };
  if (value >= 1_000_000) return scaled(1_000_000, 'M');
  if (value >= 1_000) return scaled(1_000, 'K');
  return String(value);
}

/**
 * The target chosen for a platform that posts into a chosen place (Discord channel, Reddit
 * subreddit, Facebook Page), or null when none is chosen; undefined for platforms that need no target.
 */
export function selectedTargetOf(
  platform: Platform,
  connectionData: Record<string, unknown>,
): string | null | undefined {
  if (platform === 'discord') return text(connectionData.selectedChannelId);
  if (platform === 'reddit') return text(connectionData.selectedSubreddit);
  if (platform === 'facebook') return text(connectionData.selectedPageId);
  return undefined;
}

/**
 * The share button is enabled only when platforms are chosen, a chosen Discord has a
 * channel and a chosen Reddit has a subreddit.
 */
export function canShareTo(
  selected: readonly Platform[],
  connectionDataOf: (platform: Platform) => Record<string, unknown> | undefined,
): boolean {
  return (
    selected.length > 0 &&
    selected.every((platform) => selectedTargetOf(platform, connectionDataOf(platform) ?? {}) !== null)
  );
}
