import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { contentWords, ledeParagraph } from '#functions/services/generation/draft/lede';
import { startsDangling } from '#functions/services/generation/draft/post-rules';
import { standalonePosts } from '#functions/services/generation/draft/standalone';
import { RECAP_LABELS } from '#functions/services/generation/draft/tone-writer';
import { analyseText } from '#functions/services/text/nlp';
import type { Post } from '#shared/schemas/thread';
import { TONES } from '#shared/tones';
import { expectValidThread } from './thread-invariants';

const APP_HOST = 'threadsnip.app';
const bodyOf = (posts: Post[]) => posts.slice(1, -1).map((p) => p.content.replace(/^\d{1,2}\/\s+/, ''));
const hookOf = (posts: Post[]) => (posts[0]?.content ?? '').replace(/\s*#\S+/g, '').trim();

/**
 * A short story whose sentences that could close a thread are all posted; the rest lean on what
 * came before (a contrast, a pronoun) or are someone's quotation: nothing unused is left to recap.
 */
const SHORT_STORY = {
  url: 'https://news.example/ferry-strike',
  title: 'Ferry crews walk out over new rotas, stranding island commuters',
  content: [
    'Ferry crews on the Skerry Islands route walked out on Monday morning, leaving about 1,200 commuters without a crossing to the mainland.',
    'The union said the new rotas would add eleven hours to a fortnight of shifts without extra pay for the crews.',
    'The operator, Skerry Link, said the rotas had been agreed with staff representatives in March after a long consultation.',
    'Still, islanders queued at the harbour from six in the morning for a replacement water taxi that carried only forty passengers.',
    'Their deliveries of fresh food had not arrived by the afternoon, businesses on the main island said.',
    'Talks between the union and the operator are due to resume at the regional conciliation office on Thursday.',
    'But the operator warned that further sailings could be cancelled if no agreement was reached by the weekend.',
    '“We have no quarrel with the islanders, we simply want a fair rota for the crews,” a union steward said.',
    'It was the second walkout on the route in three years.',
  ].join('\n\n'),
};

describe('a closing recap on every thread of six posts or more', () => {
  it('closes on the headline, the article’s own line, when no unused sentence is left and no post says it', async () => {
    for (const tone of TONES) {
      const { posts } = await generateThread({ article: SHORT_STORY, tone, appHost: APP_HOST });

      expectValidThread(posts, SHORT_STORY, APP_HOST);
      if (posts.length < 6) continue;
      const recap = bodyOf(posts).at(-1) ?? '';
      expect(recap.startsWith(`${RECAP_LABELS[tone]} `), recap).toBe(true);
      // From the article's own words and never a repeat of a post above it.
      const said = recap.slice(RECAP_LABELS[tone].length + 1).replace(/\.$/, '');
      expect(`${SHORT_STORY.title}\n${SHORT_STORY.content}`).toContain(
        tone === 'casual' ? (posts.at(-2)?.source ?? '') : said,
      );
      expect(posts.slice(0, -2).some((p) => p.content.includes(said))).toBe(false);
    }
    const professional = await generateThread({ article: SHORT_STORY, tone: 'professional', appHost: APP_HOST });
    expect(bodyOf(professional.posts).at(-1)).toBe(
      'In short: Ferry crews walk out over new rotas, stranding island commuters.',
    );
    // The educational hook already carries the headline: that thread keeps three posts instead.
    const educational = await generateThread({ article: SHORT_STORY, tone: 'educational', appHost: APP_HOST });
    expect(educational.posts).toHaveLength(5);
  });

  it('keeps the first three numbered posts when neither a sentence nor the headline can close the thread', async () => {
    // A headline that is a label, not a claim: nothing to remember it by.
    const labelled = { ...SHORT_STORY, title: 'Island notebook' };

    for (const tone of TONES) {
      const { posts } = await generateThread({ article: labelled, tone, appHost: APP_HOST });

      expectValidThread(posts, labelled, APP_HOST);
      expect(posts.length, tone).toBe(5);
      expect(bodyOf(posts).some((p) => p.startsWith(RECAP_LABELS[tone]))).toBe(false);
    }
    // Persuasive keeps its reason to read the original as the last of the three.
    const persuasive = await generateThread({ article: labelled, tone: 'persuasive', appHost: APP_HOST });
    expect(bodyOf(persuasive.posts).at(-1)).toMatch(/^The original has what this thread leaves out/);
  });
});

describe('a hook that says what the article is about', () => {
  it('passes over a lede that shares no word with the headline (a comment policy) for a sentence that does', async () => {
    const page = {
      url: 'https://racing.example/standings',
      title: 'NASCAR standings',
      content: [
        'Updated on Friday',
        'Here you will always find the latest NASCAR standings after every race of the season.',
        'Kyle Busch won the 2019 Cup Series title by five points after 36 races.',
        'NOTICE: Comments with unintelligible text or that are disrespectful to other users will not be approved by the moderator.',
      ].join('\n\n'),
    };
    const about = contentWords(`NASCAR standings ${ledeParagraph(page.content)}`);

    for (const tone of TONES) {
      const { posts } = await generateThread({ article: page, tone, appHost: APP_HOST });

      expect(hookOf(posts), tone).not.toContain('moderator');
      expect(
        [...contentWords(hookOf(posts))].some((w) => about.has(w)),
        hookOf(posts),
      ).toBe(true);
    }
  });

  it('keeps, in the casual cut, the clause that names what the headline names', async () => {
    const article = {
      url: 'https://sport.example/kepa',
      title: 'Chelsea sign Athletic Bilbao keeper for a world record fee',
      content: [
        'The 23-year-old goalkeeper flew to London yesterday evening and will spend the day completing the formalities of the deal, which Chelsea hope to announce later today.',
        'He will undergo a medical at the club’s training ground before meeting his new team-mates on Friday.',
        'The fee is the highest ever paid for a goalkeeper, ahead of the sum Liverpool paid for Alisson in July.',
      ].join('\n\n'),
    };

    const { posts } = await generateThread({ article, tone: 'casual', appHost: APP_HOST });

    expect(hookOf(posts)).toContain('which Chelsea hope to announce later today');
  });
});

describe('posts that lean on the post before them', () => {
  it('are merged into it, keeping the article’s wording as the source', () => {
    const text =
      'The survey counted 4,100 nesting pairs on the cliffs this spring. This is the lowest figure since counts began in 1986.\n\nVolunteers will repeat the count in June.';
    const analysed = analyseText(text);

    const posts = standalonePosts(analysed, [
      { position: 0, text: 'The survey counted 4,100 nesting pairs on the cliffs this spring.', score: 1 },
      { position: 1, text: 'This is the lowest figure since counts began in 1986.', score: 0.8 },
      { position: 2, text: 'Volunteers will repeat the count in June.', score: 0.5 },
    ]);

    expect(posts.map((p) => p.content)).toEqual([
      'The survey counted 4,100 nesting pairs on the cliffs this spring. This is the lowest figure since counts began in 1986.',
      'Volunteers will repeat the count in June.',
    ]);
    expect(text).toContain(posts[0]?.source ?? '');
  });

  it('counts an existential "There is/are" as standing alone, and a pointing "There" or "This" as not', () => {
    expect(startsDangling('There has been a lot of change in the industry over the past six years.')).toBe(false);
    expect(startsDangling('There are 40 stations on the new line.')).toBe(false);
    expect(startsDangling("There's the fact that battery life is the best on any phone.")).toBe(false);
    expect(startsDangling('There, the crews waited for two hours.')).toBe(true);
    expect(startsDangling('This is the lowest figure since 1986.')).toBe(true);
    expect(startsDangling('Then there is the question of cost.')).toBe(true);
  });
});
