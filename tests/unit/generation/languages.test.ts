import { describe, expect, it } from 'vitest';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { hashtagProblem, pickHashtags } from '#functions/services/generation/draft/hashtags';
import {
  type HookContext,
  RECAP_LABELS,
  recapLabel,
  writeBody,
  writeHook,
  writeRecap,
} from '#functions/services/generation/draft/tone-writer';
import { toneInLanguage } from '#functions/services/generation/draft/voices';
import { analyseText } from '#functions/services/text/nlp';
import { extractThemes } from '#functions/services/text/themes';
import { SCAFFOLDED_LANGUAGES } from '#shared/languages';
import { sentenceSpans } from '#shared/readable-split';
import { TONES } from '#shared/tones';

const sentences = (text: string, locale: string) =>
  sentenceSpans(text, locale).map((s) => text.slice(s.start, s.end).trim());

describe('sentences in the article’s language', () => {
  it('splits Japanese at 。！？ and keeps a reported quotation with its sentence', () => {
    expect(
      sentences('今日は良い天気ですね。東京に行きました！「本当？」と彼は言った。次の日は雨だった。', 'ja'),
    ).toEqual(['今日は良い天気ですね。', '東京に行きました！', '「本当？」と彼は言った。', '次の日は雨だった。']);
  });

  it('splits Chinese and keeps “…？”他问。 together', () => {
    expect(sentences('今天天气很好。我们去了北京，见了朋友！“真的吗？”他问。', 'zh')).toEqual([
      '今天天气很好。',
      '我们去了北京，见了朋友！',
      '“真的吗？”他问。',
    ]);
  });

  it('splits Korean at its sentence ends', () => {
    expect(sentences('서울시는 요금을 인상했다. 시민들은 반발했다! 정말일까?', 'ko')).toEqual([
      '서울시는 요금을 인상했다.',
      '시민들은 반발했다!',
      '정말일까?',
    ]);
  });

  it('splits Thai, which has no sentence punctuation, at the spaces between its clauses', () => {
    const text = 'วันนี้อากาศดีมาก เราไปกรุงเทพเมื่อปี 2024 แล้วกินข้าว ทุกคนมีความสุข';
    // A single segment from ICU's sentence rules: the spaces are where Thai ends a clause.
    expect([...new Intl.Segmenter('th', { granularity: 'sentence' }).segment(text)]).toHaveLength(1);
    expect(sentences(text, 'th')).toEqual(['วันนี้อากาศดีมาก', 'เราไปกรุงเทพเมื่อปี 2024 แล้วกินข้าว', 'ทุกคนมีความสุข']);
    const analysed = analyseText(text, 'th');
    expect(analysed.sentences).toHaveLength(3);
    expect(analysed.value).toContain('กรุงเทพ');
  });

  it('reads English with wink-nlp as before', () => {
    expect(analyseText('Dr. Smith went home. He slept.', 'en').sentences).toHaveLength(2);
  });
});

const context = (language: string | null): HookContext => ({
  title: 'Titel',
  reports: 'Jane Doe reports in the Example Times',
  via: 'Jane Doe, Example Times',
  topic: 'harbours',
  solemn: false,
  language,
  credit: { byline: 'Jane Doe', siteName: 'Example Times' },
});
const hook = (tone: (typeof TONES)[number], language: string | null) =>
  writeHook({ tone, sentence: 'SENTENCE', context: context(language), hashtags: [], fit: (s) => s }) ?? '';

