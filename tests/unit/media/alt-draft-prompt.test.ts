import { describe, expect, it } from 'vitest';
import {
  ALT_DRAFT_EXCERPT_CHARS,
  buildAltDraftPrompt,
  cleanedAltDraft,
  DRAFTED_ALT_MAX_CHARS,
} from '#functions/services/media/alt-draft/alt-draft-prompt';

const FERRY = {
  title: 'A retired ferry becomes a floating library',
  credit: null,
  passages: [
    'The converted ferry opened on Saturday with 12,000 books on its upper deck.',
    'Volunteers from the harbour district rebuilt the cabins as reading rooms.',
  ],
  language: 'pt',
};

const textOf = (messages: ReturnType<typeof buildAltDraftPrompt>, role: 'system' | 'user') =>
  String(messages.find((message) => message.role === role)?.content);

describe('the request for an alt text draft', () => {
  it("carries the title and the article's passages, and asks in the thread's language within the limit", () => {
    const messages = buildAltDraftPrompt(FERRY);

    expect(textOf(messages, 'user')).toBe(
      `Title: ${FERRY.title}\n\n<passages>\n${FERRY.passages.join(' ')}\n</passages>`,
    );
    const system = textOf(messages, 'system');
    expect(system).toContain('in Portuguese (pt)');
    expect(system).toContain(`at most ${DRAFTED_ALT_MAX_CHARS} characters`);
    expect(system).toContain('You cannot see the picture');
    expect(system).toContain('Never invent details');
    expect(system).toContain('Do not begin with "Image of"');
    expect(system).toContain('answer only NONE');
  });

  it("carries the picture's credit line when the page prints one", () => {
    const messages = buildAltDraftPrompt({ ...FERRY, credit: 'Photo: Ana Reis/Lusa' });

    expect(textOf(messages, 'user')).toBe(
      `Title: ${FERRY.title}\nPicture credit: Photo: Ana Reis/Lusa\n\n<passages>\n${FERRY.passages.join(' ')}\n</passages>`,
    );
    expect(textOf(messages, 'system')).toContain("the picture's credit line");
  });

  it('reads each passage once, at most a short excerpt, and asks for the passages’ language when the thread’s is unknown', () => {
    const [first, second] = FERRY.passages;
    const repeated = buildAltDraftPrompt({ ...FERRY, passages: [first!, second!, first!] });
    expect(textOf(repeated, 'user')).toContain(`<passages>\n${first} ${second}\n</passages>`);

    const long = 'The ferry carried commuters across the estuary for forty years. '.repeat(20);
    const messages = buildAltDraftPrompt({ title: 'Ferry', credit: null, passages: [long], language: null });
    const excerpt = textOf(messages, 'user').match(/<passages>\n(.*)\n<\/passages>/s)?.[1] ?? '';
    expect(excerpt.length).toBeLessThanOrEqual(ALT_DRAFT_EXCERPT_CHARS);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(textOf(messages, 'system')).toContain("in the language of the article's title and passages");
    expect(textOf(buildAltDraftPrompt({ ...FERRY, passages: [] }), 'user')).toContain('<passages>\n(none)\n');
  });
});

describe("the model's answer as an alt text", () => {
  it('is one trimmed line without quotation marks, label or "Image of" around it', () => {
    expect(cleanedAltDraft('  “The converted ferry moored\n at the quay.”  ')).toBe(
      'The converted ferry moored at the quay.',
    );
    expect(cleanedAltDraft('"Volunteers in the reading rooms"')).toBe('Volunteers in the reading rooms');
    expect(cleanedAltDraft('Alt text: The ferry library')).toBe('The ferry library');
    expect(cleanedAltDraft('Image of the converted ferry in the harbour')).toBe('The converted ferry in the harbour');
    expect(cleanedAltDraft('A photo showing volunteers on deck')).toBe('Volunteers on deck');
  });

  it('keeps quotation marks that quote something inside it', () => {
    expect(cleanedAltDraft('"Saga" and "Nordlys", the two ferries')).toBe('"Saga" and "Nordlys", the two ferries');
  });

  it('is nothing when the model drafted nothing', () => {
    expect(cleanedAltDraft('NONE')).toBeNull();
    expect(cleanedAltDraft(' none. ')).toBeNull();
    expect(cleanedAltDraft('""')).toBeNull();
    expect(cleanedAltDraft('')).toBeNull();
    expect(cleanedAltDraft(null)).toBeNull();
  });

  it('is cut after a whole word within the limit', () => {
    const words = 'The converted ferry moored at the quay with volunteers carrying boxes of books aboard. '.repeat(5);
    const cut = cleanedAltDraft(words) ?? '';

    expect(cut.length).toBeLessThanOrEqual(DRAFTED_ALT_MAX_CHARS);
    expect(cut.endsWith('…')).toBe(true);
    expect(words).toContain(cut.slice(0, -1));
    expect(words.charAt(cut.length - 1)).toMatch(/\s/);
  });
});
