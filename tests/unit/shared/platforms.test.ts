import { describe, expect, it } from 'vitest';
import {
  CONNECTION_SETTINGS_ORDER,
  isPlatform,
  isPlatformEnabled,
  MASTODON_OTHER_OPTION,
  mastodonPresetServers,
  PLATFORM_DISPLAY_NAMES,
  platformDisplayName,
  validateMastodonConnect,
  validateMastodonInstance,
} from '../../../shared/platforms';
import { PLATFORMS } from '../../../shared/schemas/thread';

const INVALID_INSTANCE = 'Please enter a valid Mastodon instance (e.g., mastodon.social)';
const NO_SERVER = 'Please select a server or enter a custom instance';

describe('platforms', () => {
  it('names the seven platforms, twitter as Twitter/X', () => {
    expect(Object.keys(PLATFORM_DISPLAY_NAMES).sort()).toEqual([...PLATFORMS].sort());
    expect(platformDisplayName('twitter')).toBe('Twitter/X');
    expect(platformDisplayName('bluesky')).toBe('Bluesky');
    expect(platformDisplayName('mastodon')).toBe('Mastodon');
  });

  it('orders the settings cards as the spec lists them, each platform once', () => {
    expect(CONNECTION_SETTINGS_ORDER).toEqual([
      'twitter',
      'facebook',
      'reddit',
      'discord',
      'mastodon',
      'bluesky',
      'telegram',
    ]);
  });

  it('recognises platform ids only', () => {
    expect(isPlatform('reddit')).toBe(true);
    expect(isPlatform('Twitter/X')).toBe(false);
    expect(isPlatform('myspace')).toBe(false);
    expect(isPlatform(null)).toBe(false);
  });

  it('treats a platform with no settings row as enabled', () => {
    const settings = [
      { platformId: 'reddit', isEnabled: false },
      { platformId: 'discord', isEnabled: true },
    ];
    expect(isPlatformEnabled('reddit', settings)).toBe(false);
    expect(isPlatformEnabled('discord', settings)).toBe(true);
    expect(isPlatformEnabled('telegram', settings)).toBe(true);
  });
});

describe('mastodonPresetServers', () => {
  it('lists the spec presets with the app host fourth', () => {
    expect(mastodonPresetServers('threadsnip.app')).toEqual([
      'mastodon.social',
      'mas.to',
      'mstdn.social',
      'threadsnip.app',
      'mastodon.world',
      'hachyderm.io',
      'pixelfed.social',
    ]);
  });

  it('does not repeat a host, nor list an empty one', () => {
    expect(mastodonPresetServers('mas.to')).toHaveLength(6);
    expect(mastodonPresetServers('')).not.toContain('');
  });
});

describe('validateMastodonInstance', () => {
  it.each([
    ['mastodon.social', 'mastodon.social'],
    ['https://Hachyderm.IO/', 'hachyderm.io'],
    ['http://social.example.co.uk', 'social.example.co.uk'],
    ['  fosstodon.org  ', 'fosstodon.org'],
    ['mastodon.example.com:8443', 'mastodon.example.com:8443'],
    ['mästodon.de', 'xn--mstodon-5wa.de'],
  ])('accepts %s as %s', (input, instance) => {
    expect(validateMastodonInstance(input)).toEqual({ ok: true, instance });
  });

  it.each([
    ['no top-level part', 'mastodon'],
    ['localhost', 'localhost'],
    ['an IP address', '192.168.1.10'],
    ['a path', 'mastodon.social/@someone'],
    ['a user', 'someone@mastodon.social'],
    ['a space', 'mastodon social.org'],
    ['a double dot', 'mastodon..social'],
    ['a leading hyphen', '-mastodon.social'],
    ['a one-letter top-level part', 'mastodon.s'],
    ['another scheme', 'ftp://mastodon.social'],
  ])('refuses %s', (_, input) => {
    expect(validateMastodonInstance(input)).toEqual({ ok: false, error: INVALID_INSTANCE });
  });

  it('asks for a server when nothing is entered', () => {
    expect(validateMastodonInstance('  ')).toEqual({ ok: false, error: NO_SERVER });
    expect(validateMastodonInstance('https://')).toEqual({ ok: false, error: NO_SERVER });
  });
});

describe('validateMastodonConnect', () => {
  it('accepts a preset server and a username, dropping a leading @', () => {
    expect(validateMastodonConnect({ server: 'mas.to', customInstance: '', username: '@curator' })).toEqual({
      ok: true,
      instance: 'mas.to',
      username: 'curator',
    });
  });

  it('validates the custom instance when Other is chosen', () => {
    const form = { server: MASTODON_OTHER_OPTION, customInstance: 'https://social.example.org/', username: 'me' };
    expect(validateMastodonConnect(form)).toEqual({ ok: true, instance: 'social.example.org', username: 'me' });
    expect(validateMastodonConnect({ ...form, customInstance: 'nope' })).toEqual({
      ok: false,
      error: INVALID_INSTANCE,
    });
    expect(validateMastodonConnect({ ...form, customInstance: '' })).toEqual({ ok: false, error: NO_SERVER });
  });

  it('asks for a server, then for a username', () => {
    expect(validateMastodonConnect({ server: '', customInstance: '', username: 'me' })).toEqual({
      ok: false,
      error: NO_SERVER,
    });
    expect(validateMastodonConnect({ server: 'mas.to', customInstance: '', username: ' @ ' })).toEqual({
      ok: false,
      error: 'Please enter your username',
    });
  });
});
