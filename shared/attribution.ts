/** The attribution post that closes every thread: it credits the original author and links the article. */
export function attributionText(appHost: string, articleUrl: string): string {
  return `Thread created by ${appHost}. Read original article at: ${articleUrl}`;
}

/**
 * The plug's line (the reply that brings the link back when a thread takes off), in the thread's
 * language: the languages the offline writer has a voice for (SCAFFOLDED_LANGUAGES in
 * shared/languages.ts), English for any other. Without a byline the line names no one.
 */
const PLUG_LINES: Record<string, { byAuthor: (author: string) => string; plain: string }> = {
  en: { byAuthor: (author) => `The full story, by ${author}:`, plain: 'The full story:' },
  es: { byAuthor: (author) => `La historia completa, por ${author}:`, plain: 'La historia completa:' },
  pt: { byAuthor: (author) => `A história completa, por ${author}:`, plain: 'A história completa:' },
  fr: { byAuthor: (author) => `L’article complet, par ${author} :`, plain: 'L’article complet :' },
  de: { byAuthor: (author) => `Der ganze Artikel, von ${author}:`, plain: 'Der ganze Artikel:' },
  it: { byAuthor: (author) => `La storia completa, di ${author}:`, plain: 'La storia completa:' },
  nl: { byAuthor: (author) => `Het hele verhaal, door ${author}:`, plain: 'Het hele verhaal:' },
  ru: { byAuthor: (author) => `Полная история, автор — ${author}:`, plain: 'Полная история:' },
  ja: { byAuthor: (author) => `全文（${author}）:`, plain: '全文:' },
  ko: { byAuthor: (author) => `전체 이야기, ${author}:`, plain: '전체 이야기:' },
  zh: { byAuthor: (author) => `完整报道，作者${author}：`, plain: '完整报道：' },
};

/** The plug reply: 'The full story, by {author}: {url}' in the thread's language. */
export function plugText(language: string | null | undefined, author: string | null | undefined, url: string): string {
  const lines = PLUG_LINES[language ?? 'en'] ?? PLUG_LINES.en!;
  const byline = author?.trim();
  return `${byline ? lines.byAuthor(byline) : lines.plain} ${url}`;
}
