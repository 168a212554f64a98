import { describe, expect, it } from 'vitest';
import { oauthReturnPath, parseOAuthReturn } from '#web/features/connections/lib/oauth-return';

const parse = (query: string) => parseOAuthReturn(new URLSearchParams(query));

describe('parseOAuthReturn', () => {
  it('reads a success with the username, and keeps the page’s own parameters', () => {
    expect(parse('tab=1&reddit_connected=true&username=ada&next=2')).toEqual({
      notice: { platform: 'reddit', outcome: 'connected', message: null, username: 'ada' },
      rest: new URLSearchParams('tab=1&next=2'),
    });
  });

  it('reads an error with its message', () => {
    const result = parse('discord_oauth_error=true&message=Access%20denied%20by%20user');
    expect(result?.notice).toEqual({
      platform: 'discord',
      outcome: 'failed',
      message: 'Access denied by user',
      username: null,
    });
    expect(result?.rest.toString()).toBe('');
  });

  it('gives no message for an empty one, so the generic text is shown', () => {
    expect(parse('mastodon_oauth_error=true&message=%20%20')?.notice?.message).toBeNull();
  });

  it('works for every platform, twitter included', () => {
    expect(parse('twitter_connected=true')?.notice?.platform).toBe('twitter');
    expect(parse('facebook_oauth_error=true')?.notice?.platform).toBe('facebook');
  });

  it('is null without a result, leaving message and username of other pages alone', () => {
    expect(parse('message=hello&username=ada')).toBeNull();
    expect(parse('myspace_connected=true')).toBeNull();
    expect(parse('')).toBeNull();
  });

  it('clears a result that is not "true" without a notice', () => {
    expect(parse('reddit_connected=false&message=x')).toEqual({ notice: null, rest: new URLSearchParams() });
  });
});

describe('oauthReturnPath', () => {
  it('keeps the page’s query, encoded with only the characters the server accepts', () => {
    const path = oauthReturnPath('/create', '?step=share&selectedPlatforms=discord,reddit&url=https://a.example/x y');
    expect(path).toMatch(/^\/(?![/\\])[\w\-./~%?=&]*$/);
    expect(new URLSearchParams(path.split('?')[1]).get('selectedPlatforms')).toBe('discord,reddit');
    expect(new URLSearchParams(path.split('?')[1]).get('url')).toBe('https://a.example/x y');
  });

  it('is the bare path without a query or when the query is too long', () => {
    expect(oauthReturnPath('/thread/abc', '')).toBe('/thread/abc');
    expect(oauthReturnPath('/create', `?url=${'a'.repeat(400)}`)).toBe('/create');
  });
});
