import { afterAll, describe, expect, it } from 'vitest';
import type { ExtractionResult } from '#shared/schemas/article';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const kept = await import('#functions/data/extraction-repository');
const { takeFromBudget } = await import('#functions/data/rate-limit-repository');

afterAll(() => table.stop());

const extraction: ExtractionResult = {
  url: 'https://example.com/rivers',
  title: 'How rivers shape cities',
  content: 'Rivers built our cities.\n\nThey still decide where we build.',
  links: [],
  extractedAt: '2026-03-01T10:00:00.000Z',
  byline: 'Dana Reyes',
  siteName: 'Test Gazette',
  canonicalUrl: null,
  publishedTime: null,
  leadImage: null,
  language: 'en',
  authorHandles: { profiles: [] },
  themes: ['urbanism'],
  isSensitiveContent: false,
  sensitiveCategories: [],
  sensitiveContentMessage: null,
};

describe('kept extractions', () => {
  it('are found for their user and URL until they expire, and by no one else', async () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    await kept.keepExtraction('reader', extraction.url, extraction, new Date('2026-03-01T10:15:00.000Z'));
    expect(await kept.findKeptExtraction('reader', extraction.url, now)).toEqual(extraction);
    expect(await kept.findKeptExtraction('someone-else', extraction.url, now)).toBeNull();
    expect(await kept.findKeptExtraction('reader', 'https://example.com/other', now)).toBeNull();
    expect(await kept.findKeptExtraction('reader', extraction.url, new Date('2026-03-01T10:15:00.000Z'))).toBeNull();
  });

  it("keep the page's visible text too, even when it alone is past DynamoDB's 400 KB item limit", async () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    // A long page of menus, teasers and comments around the story: 480 KB of text, which compresses well.
    const pageText = Array.from({ length: 12_000 }, (_, i) => `Comment ${i % 40}: the river walk is lovely.`).join(
      '\n\n',
    );
    expect(pageText.length).toBeGreaterThan(400 * 1024);
    const withPage = { ...extraction, url: 'https://example.com/long-page', pageText };

    await kept.keepExtraction('reader', withPage.url, withPage, new Date('2026-03-01T10:15:00.000Z'));

    expect(await kept.findKeptExtraction('reader', withPage.url, now)).toEqual(withPage);
  });
});

describe('rate budgets', () => {
  it('let exactly `limit` of many concurrent uses through, per window', async () => {
    const end = new Date('2026-03-01T11:00:00.000Z');
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () => takeFromBudget('busy', 'generation', '2026-03-01T10:00:00.000Z', end, 5)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(5);
    // The next window starts afresh; another budget is counted apart.
    expect(await takeFromBudget('busy', 'generation', '2026-03-01T11:00:00.000Z', end, 5)).toBe(true);
    expect(await takeFromBudget('busy', 'regenerate#t1', '2026-03-01T10:00:00.000Z', end, 5)).toBe(true);
  });
});
