// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberTwitterState, twitterStateKey } from '#web/features/connections/lib/twitter-local-state';

const view = (isConnected: boolean, platformUsername: string | null) => ({
  platform: 'twitter' as const,
  accountId: 'account-1',
  name: '@ada',
  isConnected,
  platformUsername,
  connectionData: {},
  updatedAt: '2026-11-23T00:00:00.000Z',
});

beforeEach(() => window.localStorage.clear());

describe('the twitter state in local storage', () => {
  it('keeps the connection state and username per user id', () => {
    rememberTwitterState(window.localStorage, 'user-1', {
      connections: [view(true, '@ada')],
      enabledPlatforms: ['twitter'],
      unavailablePlatforms: [],
    });
    rememberTwitterState(window.localStorage, 'user-2', {
      connections: [],
      enabledPlatforms: [],
      unavailablePlatforms: [],
    });
    expect(JSON.parse(window.localStorage.getItem(twitterStateKey('user-1'))!)).toEqual({
      isConnected: true,
      username: '@ada',
    });
    expect(JSON.parse(window.localStorage.getItem(twitterStateKey('user-2'))!)).toEqual({
      isConnected: false,
      username: null,
    });
  });

  it('records a disconnect', () => {
    const response = { connections: [view(true, '@ada')], enabledPlatforms: [], unavailablePlatforms: [] };
    rememberTwitterState(window.localStorage, 'user-1', response);
    rememberTwitterState(window.localStorage, 'user-1', { ...response, connections: [view(false, null)] });
    expect(JSON.parse(window.localStorage.getItem(twitterStateKey('user-1'))!)).toEqual({
      isConnected: false,
      username: null,
    });
  });
});
