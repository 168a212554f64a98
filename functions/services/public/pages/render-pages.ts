import { languageName } from '#shared/languages';
import { threadLanguageMessages } from '#shared/messages/generation';
import { publicPageMessages } from '#shared/messages/public';
import type { Thread } from '#shared/schemas/thread';
import { directiveUrl, textDirective } from '#shared/text-fragment';

const texts = publicPageMessages;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and quoted attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** An http(s) URL as an href, or null: a stored `javascript:` URL never becomes a link. */
function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const STYLE = `body{font:17px/1.55 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1b1d21;background:#fafaf7;margin:0}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 4rem}
.credit{font-size:1.35rem;font-weight:700;margin:0 0 .25rem}
.credit a{color:#0b57d0}
h1{font-size:1.2rem;margin:.75rem 0 .25rem;color:#3c4048}
.disclosure{font-size:.9rem;color:#5f6368;margin:0 0 1.5rem}
ol{list-style:none;padding:0;margin:0}
li{background:#fff;border:1px solid #e3e3de;border-radius:.6rem;padding:1rem 1.1rem;margin:0 0 .9rem}
li p{margin:0;white-space:pre-wrap}
.original{display:inline-block;margin-top:.6rem;font-size:.9rem;color:#0b57d0}
.attribution{border-left:4px solid #0b57d0;background:#f1f5fd}
footer{margin-top:2rem;font-size:.85rem;color:#5f6368}
a{color:#0b57d0}`;

interface Head {
  title: string;
  description: string;
  url: string;
  indexable: boolean;
  extraMeta?: string;
}

function page(head: Head, body: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const url = escapeHtml(head.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
${head.indexable ? '' : '<meta name="robots" content="noindex">\n'}<link rel="canonical" href="${url}">
<meta property="og:type" content="article">
<meta property="og:site_name" content="ThreadSnip">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${description}">
${head.extraMeta ?? ''}<style>${STYLE}</style>
</head><body><main>
${body}
</main></body></html>
`;
}

function hostLabel(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** What a public thread's page shows: the thread, its curator, and where it lives. */
export interface PublicThreadView {
  thread: Thread;
  curator: string;
  pageUrl: string;
}

/**
 * A public thread as plain HTML: the author credited first and largest, the title, the AI
 * disclosure (visible and as a meta tag), every post whose passage the page shows with a
 * text-fragment link to it in the original, and the attribution. Every value is escaped; no script runs.
 */
export function renderPublicThread({ thread, curator, pageUrl }: PublicThreadView): string {
  const source = safeHref(thread.sourceUrl);
  const sourceLink = source
    ? `<a href="${escapeHtml(source)}" rel="noopener">${escapeHtml(hostLabel(source))}</a>`
    : escapeHtml(thread.sourceUrl);
  const credit = thread.author
    ? `${texts.originalBy} ${escapeHtml(thread.author)} · ${sourceLink}`
    : `${texts.originalAt} ${sourceLink}`;
  const disclosure = texts.draftedWithAi(curator);
  // A translated thread says from what; its posts are marked with their language for readers and screen readers.
  const translated = thread.translatedFrom
    ? `\n<p class="translated">${escapeHtml(threadLanguageMessages.translatedFrom(languageName(thread.translatedFrom)))}</p>`
    : '';
  const postsLang = thread.language ? ` lang="${escapeHtml(thread.language)}"` : '';
  const body = thread.posts.slice(0, -1).map((post) => {
    // The directive checked against the page at generation; older threads name the passage's ends.
    const directive = post.sourceFragment !== undefined ? post.sourceFragment : textDirective(post.source ?? '');
    const link =
      source && post.source && directive
        ? `\n<a class="original" href="${escapeHtml(directiveUrl(source, directive))}" rel="noopener">${texts.readOriginal}</a>`
        : '';
    return `<li><p>${escapeHtml(post.content)}</p>${link}</li>`;
  });
  const attribution = thread.posts.at(-1);
  const description = thread.posts[0]?.content.slice(0, 200) ?? thread.title;
  return page(
    {
      title: thread.title,
      description,
      url: pageUrl,
      indexable: thread.allowIndexing === true,
      extraMeta: `<meta name="ai-disclosure" content="${escapeHtml(disclosure)}">\n${thread.author ? `<meta name="author" content="${escapeHtml(thread.author)}">\n` : ''}`,
    },
    `<header>
<p class="credit">${credit}</p>
<h1>${escapeHtml(thread.title)}</h1>
<p class="disclosure">${escapeHtml(disclosure)}</p>${translated}
</header>
<section aria-label="${texts.postsHeading}"><ol${postsLang}>
${body.join('\n')}
${attribution ? `<li class="attribution" aria-label="${texts.attributionHeading}"><p>${escapeHtml(attribution.content)}</p></li>` : ''}
</ol></section>
<footer>${escapeHtml(texts.curatedBy(curator))} · ThreadSnip</footer>`,
  );
}

/** The page a private, deleted or unknown thread id gets (with a 404). */
export function renderNotFound(pageUrl: string): string {
  return page(
    { title: texts.notFoundTitle, description: texts.notFoundText, url: pageUrl, indexable: false },
    `<h1>${texts.notFoundTitle}</h1>\n<p>${texts.notFoundText}</p>`,
  );
}

/** One line of /about-article: a public thread, who curated it and its page. */
export interface AboutArticleEntry {
  title: string;
  curator: string;
  createdAt: string;
  pageUrl: string;
}

/** The public threads about one article, newest first (or what to ask for when the URL is missing). */
export function renderAboutArticle(articleUrl: string | null, entries: AboutArticleEntry[], pageUrl: string): string {
  if (articleUrl === null) {
    return page(
      { title: texts.aboutTitle, description: texts.aboutIntro, url: pageUrl, indexable: false },
      `<h1>${texts.aboutTitle}</h1>\n<p>${escapeHtml(texts.aboutInvalid)}</p>`,
    );
  }
  const href = safeHref(articleUrl);
  const items = entries.map(
    (entry) =>
      `<li><a href="${escapeHtml(entry.pageUrl)}">${escapeHtml(entry.title)}</a><p>${escapeHtml(texts.curatedBy(entry.curator))} · <time datetime="${escapeHtml(entry.createdAt)}">${escapeHtml(entry.createdAt.slice(0, 10))}</time></p></li>`,
  );
  return page(
    {
      title: `${texts.aboutTitle}: ${hostLabel(articleUrl)}`,
      description: texts.aboutIntro,
      url: pageUrl,
      indexable: false,
    },
    `<h1>${texts.aboutTitle}</h1>
<p class="credit">${href ? `<a href="${escapeHtml(href)}" rel="noopener">${escapeHtml(articleUrl)}</a>` : escapeHtml(articleUrl)}</p>
<p class="disclosure">${texts.aboutIntro}</p>
${items.length ? `<ol>\n${items.join('\n')}\n</ol>` : `<p>${texts.aboutNone}</p>`}`,
  );
}
