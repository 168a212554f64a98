import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { quoteCardPassage } from '#shared/quote-card';
import { FIXTURES, fixtureArticle } from './synthetic-articles';

describe("the offline writer's suggested quote card", () => {
  it.each(FIXTURES)('names a post of %s whose passage quotes someone or gives a figure', async (name) => {
    const article = fixtureArticle(name);

    const thread = await generateThread({ article, tone: 'professional', appHost: 'threadsnip.app' });

    expect(thread.posts.length).toBeGreaterThanOrEqual(6);
    const post = thread.posts.find((p) => p.id === thread.suggestedQuoteCardPostId);
    const card = post && quoteCardPassage(post, { ...thread, title: article.title });
    expect(card?.passage).toMatch(/[“"].+[”"]|\d/u);
    expect(article.content).toContain(card?.passage);
  });
});
