import type { Tone } from '#shared/tones';

/**
 * The offline writer's own phrases in each language it writes (hook frames, recap labels and the
 * tone's closing line), written as a curator posting in that language would: each language's own
 * punctuation (full-width colon in Chinese and Japanese, a no-break space before the French colon,
 * 《》 around a Chinese publication, « » around a Russian one), credit lines that avoid inflecting a
 * publication's name. A tone a language has no voice for falls back to professional; a language
 * with no voice at all gets no phrases (the article's sentences alone, never English).
 */

/** Who wrote the article and where, as a phrase may name them. */
export interface VoiceCredit {
  /** The author's name, or null. */
  author: string | null;
  /** Several authors ("Ana López and Luis Gil"): verbs agree with them. */
  plural: boolean;
  /** The publication's name as it stands alone ("Süddeutsche Zeitung"), or null. */
  outlet: string | null;
  /** An opinion, analysis or review: the author writes rather than reports. */
  column: boolean;
}

/** What a hook frame is given besides the sentence. */
export interface VoiceContext extends VoiceCredit {
  title: string;
}

export type VoiceFrame = (sentence: string, c: VoiceContext) => string;

/** One language's voice. English is written in tone-writer.ts, where its tones were first tuned. */
export interface Voice {
  /** Hook frames per tone; professional is always there. */
  hooks: { professional: VoiceFrame } & Partial<Record<Exclude<Tone, 'professional'>, VoiceFrame[]>>;
  /** The closing recap's label per tone; professional is always there. */
  recap: { professional: string } & Partial<Record<Exclude<Tone, 'professional'>, string>>;
  /** The persuasive tone's closing post, a reason to read the original. */
  persuasiveClose?: (c: VoiceCredit) => string;
}

const NBSP = '\u00a0';

/** "Author, Outlet" in brief, or one of them, or ''. */
function via(c: VoiceCredit, separator = ', '): string {
  return [c.author, c.outlet].filter(Boolean).join(separator);
}

/** A title ending on its own question mark is already the lesson's opening. */
function asks(title: string): boolean {
  return /[?？]$/u.test(title);
}

