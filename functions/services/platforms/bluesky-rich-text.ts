import type { AppBskyRichtextFacet } from '@atcute/bluesky';
import tlds from 'tlds';
import { BLUESKY_GRAPHEME_LIMIT, graphemeLength } from '#shared/publishing/platform-rules';
import { PlatformRejectedError } from './platform-adapter';

type Facet = AppBskyRichtextFacet.Main;
type Feature = Facet['features'][number];
/** A handle as the AT Protocol writes it (domain syntax); a DID as resolution returns it. */
export type Handle = `${string}.${string}`;
export type Did = `did:${string}:${string}`;

/** A handle's DID, or null when it does not resolve (the mention is then left as plain text). */
export type HandleResolver = (handle: Handle) => Promise<Did | null>;

const encoder = new TextEncoder();
const topLevelDomains = new Set(tlds);
/** The bytes before a UTF-16 index: facets count UTF-8 bytes, not string indexes. */
const bytesBefore = (text: string, index: number) => encoder.encode(text.slice(0, index)).byteLength;

// A handle is a domain name: labels of letters, digits and inner hyphens, the last starting with a letter.
const HANDLE_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;
// A mention starts the text, follows a space or an opening parenthesis.
const MENTION_PATTERN = /(?<=^|[\s(])@([a-z0-9.-]+)/gi;
// A word (what may be a link) starts where a mention does, but not with a parenthesis.
const WORD_PATTERN = /(?<=^|[\s(])[^\s(]\S*/g;
const WEB_URL_PATTERN = /^https?:\/\/[^\s/?#]/i;
// A domain of two labels or more, then optionally a port, path, query or fragment.
const BARE_DOMAIN_PATTERN = /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z0-9-]+))(?:[:/?#]\S*)?$/i;
const TAG_PATTERN = /(?<=^|\s)[#＃](\S+)/gu;
// Zero-width characters (soft hyphen, word joiner, zero-width space and joiners) end a tag as a space does.
const ZERO_WIDTH = /\u00AD|\u2060|\u200B|\u200C|\u200D|\u20E2/u;
const TRAILING_PUNCTUATION = /\p{P}+$/u;
const TAG_MAX_GRAPHEMES = 64;
const TAG_MAX_BYTES = 640;

/**
 * A syntactically valid handle on a known top-level domain, or on `.test`, which development PDSes
 * (and our tests) give their accounts.
 */
function isHandle(value: string): value is Handle {
  const tld = value.slice(value.lastIndexOf('.') + 1).toLowerCase();
  return value.length <= 253 && HANDLE_PATTERN.test(value) && (topLevelDomains.has(tld) || tld === 'test');
}

/** `word` without the sentence punctuation after it, nor a closing parenthesis it did not open. */
function withoutTrailingPunctuation(word: string): string {
  let end = word.length;
  for (;;) {
    const last = word[end - 1];
    if (last !== undefined && '.,;:!?'.includes(last)) end -= 1;
    else if (last === ')' && count(word, '(', end) < count(word, ')', end)) end -= 1;
    else return word.slice(0, end);
  }
}

function count(text: string, character: string, end: number): number {
  let found = 0;
  for (let index = 0; index < end; index += 1) if (text[index] === character) found += 1;
  return found;
}

/** The URI a (trimmed) word links to: an http(s) URL as written, or a bare domain on a known TLD given https://. */
function linkTarget(word: string): string | null {
  if (WEB_URL_PATTERN.test(word)) return URL.canParse(word) ? word : null;
  const domain = BARE_DOMAIN_PATTERN.exec(word);
  const tld = domain?.[2]?.toLowerCase();
  if (!tld || !topLevelDomains.has(tld)) return null;
  const uri = `https://${word}`;
  return URL.canParse(uri) ? uri : null;
}

interface Span {
  start: number;
  end: number;
  feature: Feature;
}

function linkSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    const word = withoutTrailingPunctuation(match[0]);
    const uri = linkTarget(word);
    if (!uri) continue;
    const start = match.index;
    spans.push({
      start,
      end: start + word.length,
      feature: { $type: 'app.bsky.richtext.facet#link', uri: uri as `${string}:${string}` },
    });
  }
  return spans;
}

function tagSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(TAG_PATTERN)) {
    const tag = (match[1] ?? '').split(ZERO_WIDTH)[0]!.replace(TRAILING_PUNCTUATION, '');
    // A keycap emoji (#️⃣) is not a tag, nor a number (#1), nor punctuation alone.
    if (tag.startsWith('\uFE0F') || !/[^\p{N}\p{P}]/u.test(tag)) continue;
    if (graphemeLength(tag) > TAG_MAX_GRAPHEMES || encoder.encode(tag).byteLength > TAG_MAX_BYTES) continue;
    const start = match.index;
    spans.push({ start, end: start + 1 + tag.length, feature: { $type: 'app.bsky.richtext.facet#tag', tag } });
  }
  return spans;
}

