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

describe('condensing an over-long sentence', () => {
  it('cuts at a clause boundary with an ellipsis and keeps within the budget', async () => {
    const { condense } = await import('#functions/services/generation/draft/offline-generator');
    const { postLength } = await import('#shared/post-length');
    const sentence =
      'The public inquiry into the shooting at the harbour opened on Monday with evidence that armed police took fourteen minutes to reach the ferry terminal after the first emergency call, and that the gunman held a valid licence for the rifle he used despite two earlier reports raising concerns about his behaviour.';
    const short = condense(sentence) ?? '';
    expect(postLength(short)).toBeLessThanOrEqual(276);
    expect(short.endsWith('…')).toBe(true);
    expect(short).toContain('after the first emergency call…');
    expect(condense('A short sentence.')).toBe('A short sentence.');
  });
});
