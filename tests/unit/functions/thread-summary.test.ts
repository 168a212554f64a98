import { describe, expect, it } from 'vitest';
import { threadSummarySchema } from '#shared/schemas/thread';
import { articleRights } from '#tests/helpers/article-rights';

// summaryFromItem reads no table; the module only needs the config it reads when loaded.
Object.assign(process.env, {
  TABLE_NAME: 'threadsnip-unit',
  DYNAMODB_ENDPOINT: 'http://127.0.0.1:9',
  APP_PUBLIC_URL: 'http://localhost:3000',
  ADMIN_EMAILS: 'admin@example.com',
});
const { summaryFromItem } = await import('#functions/data/thread-repository');

const RESERVED = articleRights({ reservation: true, reservationSource: 'header' });

describe("a listing row read as a My Threads card's summary", () => {
  it('reads a row from an older version with the defaults the thread detail gives it', () => {
    const summary = summaryFromItem({
      pk: 'USER#old',
      sk: 'THREAD#t-old',
      id: 't-old',
      createdAt: '2025-01-01T00:00:00.000Z',
      posts: [
        'A legacy plain-string first post that is rather long, longer than a card shows of it, so it is cut',
        'x',
      ],
      rights: { tdmReservation: 'maybe' },
      nextScheduled: undefined,
    });

    expect(summary).toEqual({
      id: 't-old',
      title: 'Untitled Thread',
      sourceUrl: '',
      createdAt: '2025-01-01T00:00:00.000Z',
      tone: 'professional',
      themes: [],
      isSensitiveContent: false,
      posted: false,
      postCount: 2,
      preview: 'A legacy plain-string first post that is rather long, longer than a card shows of it, so it is cut',
      nextScheduled: null,
    });
    expect(threadSummarySchema.safeParse(summary).success).toBe(true);
  });

  it('counts the posts, cuts the first, and carries posted, engagement, Auto-draft, rights and the schedule', () => {
    const first = `${'word '.repeat(30)}end`;
    const summary = summaryFromItem({
      id: 't-new',
      title: 'Heat in cities',
      sourceUrl: 'https://example.com/heat',
      createdAt: '2026-03-01T10:00:00.000Z',
      tone: 'casual',
      themes: ['cities'],
      isSensitiveContent: true,
      postedToX: false,
      platformPosts: { mastodon: { posted: true, postUrl: 'https://m/1' } },
      posts: [
        { id: 'post-0', content: first, charCount: first.length, source: 'The passage' },
        { id: 'post-1', content: 'Second', charCount: 6 },
        { id: 'broken' },
      ],
      autoDraft: true,
      engagement: 42,
      nextScheduled: { at: '2026-03-02T09:00:00.000Z', platforms: ['bluesky'] },
      rights: RESERVED,
    });

    expect(summary).toMatchObject({
      posted: true,
      postCount: 2,
      preview: `${first.slice(0, 120).trimEnd()}...`,
      autoDraft: true,
      engagement: 42,
      nextScheduled: { at: '2026-03-02T09:00:00.000Z', platforms: ['bluesky'] },
      isSensitiveContent: true,
      tone: 'casual',
      rights: RESERVED,
    });
    expect(JSON.stringify(summary)).not.toContain('The passage');
  });
});
