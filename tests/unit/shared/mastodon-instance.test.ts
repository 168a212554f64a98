import { describe, expect, it } from 'vitest';
import {
  looksLikeMastodonDomain,
  looksLikeMastodonHost,
  mastodonPresetServers,
  normaliseMastodonInstance,
  OTHER_MASTODON_SERVER,
  validateMastodonConnect,
} from '#shared/publishing/mastodon-instance';

describe('the Mastodon instance a user names', () => {
  it('is reduced to its host: protocol, path, account part and trailing dot stripped, lower case', () => {
    expect(normaliseMastodonInstance(' https://Mastodon.Social/@me?x=1 ')).toBe('mastodon.social');
    expect(normaliseMastodonInstance('hachyderm.io.')).toBe('hachyderm.io');
    expect(normaliseMastodonInstance('alice@fosstodon.org')).toBe('fosstodon.org');
    expect(normaliseMastodonInstance('http://social.example:8443/path')).toBe('social.example:8443');
  });

  it('must look like a domain name with a top-level part', () => {
    for (const good of ['mastodon.social', 'mas.to', 'social.xn--p1ai', 'a-b.example.co.uk', 'social.example:8443']) {
      expect(looksLikeMastodonDomain(good), good).toBe(true);
    }
    for (const bad of ['localhost', '10.0.0.1', 'mastodon', '-bad.example', 'bad-.example', 'a..b', 'x.c0m', '']) {
      expect(looksLikeMastodonDomain(bad), bad).toBe(false);
    }
  });

  it('may also be an IP address or host:port (the server decides which it reaches), as the server accepts', () => {
    for (const good of [
      'mastodon.social',
      '127.0.0.1:4640',
      '203.0.113.7',
      'localhost:4640',
      '[::1]:4640',
      '[2001:db8::1]',
    ]) {
      expect(looksLikeMastodonHost(good), good).toBe(true);
    }
    for (const bad of ['localhost', 'mastodon', 'not a server', 'host:0', 'host:99999', '1.2.3', 'x:', '']) {
      expect(looksLikeMastodonHost(bad), bad).toBe(false);
    }
    expect(
      validateMastodonConnect({ server: OTHER_MASTODON_SERVER, customInstance: '127.0.0.1:4640', username: 'a' }),
    ).toEqual({ ok: true, instance: '127.0.0.1:4640', username: 'a' });
  });

  it('offers the spec’s presets with this app’s host fourth, when that host is a domain', () => {
    expect(mastodonPresetServers('threadsnip.app')).toEqual([
      'mastodon.social',
      'mas.to',
      'mstdn.social',
      'threadsnip.app',
      'mastodon.world',
      'hachyderm.io',
      'pixelfed.social',
    ]);
    expect(mastodonPresetServers('localhost:5173')).not.toContain('localhost:5173');
    expect(mastodonPresetServers('mas.to').filter((server) => server === 'mas.to')).toHaveLength(1);
  });
});

describe('the Mastodon connect form', () => {
  it('gives the spec’s message for each missing or invalid field, in order', () => {
    expect(validateMastodonConnect({ server: '', customInstance: '', username: 'alice' })).toEqual({
      ok: false,
      error: 'Please select a server or enter a custom instance',
    });
    expect(validateMastodonConnect({ server: OTHER_MASTODON_SERVER, customInstance: ' ', username: 'a' })).toEqual({
      ok: false,
      error: 'Please select a server or enter a custom instance',
    });
    expect(
      validateMastodonConnect({ server: OTHER_MASTODON_SERVER, customInstance: 'not a server', username: 'a' }),
    ).toEqual({ ok: false, error: 'Please enter a valid Mastodon instance (e.g., mastodon.social)' });
    expect(validateMastodonConnect({ server: '', customInstance: '', username: 'a' }, { editing: true })).toEqual({
      ok: false,
      error: 'Instance Required',
    });
    expect(validateMastodonConnect({ server: 'mas.to', customInstance: '', username: ' @ ' })).toEqual({
      ok: false,
      error: 'Please enter your username',
    });
  });

  it('returns the instance and username normalised', () => {
    expect(
      validateMastodonConnect({
        server: OTHER_MASTODON_SERVER,
        customInstance: 'https://Fosstodon.org/',
        username: '@alice@fosstodon.org',
      }),
    ).toEqual({ ok: true, instance: 'fosstodon.org', username: 'alice' });
    expect(validateMastodonConnect({ server: 'mastodon.social', customInstance: 'ignored', username: 'bob' })).toEqual({
      ok: true,
      instance: 'mastodon.social',
      username: 'bob',
    });
  });
});
