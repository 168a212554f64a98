import { describe, expect, it } from 'vitest';
import {
  canShareTo,
  discordChannels,
  formatSubscriberCount,
  postableSubreddits,
  redditSubreddits,
  searchSubreddits,
  selectedTargetOf,
} from '#shared/publishing/targets';

const subreddit = (name: string, extra: Partial<Record<string, unknown>> = {}) => ({
  name,
  title: `${name} title`,
  subscribers: 10,
  userIsModerator: false,
  userIsContributor: false,
  ...extra,
});

describe('formatSubscriberCount', () => {
  it('shows thousands as K and millions as M, one decimal below ten, never rounding up', () => {
    expect(formatSubscriberCount(0)).toBe('0');
    expect(formatSubscriberCount(999)).toBe('999');
    expect(formatSubscriberCount(1000)).toBe('1K');
    expect(formatSubscriberCount(1250)).toBe('1.2K');
    expect(formatSubscriberCount(9999)).toBe('9.9K');
    expect(formatSubscriberCount(12_345)).toBe('12K');
    expect(formatSubscriberCount(999_999)).toBe('999K');
    expect(formatSubscriberCount(3_400_000)).toBe('3.4M');
    expect(formatSubscriberCount(25_000_000)).toBe('25M');
    expect(formatSubscriberCount(-5)).toBe('0');
  });
});

describe('Reddit subreddits', () => {
  it('reads the stored list, skipping malformed entries', () => {
    const data = { subreddits: [subreddit('rust', { subscribers: 5 }), { title: 'no name' }, 'junk'] };
    expect(redditSubreddits(data)).toEqual([subreddit('rust', { subscribers: 5 })]);
    expect(redditSubreddits({})).toEqual([]);
  });

  it('keeps only subreddits where the user moderates or contributes', () => {
    const list = [
      subreddit('mine', { userIsModerator: true }),
      subreddit('approved', { userIsContributor: true }),
      subreddit('reader'),
    ];
    expect(postableSubreddits(list).map((s) => s.name)).toEqual(['mine', 'approved']);
  });

  it('searches names and titles case-insensitively, with or without the r/ prefix', () => {
    const list = [subreddit('TypeScript'), subreddit('rust', { title: 'The Rust language' })];
    expect(searchSubreddits(list, 'r/type').map((s) => s.name)).toEqual(['TypeScript']);
    expect(searchSubreddits(list, 'LANGUAGE').map((s) => s.name)).toEqual(['rust']);
    expect(searchSubreddits(list, '  ')).toHaveLength(2);
  });
});

describe('Discord channels', () => {
  it('flattens the servers and their channels, naming each channel’s server', () => {
    const data = {
      channels: [
        { guild: { id: 'g1', name: 'Readers' }, channels: [{ id: 'c1', name: 'news' }, { name: 'no id' }] },
        { guild: { name: 'no id' }, channels: [{ id: 'c9', name: 'lost' }] },
      ],
    };
    expect(discordChannels(data)).toEqual([
      { guildId: 'g1', guildName: 'Readers', channelId: 'c1', channelName: 'news' },
    ]);
  });
});

describe('the share button rule', () => {
  const data: Record<string, Record<string, unknown>> = {
    telegram: { chatId: '-1' },
    discord: { selectedChannelId: 'c1' },
    reddit: {},
  };
  const of = (platform: string) => data[platform];

  it('needs at least one platform', () => {
    expect(canShareTo([], of)).toBe(false);
    expect(canShareTo(['telegram'], of)).toBe(true);
  });

  it('needs a channel for Discord and a subreddit for Reddit', () => {
    expect(canShareTo(['telegram', 'discord'], of)).toBe(true);
    expect(canShareTo(['telegram', 'reddit'], of)).toBe(false);
    expect(canShareTo(['discord'], () => ({}))).toBe(false);
    expect(canShareTo(['reddit'], () => ({ selectedSubreddit: 'rust' }))).toBe(true);
  });

  it('needs a chosen Page for Facebook', () => {
    expect(canShareTo(['facebook'], () => ({ pages: [{ id: 'p1', name: 'Gazette' }] }))).toBe(false);
    expect(canShareTo(['facebook'], () => ({ selectedPageId: 'p1' }))).toBe(true);
  });

  it('names the selected target only for platforms that have one', () => {
    expect(selectedTargetOf('discord', { selectedChannelId: 'c1' })).toBe('c1');
    expect(selectedTargetOf('reddit', {})).toBeNull();
    expect(selectedTargetOf('telegram', { chatId: '-1' })).toBeUndefined();
  });
});
