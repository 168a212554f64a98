// atproto handle syntax: two or more labels of letters, digits and inner hyphens, the last not starting with a digit.
const HANDLE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// atproto DID syntax: did:method:identifier.
const DID = /^did:[a-z]+:[a-zA-Z0-9._:%-]*[a-zA-Z0-9._-]$/;

/** A Bluesky sign-in identifier this app sends: a domain-like handle (alice.bsky.social) or a DID. */
export function isBlueskyIdentifier(identifier: string): boolean {
  return identifier.length <= 2048 && (HANDLE.test(identifier) || DID.test(identifier));
}