/** The mentions `@handle` in `text`, each with its handle (lowercased, as resolution expects it). */
function mentionsIn(text: string): { start: number; end: number; handle: Handle }[] {
  const mentions: { start: number; end: number; handle: Handle }[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const run = match[1] ?? '';
    // Glued to more word characters ('@ada.test_x', '@a.b@c.d'), it is not a mention.
    if (/[\p{L}\p{N}_@]/u.test(text[match.index + 1 + run.length] ?? '')) continue;
    const handle = run.replace(/[.-]+$/, '');
    if (!isHandle(handle)) continue;
    mentions.push({ start: match.index, end: match.index + 1 + handle.length, handle: handle.toLowerCase() as Handle });
  }
  return mentions;
}

async function mentionSpans(text: string, resolve: HandleResolver): Promise<Span[]> {
  const mentions = mentionsIn(text);
  const handles = [...new Set(mentions.map((mention) => mention.handle))];
  const dids = new Map(
    await Promise.all(handles.map(async (handle) => [handle, await resolve(handle).catch(() => null)] as const)),
  );
  return mentions.flatMap(({ start, end, handle }) => {
    const did = dids.get(handle);
    return did ? [{ start, end, feature: { $type: 'app.bsky.richtext.facet#mention' as const, did } }] : [];
  });
}

/** A facet feature the PDS accepts: a link, a tag, or a mention whose handle resolved to a DID. */
function isPostableFeature(feature: Feature): boolean {
  switch (feature.$type) {
    case 'app.bsky.richtext.facet#mention':
      return String(feature.did).startsWith('did:');
    case 'app.bsky.richtext.facet#link':
      return String(feature.uri).length > 0;
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
 * A post's text with its facets: links (http(s) URLs, and bare domains on a known top-level domain),
 * #tags, and @mentions whose handle `resolve` finds, at UTF-8 byte offsets. Refused before any call
 * when it is over Bluesky's 300 graphemes.
 */
export async function richPost(text: string, resolve: HandleResolver): Promise<{ text: string; facets: Facet[] }> {
  const length = graphemeLength(text);
  if (length > BLUESKY_GRAPHEME_LIMIT) {
    throw new PlatformRejectedError(`A post is ${length} characters long; Bluesky allows ${BLUESKY_GRAPHEME_LIMIT}`);
  }
  const spans = [...(await mentionSpans(text, resolve)), ...linkSpans(text), ...tagSpans(text)];
  const facets = spans.map(({ start, end, feature }) => ({
    index: { byteStart: bytesBefore(text, start), byteEnd: bytesBefore(text, end) },
    features: [feature],
  }));
  return { text, facets: checkedFacets(text, facets) };
}

/** https://bsky.app/profile/{handle}/post/{rkey} for a post's at://{did}/{collection}/{rkey} URI. */
export function blueskyPostUrl(handle: string, uri: string): string {
  return `https://bsky.app/profile/${handle}/post/${uri.split('/').at(-1)}`;
}
