import { describe, expect, it } from 'vitest';
import {
  escapeLittle,
  LINKEDIN_COMMENTARY_LIMIT,
  linkedinLength,
  linkedinPost,
} from '#shared/publishing/linkedin-format';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { reflowThread, type ThreadText } from '#shared/publishing/reflow';

const ARTICLE = 'https://news.example.com/harbour-report';
const ATTRIBUTION = `Thread created by threadsnip.app. Read original article at: ${ARTICLE}`;

const thread = (posts: string[], extra: Partial<ThreadText> = {}): ThreadText => ({
  title: 'The harbour at dawn',
  posts: [...posts, ATTRIBUTION],
  sourceUrl: ARTICLE,
  ...extra,
});

describe("LinkedIn's little text format", () => {
  // The cases of learn.microsoft.com's 'little Text Format' page, written as plain text to keep plain.
  it('escapes the text of a mention so it is not one', () => {
    expect(escapeLittle('Hello @[Acme Corp](urn:li:organization:1234)')).toBe(
      'Hello \\@\\[Acme Corp\\]\\(urn:li:organization:1234\\)',
    );
  });

  it('escapes a hashtag and the hashtag template’s braces and bars', () => {
    expect(escapeLittle('#hashtag')).toBe('\\#hashtag');
    expect(escapeLittle('{hashtag|#|mytag}')).toBe('\\{hashtag\\|\\#\\|mytag\\}');
  });

  it('escapes every reserved character, even outside an element, and the backslash itself', () => {
    expect(escapeLittle('| { } @ [ ] ( ) < > # \\ * _ ~')).toBe(
      '\\| \\{ \\} \\@ \\[ \\] \\( \\) \\< \\> \\# \\\\ \\* \\_ \\~',
    );
    expect(escapeLittle('Plain text, 5% more: yes! "quoted" & done.')).toBe(
      'Plain text, 5% more: yes! "quoted" & done.',
    );
  });

  it('measures a post as sent: each escape counts', () => {
    expect(linkedinLength('a_b (c)')).toBe('a\\_b \\(c\\)'.length);
  });
});

describe('a thread as one LinkedIn post', () => {
  it('is the title, the posts as paragraphs without numbering, the author credited, the attribution and its link last', () => {
    const post = linkedinPost(
      thread(['1/ Boats return before sunrise.', '(2/3) Buyers bid at six. 2/3'], { author: 'Ada Harbour' }),
    );

    expect(post.split('\n\n')).toEqual([
      'The harbour at dawn',
      'Boats return before sunrise.',
      'Buyers bid at six.',
      'Original article by Ada Harbour.',
      ATTRIBUTION,
    ]);
    expect(post.endsWith(ARTICLE)).toBe(true);
  });

  it('leaves the credit out when the page named no author, and ends with the source link when the attribution does not', () => {
    const post = linkedinPost({
      title: 'Tides',
      posts: ['High water at noon.', 'Thanks for reading.'],
      sourceUrl: ARTICLE,
    });
    expect(post).toBe(`Tides\n\nHigh water at noon.\n\nThanks for reading.\n\n${ARTICLE}`);
  });

  it('is the platform rules’ only post, whatever the thread’s length', () => {
    const posts = reflowThread(
      thread(Array.from({ length: 40 }, (_, n) => `Note ${n}: the tide turned early.`)),
      postRulesFor('linkedin'),
    );
    expect(posts).toHaveLength(1);
  });

  it('keeps a thread that fits exactly at 3,000 characters whole', () => {
    const fixed = linkedinLength(linkedinPost(thread([''])));
    // One paragraph to bring the whole post to the limit: a blank line and this many characters.
    const filler = `${'a'.repeat(LINKEDIN_COMMENTARY_LIMIT - fixed - 3)}.`;
    const post = linkedinPost(thread([filler]));

    expect(linkedinLength(post)).toBe(LINKEDIN_COMMENTARY_LIMIT);
    expect(post).toContain(filler);
  });

  it('over 3,000 characters, keeps whole paragraphs, then whole sentences of the next, never a fragment', () => {
    const sentence = (n: number) => `Sentence ${n} about the harbour and its boats at dawn.`;
    const paragraph = (from: number) => Array.from({ length: 10 }, (_, i) => sentence(from + i)).join(' ');
    const body = [
      paragraph(0),
      paragraph(10),
      paragraph(20),
      paragraph(30),
      paragraph(40),
      paragraph(50),
      paragraph(60),
    ];

    const post = linkedinPost(thread(body, { author: 'Ada Harbour' }));

    expect(linkedinLength(post)).toBeLessThanOrEqual(LINKEDIN_COMMENTARY_LIMIT);
    expect(linkedinLength(post)).toBeGreaterThan(LINKEDIN_COMMENTARY_LIMIT - 60);
    const paragraphs = post.split('\n\n');
    expect(paragraphs.slice(-2)).toEqual(['Original article by Ada Harbour.', ATTRIBUTION]);
    const kept = paragraphs.slice(1, -2);
    expect(kept.slice(0, -1)).toEqual(body.slice(0, kept.length - 1));
    const last = kept.at(-1)!;
    expect(body[kept.length - 1]!.startsWith(last)).toBe(true);
    expect(last).not.toBe(body[kept.length - 1]);
    expect(last).toMatch(/dawn\.$/);
  });

  it('counts the escapes against the limit, so reserved characters shorten it sooner', () => {
    const sentences = (boat: string) =>
      Array.from({ length: 110 }, (_, n) => `${boat} ${n} came in at dawn.`).join(' ');

    const plain = linkedinPost(thread([sentences('Boat')]));
    const reserved = linkedinPost(thread([sentences('Boat_#')]));

    expect(plain).toContain(sentences('Boat'));
    expect(linkedinLength(reserved)).toBeLessThanOrEqual(LINKEDIN_COMMENTARY_LIMIT);
    expect(reserved).not.toContain(sentences('Boat_#'));
    expect(reserved).toContain('Boat_# 80 came in at dawn.');
  });
});
