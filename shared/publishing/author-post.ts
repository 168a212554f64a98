/**
 * Which of a platform's search results may be quoted as the thread's credit: the article author's
 * own post about this very article. Search answers are untrusted, so both rules are checked here on
 * every result, and again on the server before a quote is made.
 */

/** A post a platform's search answered with, read into what the rules look at. */
export interface AuthorPostCandidate {
  /** What the platform quotes by: a Bluesky at:// URI, a Mastodon status id, an X post id. */
  id: string;
  /** Bluesky's record CID (a strong ref needs it); absent elsewhere. */
  cid?: string;
  /** The post's public web address. */
  url: string;
  /** The account as the platform identifies it for sure: a Bluesky DID, a Mastodon account URL, an X user id. */
  authorId: string;
  authorHandle: string;
  text: string;
  createdAt: string;
  /** Every link the post carries: facets, link card, the status's anchors and preview card. */
  links: readonly string[];
}

/** The post the credit quotes, as the share step shows it and the publish request names it. */
export interface AuthorPost {
  id: string;
  cid?: string;
  url: string;
  excerpt: string;
  createdAt: string;
  authorHandle: string;
}

/** How long the shown excerpt of the author's post may be. */
export const AUTHOR_POST_EXCERPT_LENGTH = 140;

// Query parameters that track a share rather than name the page.
const TRACKING_PARAMETER = /^(utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref_src|ref_url|igshid)$/i;

/**
 * The form two links to the same article share: scheme, `www.`, fragment, trailing slash and
 * tracking parameters ignored (authors share with and without them); null for a non-web link.
 */
export function articleUrlKey(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMETER.test(name)) url.searchParams.delete(name);
  }
  url.searchParams.sort();
  const host = url.hostname.replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}

/** True when the post is by the author's resolved account and links to the article. */
function isAuthorPostAbout(candidate: AuthorPostCandidate, authorId: string, articleUrl: string): boolean {
  const article = articleUrlKey(articleUrl);
  return (
    article !== null &&
    candidate.authorId === authorId &&
    candidate.links.some((link) => articleUrlKey(link) === article)
  );
}

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= AUTHOR_POST_EXCERPT_LENGTH ? flat : `${flat.slice(0, AUTHOR_POST_EXCERPT_LENGTH - 1)}…`;
};

/**
 * The author's post to quote among search results, or null: only posts by `authorId` linking to the
 * article count, and of those the earliest — the author's own announcement rather than a later
 * reminder or reply.
 */
export function chooseAuthorPost(
  candidates: readonly AuthorPostCandidate[],
  authorId: string,
  articleUrl: string,
): AuthorPost | null {
  const [earliest] = candidates
    .filter(
      (candidate) =>
        isAuthorPostAbout(candidate, authorId, articleUrl) && !Number.isNaN(Date.parse(candidate.createdAt)),
    )
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
  if (!earliest) return null;
  return {
    id: earliest.id,
    ...(earliest.cid ? { cid: earliest.cid } : {}),
    url: earliest.url,
    excerpt: excerptOf(earliest.text),
    createdAt: new Date(Date.parse(earliest.createdAt)).toISOString(),
    authorHandle: earliest.authorHandle,
  };
}

/**
 * The publish request's `quotes`: for each chosen platform where the share step found the author's
 * post and the curator did not turn quoting off, that post's id; undefined when there is none.
 */
export function chosenQuotes<P extends string>(
  selected: readonly string[],
  found: readonly { platform: P; post: Pick<AuthorPost, 'id'> | null }[],
  declined: ReadonlySet<string>,
): Partial<Record<P, string>> | undefined {
  const entries = found.flatMap(({ platform, post }) =>
    post && selected.includes(platform) && !declined.has(platform) ? [[platform, post.id] as const] : [],
  );
  return entries.length > 0 ? (Object.fromEntries(entries) as Partial<Record<P, string>>) : undefined;
}
