import type { ToastText } from './toast-text';

// The create flow's texts: generation progress and failures (the spec's words), the thread's language, short-quote mode and articles shared from outside.

/** How many service-busy retries the create flow allows. */
export const MAX_GENERATION_RETRIES = 3;

// Substrings of an error message that mean the AI service is busy rather than broken, so the user may retry.
const SERVICE_BUSY_MARKERS = [
  'edge function returned a non-2xx status code',
  'temporarily unavailable',
  'overloaded',
  'service unavailable',
  '503',
  '502',
  '504',
];

/** Generation progress, busy-service and failure texts. */
export const generationMessages = {
  serviceBusy: {
    title: 'Service Temporarily Busy',
    description: 'The AI service is experiencing high demand. This is temporary and no credits were consumed.',
  },
  tryAgainSoon: 'You can try again in a moment',
  waitBeforeRetrying: 'Please wait a few minutes before retrying.',
  unexpectedError: 'An unexpected error occurred while processing your URL. Please try again.',
  checkingContent: 'Checking Content...',
  invalidUrl: 'Please enter a valid URL',
  possibleAddedContent: 'Possible Added Content',
  highRiskOfAddedContent: 'High Risk of Added Content',
} as const satisfies Record<string, ToastText | string>;

/** True when a failure is the busy-service case: a known marker in the message, or retryable set. */
export function isServiceBusy(message: string | null | undefined, retryable = false): boolean {
  if (retryable) return true;
  const lower = (message ?? '').toLowerCase();
  return SERVICE_BUSY_MARKERS.some((marker) => lower.includes(marker));
}

/** The hint under the busy notice: try again now for the first two retries, then wait. */
export function serviceBusyHint(retryCount: number): string {
  return retryCount < 2 ? generationMessages.tryAgainSoon : generationMessages.waitBeforeRetrying;
}

/** 'Retry attempts: n/3' */
export function retryAttempts(retryCount: number): string {
  return `Retry attempts: ${retryCount}/${MAX_GENERATION_RETRIES}`;
}

/** 'Generation Failed' with the failure's message, or the generic one. */
export function generationFailed(message?: string | null): ToastText {
  return { title: 'Generation Failed', description: message?.trim() || generationMessages.unexpectedError };
}

/** The hallucination banner's title for a risk level; low risk shows no banner (null). */
export function hallucinationBannerTitle(risk: 'low' | 'medium' | 'high'): string | null {
  if (risk === 'high') return generationMessages.highRiskOfAddedContent;
  if (risk === 'medium') return generationMessages.possibleAddedContent;
  return null;
}

/** Threads in the article's own language: the language shown, the voice's fallback, translation. */
export const threadLanguageMessages = {
  threadLanguage: (language: string) => `Written in ${language}`,
  voiceFallback: (tone: string, language: string) =>
    `There is no ${tone} voice in ${language} yet, so this thread uses the professional one.`,
  translatedFrom: (language: string) => `Translated from ${language}`,
  translatedQuote: '(translated)',
  offlineCannotTranslate: (language: string) =>
    `Writing the thread in ${language} needs the AI writer, which is not set up. Choose the article's own language.`,
  threadLanguageLabel: 'Thread language',
  articleLanguageOption: "The article's language",
};

/** The publisher's AI and snippet signals (TDMRep, robots directives): the short-quote badge. */
export const shortQuoteMessages = {
  badge: 'The publisher limits AI use: short-quote mode',
  explained:
    'This thread was written in short-quote mode: a hook, at most two posts and the credit, paraphrased, with only brief quotations of the article.',
};

/** Articles brought to /create from outside: the phone's Share menu and the 'Thread this page' bookmarklet. */
export const sharedArticleMessages = {
  hintLabel: 'From the page',
  bookmarklet: 'Thread this page',
  bookmarkletHelp:
    'Drag this link to your bookmarks bar. On any article, click it to open the article here, with the text you selected as a note.',
};

/** The badge with the signal that triggered it: 'The publisher limits AI use: short-quote mode (tdm-reservation: 1)'. */
export function shortQuoteBadgeText(signal: string): string {
  return `${shortQuoteMessages.badge} (${signal})`;
}
