import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifySensitivityLocally } from '#functions/services/moderation/local-classifier';
import { repoRoot } from '#tests/helpers/paths';

const samplesDir = join(repoRoot, 'local/samples');
// Where the local stack serves the samples: relative links and the canonical path resolve against it.
const SAMPLES_BASE = 'http://localhost:3000/samples/';

const sampleIndex = z
  .array(
    z.object({
      slug: z.string().regex(/^[a-z0-9-]+$/),
      title: z.string().min(1),
      description: z.string().min(1),
      sensitive: z.boolean(),
    }),
  )
  .parse(JSON.parse(readFileSync(join(samplesDir, 'index.json'), 'utf8')));

// A fresh document per call: Readability mutates the one it parses.
function readSample(slug: string) {
  const html = readFileSync(join(samplesDir, `${slug}.html`), 'utf8');
  const withBase = html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}<base href="${SAMPLES_BASE}">`);
  const { document } = parseHTML(withBase);
  return new Readability(document as unknown as Document).parse();
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('the "Try it offline" sample index', () => {
  it('lists exactly the HTML pages in local/samples, once each', () => {
    const pages = readdirSync(samplesDir)
      .filter((name) => name.endsWith('.html'))
      .sort();
    const listed = sampleIndex.map((sample) => `${sample.slug}.html`);

    expect([...listed].sort()).toEqual(pages);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('offers at least one ordinary and one sensitive example', () => {
    expect(sampleIndex.some((sample) => sample.sensitive)).toBe(true);
    expect(sampleIndex.some((sample) => !sample.sensitive)).toBe(true);
  });
});

describe.each(sampleIndex)('the sample $slug', ({ slug, title, sensitive }) => {
  it('parses with Readability to an article titled as in index.json', () => {
    const article = readSample(slug);

    expect(article?.title).toBe(title);
  });

  it('holds between 900 and 1,700 words of article text', () => {
    const words = wordCount(readSample(slug)?.textContent ?? '');

    expect(words).toBeGreaterThanOrEqual(900);
    expect(words).toBeLessThanOrEqual(1700);
  });

  it('keeps the page furniture out of the article text', () => {
    const text = readSample(slug)?.textContent ?? '';

    for (const furniture of ['Related articles', 'Subscribe', 'Skip to content', 'Share on Mastodon', '©']) {
      expect(text).not.toContain(furniture);
    }
  });

  it('declares the byline, site name, publication date and language an attribution needs', () => {
    const article = readSample(slug);

    expect(article?.byline).toBeTruthy();
    expect(article?.siteName).toBeTruthy();
    expect(article?.publishedTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(article?.lang).toBe('en');
  });

  it(`is ${sensitive ? '' : 'not '}flagged by the offline sensitivity check, as index.json says`, () => {
    const result = classifySensitivityLocally(readSample(slug)?.textContent ?? '');

    expect(result.isSensitive).toBe(sensitive);
  });
});
