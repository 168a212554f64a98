import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from '#functions/lib/errors';
import { extractArticle } from '#functions/services/extraction/page/extract-article';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { contentWords, ledeParagraph, sharesWord } from '#functions/services/generation/draft/lede';
import { quotesBalanced, startsDangling } from '#functions/services/generation/draft/post-rules';
import { recapLabel, withoutPostLabel } from '#functions/services/generation/draft/tone-writer';
import { TONES } from '#shared/tones';
import { expectValidThread } from './thread-invariants';

// 15 public benchmark pages kept in the repository (tests/fixtures/bench-pages/README.md); the whole
// sample beside it: BENCH_EXTRACTION_DIR=../shared/bench/extraction.
const dataDir = process.env.BENCH_EXTRACTION_DIR ?? join(__dirname, '../../fixtures/bench-pages');
const truthFile = join(dataDir, 'ground-truth.json');
const NUMBER = /\d[\d,.]*\d|\d/g;

describe('offline threads over the benchmark pages', () => {
  it('keep post count, limits, attribution, balanced quotes, only the article’s numbers, an on-topic hook, no dangling start and a recap in every tone', async () => {
    if (!existsSync(truthFile))
      throw new Error(`${truthFile} is missing: the benchmark pages are not where BENCH_EXTRACTION_DIR says`);
    const truth = JSON.parse(readFileSync(truthFile, 'utf8')) as Record<string, { url: string }>;
    for (const [id, { url }] of Object.entries(truth)) {
      const html = gunzipSync(readFileSync(join(dataDir, 'html', `${id}.html.gz`))).toString('utf8');
      let article: ReturnType<typeof extractArticle>;
      try {
        article = extractArticle(html, url);
      } catch (error) {
        expect(error).toBeInstanceOf(ExtractionError);
        continue;
      }
      const source = `${article.byline ?? ''} ${article.siteName ?? ''} ${article.title} ${article.content}`;
      const about = contentWords(`${article.title} ${ledeParagraph(article.content)}`);
      for (const tone of TONES) {
        const thread = await generateThread({ article, tone, appHost: 'threadsnip.app' });

        expectValidThread(thread.posts, article, 'threadsnip.app');
        // What a curator notices first: the hook is about the article, no post leans on the one
        // before it, and a thread of six posts or more closes on a recap.
        const hook = (thread.posts[0]?.content ?? '').replace(/#\S+/g, '');
        expect(sharesWord(hook, about), hook).toBe(true);
        const body = thread.posts.slice(1, -1).map((p) => p.content.replace(/^\d{1,2}\/\s+/, ''));
        for (const post of body) expect(startsDangling(withoutPostLabel(post)), post).toBe(false);
        // The recap's label is the thread's language's (none in a language the writer has no voice for).
        const label = recapLabel(thread.voiceTone ?? tone, thread.language);
        if (thread.posts.length >= 6) expect(body.at(-1)?.startsWith(label), body.at(-1)).toBe(true);
        for (const post of thread.posts.slice(0, -1)) {
          expect(quotesBalanced(post.content)).toBe(true);
          const text = post.content.replace(/^\d{1,2}\/\s/, '').replace(/#\S+/g, '');
          for (const n of text.match(NUMBER) ?? []) expect(source).toContain(n);
        }
      }
    }
  }, 120_000);
});
