import type { AuthorHandles } from '#shared/schemas/article';
import { safeDecode } from '#shared/url';
import { absoluteUrl, jsonLdArticle, type PageHead, resolveJsonLdReference } from './page-metadata';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Handle syntaxes: X/Twitter 1-15 word characters; Bluesky a domain name; fediverse user@domain.
const TWITTER_HANDLE = /^@?([A-Za-z0-9_]{1,15})$/;
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;
const FEDIVERSE_HANDLE = /^@?([A-Za-z0-9_.-]+)@((?:[a-z0-9-]+\.)+[a-z]{2,})$/i;
// Paths on X/Twitter that are not profiles.
const TWITTER_RESERVED = new Set(['intent', 'share', 'home', 'i', 'search', 'hashtag', 'login', 'signup', 'explore']);
// Sites whose /@name paths are profiles but not fediverse accounts.
const NOT_FEDIVERSE =
  /(^|\.)(medium\.com|youtube\.com|tiktok\.com|threads\.net|threads\.com|substack\.com|x\.com|twitter\.com|bsky\.app)$/i;

function twitterFromUrl(url: URL): string | null {
  if (!/^(www\.|mobile\.)?(twitter\.com|x\.com)$/i.test(url.hostname)) return null;
  const name = url.pathname.split('/')[1] ?? '';
  return TWITTER_HANDLE.test(name) && !TWITTER_RESERVED.has(name.toLowerCase()) ? `@${name}` : null;
}

function blueskyFromUrl(url: URL): string | null {
  if (!/^(www\.)?bsky\.app$/i.test(url.hostname)) return null;
  const match = /^\/profile\/([^/]+)\/?$/.exec(url.pathname);
  // A page's link may hold any bytes: an escape that does not decode is no handle, not an error.
  const name = match?.[1] ? (safeDecode(match[1])?.toLowerCase() ?? null) : null;
  if (!name) return null;
  if (name.startsWith('did:')) return name;
  return DOMAIN.test(name) ? `@${name}` : null;
}

function fediverseFromUrl(url: URL): string | null {
  if (NOT_FEDIVERSE.test(url.hostname)) return null;
  const match = /^\/@([A-Za-z0-9_.-]+)\/?$/.exec(url.pathname);
  return match ? `@${match[1]}@${url.hostname.toLowerCase()}` : null;
}

const AUTHOR_BOX_LINKS = ['[rel~="author"]', '[itemprop~="author"]', '.byline', '.author', '.author-bio']
  .map((box) => `${box} a[href]`)
  .join(', ');

const isSocialProfile = (url: URL) => Boolean(twitterFromUrl(url) ?? blueskyFromUrl(url) ?? fediverseFromUrl(url));

function sameAsUrls(objects: JsonObject[]): string[] {
  const article = jsonLdArticle(objects);
  // An author may be described elsewhere in the graph and only referenced by its @id.
  const authors = [article?.author ?? []]
    .flat()
    .map((author) => resolveJsonLdReference(author, objects))
    .filter(isObject);
  return authors
    .flatMap((person) => [person.sameAs ?? []].flat())
    .filter((value): value is string => typeof value === 'string');
}

/**
 * The author's social accounts declared by the page: `twitter:creator`, `fediverse:creator`,
 * rel="me" links, JSON-LD author.sameAs, and Bluesky profile links among those.
 */
export function findAuthorHandles(document: Document, head: PageHead): AuthorHandles {
  const { baseUrl, metas } = head;
  const relMe = [...document.querySelectorAll('a[rel~="me"][href], link[rel~="me"][href]')].map((element) =>
    element.getAttribute('href'),
  );
  // Social links in the byline or author box are the author's, unlike share buttons elsewhere.
  const bylineLinks = [...document.querySelectorAll(AUTHOR_BOX_LINKS)]
    .map((element) => absoluteUrl(element.getAttribute('href'), baseUrl))
    .filter((href): href is string => href !== null && isSocialProfile(new URL(href)));
  const profiles = [
    ...new Set(
      [...relMe, ...sameAsUrls(head.jsonLd)]
        .map((href) => absoluteUrl(href, baseUrl))
        .filter((href): href is string => href !== null)
        .concat(bylineLinks),
    ),
  ];
  const profileUrls = profiles.map((href) => new URL(href));

  const creator = metas.get('twitter:creator')?.trim();
  const twitter =
    (creator && TWITTER_HANDLE.test(creator) ? `@${creator.replace(/^@/, '')}` : null) ??
    profileUrls.map(twitterFromUrl).find(Boolean) ??
    null;
  const fediverseMeta = metas.get('fediverse:creator')?.trim();
  const fediverseMatch = fediverseMeta ? FEDIVERSE_HANDLE.exec(fediverseMeta) : null;
  const fediverse =
    (fediverseMatch ? `@${fediverseMatch[1]}@${fediverseMatch[2]?.toLowerCase()}` : null) ??
    profileUrls.map(fediverseFromUrl).find(Boolean) ??
    null;
  const bluesky = profileUrls.map(blueskyFromUrl).find(Boolean) ?? null;

  return {
    ...(twitter ? { twitter } : {}),
    ...(fediverse ? { fediverse } : {}),
    ...(bluesky ? { bluesky } : {}),
    profiles,
  };
}