const VOICES: Record<string, Voice> = {
  es: {
    hooks: {
      professional: (s, c) => {
        const verb = c.column ? (c.plural ? 'escriben' : 'escribe') : c.plural ? 'cuentan' : 'cuenta';
        if (c.author) return `${c.author} ${verb}${c.outlet ? ` en ${c.outlet}` : ''}: ${s}`;
        return c.outlet ? `En ${c.outlet}: ${s}` : s;
      },
      casual: [
        (s, c) => `Por si te lo perdiste${via(c) ? ` (vía ${via(c)})` : ''}: ${s} 👇`,
        (s, c) => `Vale la pena leerlo${via(c) ? `, de ${via(c)}` : ''}: ${s} 👇`,
      ],
      educational: [
        (s, c) =>
          `${asks(c.title) ? c.title : `${c.title}: lo que hay que saber`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} Los datos${via(c) ? `, de ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: 'En resumen:',
      casual: 'En pocas palabras:',
      educational: 'Lo esencial:',
      persuasive: 'Lo que hay que recordar:',
    },
    persuasiveClose: (c) =>
      `El artículo original${c.author ? `, de ${c.author}${c.outlet ? ` en ${c.outlet}` : ''},` : ''} tiene lo que este hilo deja fuera: las fuentes y los detalles. El enlace está al final.`,
  },
  pt: {
    hooks: {
      professional: (s, c) => {
        const verb = c.column ? (c.plural ? 'escrevem' : 'escreve') : c.plural ? 'relatam' : 'relata';
        if (c.author) return `${c.author}${c.outlet ? ` (${c.outlet})` : ''} ${verb}: ${s}`;
        return c.outlet ? `${c.outlet} ${verb}: ${s}` : s;
      },
      casual: [
        (s, c) => `Caso você tenha perdido${via(c) ? ` (via ${via(c)})` : ''}: ${s} 👇`,
        (s, c) => `Vale a leitura${via(c) ? `, de ${via(c)}` : ''}: ${s} 👇`,
      ],
      educational: [
        (s, c) =>
          `${asks(c.title) ? c.title : `${c.title}: o que é preciso saber`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} Os dados${via(c) ? `, de ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: 'Em resumo:',
      casual: 'Resumindo:',
      educational: 'O essencial:',
      persuasive: 'O que fica:',
    },
    persuasiveClose: (c) =>
      `O texto original${c.author ? `, de ${c.author}${c.outlet ? ` (${c.outlet})` : ''},` : ''} traz o que este fio deixa de fora: as fontes e os detalhes. O link está no fim.`,
  },
  fr: {
    hooks: {
      professional: (s, c) => {
        const verb = c.column ? (c.plural ? 'écrivent' : 'écrit') : c.plural ? 'racontent' : 'raconte';
        if (c.author) return `${c.author} ${verb}${c.outlet ? ` dans ${c.outlet}` : ''}${NBSP}: ${s}`;
        return c.outlet ? `À lire dans ${c.outlet}${NBSP}: ${s}` : s;
      },
      casual: [
        (s, c) => `Si vous l'avez manqué${via(c) ? ` (via ${via(c)})` : ''}${NBSP}: ${s} 👇`,
        (s, c) => `Ça vaut le détour${via(c) ? `, signé ${via(c)}` : ''}${NBSP}: ${s} 👇`,
      ],
      educational: [
        (s, c) =>
          `${asks(c.title) ? c.title : `${c.title}${NBSP}: ce qu'il faut savoir`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} Les faits${via(c) ? `, par ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: `En bref${NBSP}:`,
      casual: `Bref${NBSP}:`,
      educational: `À retenir${NBSP}:`,
      persuasive: `L'essentiel${NBSP}:`,
    },
    persuasiveClose: (c) =>
      `L'article original${c.author ? `, de ${c.author}${c.outlet ? ` dans ${c.outlet}` : ''},` : ''} contient ce que ce fil laisse de côté${NBSP}: les sources et les détails. Le lien est à la fin.`,
  },
  de: {
    hooks: {
      professional: (s, c) => {
        const verb = c.column ? (c.plural ? 'schreiben' : 'schreibt') : c.plural ? 'berichten' : 'berichtet';
        if (c.author) return `${c.author}${c.outlet ? ` (${c.outlet})` : ''} ${verb}: ${s}`;
        return c.outlet ? `${c.outlet} ${verb}: ${s}` : s;
      },
      casual: [
        (s, c) => `Falls ihr es verpasst habt${via(c) ? ` (via ${via(c)})` : ''}: ${s} 👇`,
        (s, c) => `Lesenswert${via(c) ? `, von ${via(c)}` : ''}: ${s} 👇`,
      ],
      educational: [
        (s, c) =>
          `${asks(c.title) ? c.title : `${c.title}: Das Wichtigste im Überblick`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} Die Belege${via(c) ? ` – von ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: 'Kurz gesagt:',
      casual: 'Unterm Strich:',
      educational: 'Zum Mitnehmen:',
      persuasive: 'Was bleibt:',
    },
    persuasiveClose: (c) =>
      `Der Originalartikel${c.author ? ` von ${c.author}${c.outlet ? ` (${c.outlet})` : ''}` : ''} hat, was dieser Thread auslässt: die Quellen und die Details. Der Link steht am Ende.`,
  },
  it: {
    hooks: {
      professional: (s, c) => {
        const verb = c.column ? (c.plural ? 'scrivono' : 'scrive') : c.plural ? 'raccontano' : 'racconta';
        if (c.author) return `${c.author}${c.outlet ? ` (${c.outlet})` : ''} ${verb}: ${s}`;
        return c.outlet ? `${c.outlet} ${verb}: ${s}` : s;
      },
      casual: [
        (s, c) => `Se ve lo siete persi${via(c) ? ` (via ${via(c)})` : ''}: ${s} 👇`,
        (s, c) => `Da leggere${via(c) ? `, di ${via(c)}` : ''}: ${s} 👇`,
      ],
      educational: [
        (s, c) => `${asks(c.title) ? c.title : `${c.title}: cosa sapere`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} I fatti${via(c) ? `, da ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: 'In breve:',
      casual: 'Insomma:',
      educational: 'Da ricordare:',
      persuasive: 'Il punto:',
    },
    persuasiveClose: (c) =>
      `L'articolo originale${c.author ? `, di ${c.author}${c.outlet ? ` (${c.outlet})` : ''},` : ''} ha quello che questo thread lascia fuori: le fonti e i dettagli. Il link è alla fine.`,
  },
  nl: {
    hooks: {
      professional: (s, c) => {
        const verb = c.plural ? 'schrijven' : 'schrijft';
        if (c.author) return `${c.author} ${verb}${c.outlet ? ` in ${c.outlet}` : ''}: ${s}`;
        return c.outlet ? `In ${c.outlet}: ${s}` : s;
      },
      casual: [
        (s, c) => `Voor wie het gemist heeft${via(c) ? ` (via ${via(c)})` : ''}: ${s} 👇`,
        (s, c) => `Het lezen waard${via(c) ? `, van ${via(c)}` : ''}: ${s} 👇`,
      ],
      educational: [
        (s, c) => `${asks(c.title) ? c.title : `${c.title}: wat je moet weten`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
      persuasive: [(s, c) => `${s} Het bewijs${via(c) ? `, van ${via(c)}` : ''} 👇`],
    },
    recap: {
      professional: 'Kortom:',
      casual: 'Kort gezegd:',
      educational: 'Om te onthouden:',
      persuasive: 'Waar het om draait:',
    },
    persuasiveClose: (c) =>
      `Het originele artikel${c.author ? ` van ${c.author}${c.outlet ? ` (${c.outlet})` : ''}` : ''} heeft wat deze thread weglaat: de bronnen en de details. De link staat aan het eind.`,
  },
  ru: {
    hooks: {
      professional: (s, c) => {
        const outlet = c.outlet ? `«${c.outlet.replace(/^«|»$/gu, '')}»` : null;
        const verb = c.plural ? 'пишут' : 'пишет';
        if (c.author) return `${c.author}${outlet ? ` (${outlet})` : ''} ${verb}: ${s}`;
        return outlet ? `${outlet} ${verb}: ${s}` : s;
      },
      casual: [(s, c) => `Если вы пропустили${via(c) ? ` (${via(c)})` : ''}: ${s} 👇`],
      educational: [
        (s, c) => `${asks(c.title) ? c.title : `${c.title}: что нужно знать`} 🧵 ${s}${via(c) ? ` (${via(c)})` : ''}`,
      ],
    },
    recap: {
      professional: 'Коротко:',
      casual: 'Если коротко:',
      educational: 'Главное:',
    },
  },
  ja: {
    hooks: {
      // The brackets a Japanese post puts its source in: 【朝日新聞・山田太郎】
      professional: (s, c) => (via(c, '・') ? `【${via(c, '・')}】${s}` : s),
      educational: [(s, c) => `${asks(c.title) ? c.title : `${c.title}：押さえておきたいポイント`}🧵 ${s}`],
    },
    recap: {
      professional: 'まとめ：',
      educational: 'ポイント：',
    },
  },
  zh: {
    hooks: {
      // The news formula: 据《人民日报》报道：; a column: 张伟在《财新》撰文指出：
      professional: (s, c) => {
        const outlet = c.outlet ? `《${c.outlet.replace(/^《|》$/gu, '')}》` : '';
        if (c.column && c.author) return `${c.author}${outlet ? `在${outlet}` : ''}撰文指出：${s}`;
        return c.author || outlet ? `据${outlet}${c.author ?? ''}报道：${s}` : s;
      },
      educational: [(s, c) => `${asks(c.title) ? c.title : `${c.title}：你需要知道的要点`}🧵 ${s}`],
    },
    recap: {
      professional: '简而言之：',
      educational: '要点：',
    },
  },
  ko: {
    hooks: {
      // The brackets a Korean post puts its source in: [한겨레 김민수]
      professional: (s, c) => (via(c, ' ') ? `[${via(c, ' ')}] ${s}` : s),
      educational: [(s, c) => `${asks(c.title) ? c.title : `${c.title}: 알아두면 좋은 점`} 🧵 ${s}`],
    },
    recap: {
      professional: '요약:',
      educational: '핵심 정리:',
    },
  },
};

/** The voice of a language other than English, or null when the writer has none for it. */
export function voiceOf(language: string): Voice | null {
  return VOICES[language] ?? null;
}

/**
 * The tone the writer uses in a language: the one asked for when the language has a voice for it,
 * else professional (every voiced language has one). English has every tone; a language without a
 * voice writes no phrases at all, so no tone falls back there.
 */
export function toneInLanguage(tone: Tone, language: string | null | undefined): Tone {
  if (!language || language === 'en' || tone === 'professional') return tone;
  const voice = voiceOf(language);
  if (!voice) return tone;
  return voice.hooks[tone] && voice.recap[tone] ? tone : 'professional';
}

/** What follows a translated quotation, in the thread's language: the quote is the article's words, translated. */
const TRANSLATED_MARKS: Record<string, string> = {
  en: '(translated)',
  es: '(traducción)',
  pt: '(tradução)',
  fr: '(traduit)',
  de: '(übersetzt)',
  it: '(traduzione)',
  nl: '(vertaald)',
  ru: '(перевод)',
  ja: '（訳）',
  zh: '（译文）',
  ko: '(번역)',
};

/** The mark a translated quotation carries in a language (English's where the writer has none for it). */
export function translatedQuoteMark(language: string): string {
  return TRANSLATED_MARKS[language] ?? TRANSLATED_MARKS.en ?? '(translated)';
}

const ownWords = new Map<string, ReadonlySet<string>>();

/**
 * The capitalised words of a language's own phrases ('Unterm Strich', 'Die Belege'): the writer's
 * words, not the article's claims, so the check against the article never reads them as names.
 */
export function voiceWords(language: string | null | undefined): ReadonlySet<string> {
  const voice = language ? voiceOf(language) : null;
  if (!language || !voice) return new Set();
  let words = ownWords.get(language);
  if (!words) {
    const blank: VoiceContext = { author: null, plural: false, outlet: null, column: false, title: '' };
    const texts = [
      ...Object.values(voice.hooks)
        .flat()
        .flatMap((frame) => [frame('', blank), frame('', { ...blank, column: true, plural: true })]),
      ...Object.values(voice.recap),
      voice.persuasiveClose?.(blank) ?? '',
      translatedQuoteMark(language),
    ];
    words = new Set(texts.flatMap((text) => text.match(/\p{Lu}[\p{L}'’]*/gu) ?? []));
    ownWords.set(language, words);
  }
  return words;
}
