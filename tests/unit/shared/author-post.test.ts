import { describe, expect, it } from 'vitest';
import {
  type AuthorPostCandidate,
  articleUrlKey,
  chooseAuthorPost,
  chosenQuotes,
} from '#shared/publishing/author-post';

const ARTICLE = 'https://blog.example.com/2026/quoting';
const AUTHOR = 'did:plc:author';

const candidate = (overrides: Partial<AuthorPostCandidate> = {}): AuthorPostCandidate => ({
  id: 'at://did:plc:author/app.bsky.feed.post/1',
  cid: 'bafy1',
  url: 'https://bsky.app/profile/author.example.com/post/1',
  authorId: AUTHOR,
  authorHandle: 'author.example.com',
  text: 'I wrote about quoting',
  createdAt: '2026-11-01T10:00:00.000Z',
  links: [ARTICLE],
  ...overrides,
});

describe('articleUrlKey', () => {
  it('treats scheme, www, fragment, trailing slash and tracking parameters as the same article', () => {
    const key = articleUrlKey(ARTICLE);
    expect(articleUrlKey('http://www.blog.example.com/2026/quoting/?utm_source=bsky&fbclid=1#top')).toBe(key);
    expect(articleUrlKey('HTTPS://BLOG.example.com/2026/quoting')).toBe(key);
  });

  it('keeps what names another page: path, other parameters, port', () => {
    const key = articleUrlKey(ARTICLE);
    expect(articleUrlKey('https://blog.example.com/2026/quoting-part-2')).not.toBe(key);
    expect(articleUrlKey('https://blog.example.com/2026/quoting?page=2')).not.toBe(key);
    expect(articleUrlKey('https://blog.example.com:8443/2026/quoting')).not.toBe(key);
  });

  it('reads no key from a link that is not a web URL', () => {
    expect(articleUrlKey('javascript:alert(1)')).toBeNull();
    expect(articleUrlKey('not a url')).toBeNull();
  });
});

describe('chooseAuthorPost', () => {
  it("answers the author's post about the article with a short excerpt", () => {
    const text = `${'word '.repeat(60)}end`;

    const found = chooseAuthorPost([candidate({ text })], AUTHOR, ARTICLE);

    expect(found).toMatchObject({ id: candidate().id, cid: 'bafy1', authorHandle: 'author.example.com' });
    expect(found?.excerpt.length).toBeLessThanOrEqual(140);
    expect(found?.excerpt.endsWith('…')).toBe(true);
  });

  it('never answers a post by another account, even one naming the author', () => {
    const impostor = candidate({ authorId: 'did:plc:someone-else', authorHandle: 'author.example.com' });

    expect(chooseAuthorPost([impostor], AUTHOR, ARTICLE)).toBeNull();
  });

  it("never answers the author's post about another article", () => {
    const other = candidate({ links: ['https://blog.example.com/2026/another-story'] });

    expect(chooseAuthorPost([other], AUTHOR, ARTICLE)).toBeNull();
  });

  it("chooses the author's earliest post about the article", () => {
    const reminder = candidate({ id: 'at://did:plc:author/app.bsky.feed.post/2', createdAt: '2026-11-03T10:00:00Z' });
    const announcement = candidate({
      id: 'at://did:plc:author/app.bsky.feed.post/3',
      createdAt: '2026-11-02T10:00:00Z',
    });
    const undated = candidate({ id: 'at://did:plc:author/app.bsky.feed.post/4', createdAt: 'yesterday' });

    expect(chooseAuthorPost([reminder, undated, announcement], AUTHOR, ARTICLE)?.id).toBe(announcement.id);
  });
});

describe('chosenQuotes', () => {
  it('names the found post of each chosen platform the curator did not turn quoting off for', () => {
    const found = [
      { platform: 'bluesky', post: { id: 'at://did:plc:author/app.bsky.feed.post/1' } },
      { platform: 'mastodon', post: { id: '1234' } },
    ];

    expect(chosenQuotes(['bluesky', 'mastodon'], found, new Set(['mastodon']))).toEqual({
      bluesky: 'at://did:plc:author/app.bsky.feed.post/1',
    });
  });

  it('names nothing for a platform not chosen or where no post was found', () => {
    const found = [
      { platform: 'bluesky', post: { id: 'at://did:plc:author/app.bsky.feed.post/1' } },
      { platform: 'mastodon', post: null },
    ];

    expect(chosenQuotes(['mastodon', 'twitter'], found, new Set())).toBeUndefined();
  });
});
