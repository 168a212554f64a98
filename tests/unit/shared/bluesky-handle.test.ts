import { describe, expect, it } from 'vitest';
import { isBlueskyIdentifier } from '#shared/publishing/bluesky-handle';
import { blueskyConnectRequestSchema } from '#shared/schemas/publishing';

describe('the Bluesky handle a user signs in with', () => {
  it('is a domain-like handle or a DID, checked before any request', () => {
    for (const good of ['alice.bsky.social', 'ada.test', 'xn--bcher-kva.example', 'did:plc:z72i7hdynmk6r22z27h6tvur']) {
      expect(isBlueskyIdentifier(good), good).toBe(true);
    }
    for (const bad of ['alice', 'alice.bsky.social/..', '127.0.0.1', 'a..b', 'http://pds.example', 'did:plc:', '']) {
      expect(isBlueskyIdentifier(bad), bad).toBe(false);
    }
  });

  it('is refused by the request schema with a plain message; a leading @ is dropped', () => {
    expect(blueskyConnectRequestSchema.parse({ handle: ' @alice.bsky.social ', appPassword: 'x' }).handle).toBe(
      'alice.bsky.social',
    );
    const refused = blueskyConnectRequestSchema.safeParse({ handle: 'alice', appPassword: 'x' });
    expect(refused.error?.issues[0]?.message).toBe('Please enter a valid Bluesky handle (e.g., alice.bsky.social)');
  });
});