/** Every English phrase of the hook frames and recap labels, as a reader would spot them. */
const ENGLISH =
  /\b(?:reports|writes|In case you missed it|worth your time|what to know|The evidence|fans|Grab a coffee|Today's|In short|The bottom line|The takeaway|The point to remember|If you remember one thing)\b/;

describe('scaffolding in the thread’s language', () => {
  it('gives each of the 11 languages its own hook frame and recap label', () => {
    const frames = SCAFFOLDED_LANGUAGES.map((language) => hook('professional', language));
    const labels = SCAFFOLDED_LANGUAGES.map((language) => recapLabel('professional', language));
    expect(new Set(frames).size).toBe(SCAFFOLDED_LANGUAGES.length);
    expect(new Set(labels).size).toBe(SCAFFOLDED_LANGUAGES.length);
    for (const [i, language] of SCAFFOLDED_LANGUAGES.entries()) {
      expect(frames[i], language).toContain('SENTENCE');
      expect(frames[i], language).toContain('Jane Doe');
      if (language !== 'en') {
        expect(frames[i], language).not.toMatch(ENGLISH);
        for (const tone of TONES) expect(hook(tone, language), `${language} ${tone}`).not.toMatch(ENGLISH);
        for (const tone of TONES) expect(recapLabel(tone, language)).not.toMatch(ENGLISH);
      }
    }
    expect(recapLabel('educational', 'en')).toBe(RECAP_LABELS.educational);
  });

  it('writes each language’s punctuation: full-width colon in Chinese and Japanese, a no-break space before the French colon', () => {
    expect(recapLabel('professional', 'zh')).toMatch(/：$/);
    expect(recapLabel('professional', 'ja')).toMatch(/：$/);
    expect(writeRecap('professional', '东京下雨了', 'src', 'zh')?.content).toBe('简而言之：东京下雨了。');
    expect(recapLabel('professional', 'fr')).toBe('En bref\u00a0:');
    expect(hook('professional', 'fr')).toBe('Jane Doe raconte dans Example Times\u00a0: SENTENCE');
    expect(hook('professional', 'de')).toBe('Jane Doe (Example Times) berichtet: SENTENCE');
    expect(hook('professional', 'zh')).toBe('据《Example Times》Jane Doe报道：SENTENCE');
  });

  it('writes no scaffolding at all in a language without a voice, never English', () => {
    for (const tone of TONES) {
      expect(hook(tone, 'id')).toBe('SENTENCE');
      expect(recapLabel(tone, 'id')).toBe('');
      expect(writeRecap(tone, 'Islam pecah karena faktor politik.', 'src', 'id')?.content).toBe(
        'Islam pecah karena faktor politik.',
      );
    }
    const body = writeBody({
      tone: 'persuasive',
      posts: [{ content: 'Satu.', source: 'Satu.', score: 1 }],
      credit: { byline: null, siteName: null },
      language: 'id',
    });
    expect(body.map((p) => p.content)).toEqual(['Satu.']);
  });

  it('falls back to the professional voice where a language has none for the tone', () => {
    expect(toneInLanguage('humorous', 'de')).toBe('professional');
    expect(toneInLanguage('casual', 'de')).toBe('casual');
    expect(toneInLanguage('casual', 'ja')).toBe('professional');
    expect(toneInLanguage('humorous', 'en')).toBe('humorous');
    expect(toneInLanguage('humorous', 'id')).toBe('humorous');
  });
});

const GERMAN = {
  url: 'https://zeitung.example/energie',
  title: 'Die Energiewende in Hamburg kommt voran',
  byline: 'Von Anna Müller',
  siteName: 'Hamburger Abendblatt',
  language: 'de',
  content: [
    'Hamburg baut in diesem Jahr 40 neue Windräder im Hafen, teilte der Senat am Dienstag mit. Die Energiewende in der Stadt kommt damit schneller voran als geplant.',
    'Nach Angaben der Umweltbehörde sollen die Anlagen bis 2026 rund 120.000 Haushalte mit Strom versorgen. Die Kosten liegen bei etwa 300 Millionen Euro.',
    'Umweltsenator Jens Kerstan sprach von einem wichtigen Schritt für den Klimaschutz. Die Windräder seien ein Zeichen, dass Hamburg seine Ziele ernst nehme.',
    'Kritik kommt von Anwohnern in Finkenwerder. Sie befürchten Lärm und fordern einen größeren Abstand zu den Wohnhäusern.',
    'Die Hafenbehörde prüft derzeit, ob die Anlagen den Schiffsverkehr beeinträchtigen könnten. Ein Gutachten soll im Frühjahr vorliegen.',
    'Auch die Handelskammer begrüßt den Ausbau. Günstiger Strom aus Windkraft sei für die Industrie im Hafen ein Standortvorteil.',
    'Bis 2030 will Hamburg seinen Strombedarf zur Hälfte aus erneuerbaren Quellen decken. Derzeit liegt der Anteil bei knapp einem Drittel.',
    'Die Energiewende bleibt dennoch eine Herausforderung für die Stadt, denn der Ausbau der Netze hinkt hinterher.',
  ].join('\n\n'),
};

describe('a German article', () => {
  it('gets a thread framed in German in every tone, with German hashtags and the spec’s attribution', async () => {
    const themes = extractThemes(GERMAN.content, { title: GERMAN.title, language: 'de' });
    for (const tone of TONES) {
      const thread = await generateThread({ article: GERMAN, tone, appHost: 'threadsnip.app', themes });
      expect(thread.language).toBe('de');
      const posts = thread.posts.map((p) => p.content);
      for (const post of posts.slice(0, -1)) expect(post, `${tone}: ${post}`).not.toMatch(ENGLISH);
      expect(posts.at(-1)).toBe(
        'Thread created by threadsnip.app. Read original article at: https://zeitung.example/energie',
      );
      expect(thread.voiceTone).toBe(tone === 'humorous' ? 'professional' : undefined);
    }
    const professional = await generateThread({
      article: GERMAN,
      tone: 'professional',
      appHost: 'threadsnip.app',
      themes,
    });
    expect(professional.posts[0]?.content).toMatch(/^Anna Müller \(Hamburger Abendblatt\) berichtet: /);
  });

  it('takes hashtags from the German text, never a German stop word', () => {
    const tags = pickHashtags({
      text: GERMAN.content,
      themes: extractThemes(GERMAN.content, { language: 'de' }),
      language: 'de',
    });
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(hashtagProblem(tag, new Set(), 'de'), tag).toBeNull();
    expect(
      tags.some((tag) => /^#(?:Hamburg|Energiewende|Windräder|Hafen)/.test(tag)),
      tags.join(' '),
    ).toBe(true);
    expect(hashtagProblem('#Und', new Set(), 'de')).toBe('a stop word');
    expect(hashtagProblem('#Und', new Set(), 'en')).toBeNull();
  });
});

describe('hashtags in Chinese, Japanese and Korean', () => {
  it('skips hashtags unless a clear term: a Latin-letter name the article repeats', () => {
    const japanese =
      '東京都は来年から地下鉄の運賃を値上げすると発表した。都によると、運営費の赤字が続いているという。利用者からは反発の声が上がっている。専門家は値上げの影響を注視している。';
    expect(
      pickHashtags({ text: japanese, themes: extractThemes(japanese, { language: 'ja' }), language: 'ja' }),
    ).toEqual([]);
    const withName = `${japanese}OpenAIは新しいモデルを公開した。OpenAIによると、性能が向上したという。`;
    expect(
      pickHashtags({ text: withName, themes: extractThemes(withName, { language: 'ja' }), language: 'ja' }),
    ).toEqual(['#OpenAI']);
  });
});
