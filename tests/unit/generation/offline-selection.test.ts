import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';

const paragraphs = [
  'Cities across Europe are planting trees at a record pace to cool streets during heatwaves.',
  'What trees and cool roofs can do',
  'A mature street tree can lower the air temperature beneath it by two degrees on a summer afternoon.',
  'Researchers in Lyon measured surface temperatures on 40 streets over three summers.',
  '"We knew how to get people out," she said.',
  'Cool roofs painted white reflect up to 80 percent of sunlight back into the sky.',
  'The city now requires reflective roofing on every new public building.',
  'Critics argue the programme moves too slowly for the poorest districts, which have the fewest trees.',
];

describe('the offline generator picks real sentences', () => {
  it('never turns a subheading or an orphaned "she said" quote into a post', async () => {
    const thread = await generateThread(
      {
        article: { url: 'https://example.com/heat', title: 'Cooling the city', content: paragraphs.join('\n\n') },
        tone: 'professional',
        appHost: 'threadsnip.example',
        themes: ['heat'],
      },
      {},
    );
    const bodies = thread.posts.slice(1, -1).map((post) => post.content.replace(/^\d+\/\s*/, ''));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(body).not.toBe('What trees and cool roofs can do');
      expect(body).not.toContain('she said');
    }
  });
});

describe('a sentence too long for a post', () => {
  it('is split where both halves read as sentences, never cut with an ellipsis, or left out', async () => {
    const { wholeSentences } = await import('#functions/services/generation/draft/whole-sentences');
    const { postLength } = await import('#shared/post-length');
    const sentence =
      'The public inquiry into the shooting at the harbour opened on Monday with evidence that armed police took fourteen minutes to reach the ferry terminal after the first emergency call, and the coroner said the gunman held a valid licence for the rifle he used despite two earlier reports raising concerns about his behaviour.';

    const parts = wholeSentences(sentence, 200) ?? [];

    expect(parts).toEqual([
      'The public inquiry into the shooting at the harbour opened on Monday with evidence that armed police took fourteen minutes to reach the ferry terminal after the first emergency call.',
      'The coroner said the gunman held a valid licence for the rifle he used despite two earlier reports raising concerns about his behaviour.',
    ]);
    for (const part of parts) expect(postLength(part)).toBeLessThanOrEqual(200);
    expect(wholeSentences('A short sentence.', 200)).toEqual(['A short sentence.']);
    // "…, and that the gunman held…" has no subject of its own after the comma: no split reads as two sentences.
    expect(wholeSentences(sentence.replace('and the coroner said the gunman', 'and that the gunman'), 200)).toBeNull();
    // Nor does a list: left out rather than cut.
    expect(wholeSentences(`The council approved ${'new roads, '.repeat(30)}and a bridge.`, 200)).toBeNull();
  });
});
