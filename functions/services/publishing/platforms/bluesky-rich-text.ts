import type { AppBskyRichtextFacet, RichText } from '@atproto/api';
import { BLUESKY_GRAPHEME_LIMIT } from '../../../../shared/publishing/platform-rules';
import { PlatformRejectedError } from '../platform-adapter';
import { atproto } from './atproto-sdk';

type Facet = AppBskyRichtextFacet.Main;
type Feature = Facet['features'][number];

const encoder = new TextEncoder();

/** A facet feature the PDS accepts: a link, a tag, or a mention whose handle resolved to a DID. */
function isPostableFeature(feature: Feature): boolean {
  switch (feature.$type) {
    case 'app.bsky.richtext.facet#mention':
      return String((feature as AppBskyRichtextFacet.Mention).did).startsWith('did:');
    case 'app.bsky.richtext.facet#link':
      return String((feature as AppBskyRichtextFacet.Link).uri).length > 0;
    case 'app.bsky.richtext.facet#tag':
      return true;
    default:
      return false;
  }
}

/**
 * The facets that hold for `text`: each range inside the text's UTF-8 bytes, non-empty, in order
 * and not overlapping, with mentions that did not resolve (an empty DID) left out. The PDS
 * accepts ranges past the text's end, so this check is ours.
 */
export function checkedFacets(text: string, facets: readonly Facet[] | undefined): Facet[] {
  const byteLength = encoder.encode(text).byteLength;
  const kept: Facet[] = [];
  let previousEnd = 0;
  for (const facet of [...(facets ?? [])].sort((a, b) => a.index.byteStart - b.index.byteStart)) {
    const { byteStart, byteEnd } = facet.index;
    const inRange =
      Number.isInteger(byteStart) && Number.isInteger(byteEnd) && byteStart >= previousEnd && byteEnd <= byteLength;
    const features = facet.features.filter(isPostableFeature);
    if (!inRange || byteStart >= byteEnd || features.length === 0) continue;
    kept.push({ ...facet, features });
    previousEnd = byteEnd;
  }
  return kept;
}

/**
 * A post's text with its facets (links, tags, mentions resolved through `resolver`), refused before
 * any call when it is over Bluesky's 300 graphemes.
 */
export async function richPost(
  text: string,
  resolver: Parameters<RichText['detectFacets']>[0],
): Promise<{ text: string; facets: Facet[] }> {
  const rich = new (await atproto()).RichText({ text });
  if (rich.graphemeLength > BLUESKY_GRAPHEME_LIMIT) {
    throw new PlatformRejectedError(
      `A post is ${rich.graphemeLength} characters long; Bluesky allows ${BLUESKY_GRAPHEME_LIMIT}`,
    );
  }
  await rich.detectFacets(resolver);
  return { text: rich.text, facets: checkedFacets(rich.text, rich.facets) };
}

/** https://bsky.app/profile/{handle}/post/{rkey} for a post's at://{did}/{collection}/{rkey} URI. */
export function blueskyPostUrl(handle: string, uri: string): string {
  return `https://bsky.app/profile/${handle}/post/${uri.split('/').at(-1)}`;
}
