/**
 * Languages of articles and threads, as BCP 47 primary tags ('en', 'ko', 'pt'): the article's
 * language found at extraction, the thread's language (the article's, or the one the model was asked
 * to translate into) and the names the web app shows for them.
 */

/** A BCP 47 primary language subtag: two or three lower-case letters. */
export const LANGUAGE_TAG = /^[a-z]{2,3}$/;

/**
 * Languages the offline writer has its own phrases for (hook frames, recap labels, tone phrases);
 * in any other language it writes no scaffolding at all.
 */
export const SCAFFOLDED_LANGUAGES = ['en', 'es', 'pt', 'fr', 'de', 'it', 'nl', 'ru', 'ja', 'ko', 'zh'] as const;

/** Languages offered as a thread's language on the input step (the article's own is always offered too). */
export const THREAD_LANGUAGE_CHOICES = SCAFFOLDED_LANGUAGES;

/**
 * The primary language of a BCP 47 tag or a locale as pages write them ('en-US', 'pt_BR', 'zh-Hant',
 * 'EN'); null for anything that is not one ('', 'x-default', '*').
 */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const primary =
    tag
      ?.trim()
      .split(/[-_,;\s]/)[0]
      ?.toLowerCase() ?? '';
  return LANGUAGE_TAG.test(primary) ? primary : null;
}

/** Whether a language tag names a language the runtime knows ('ko', 'pt'), not just any two letters ('qq'). */
export function isKnownLanguage(tag: string): boolean {
  if (!LANGUAGE_TAG.test(tag)) return false;
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag);
  return Boolean(name) && name !== tag;
}

/** A language's name for a reader of `displayIn` ('ko' → 'Korean'); the tag itself when unknown. */
export function languageName(tag: string, displayIn = 'en'): string {
  try {
    return new Intl.DisplayNames([displayIn], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Scripts written without spaces between words, where a word count or a hashtag means little. */
export function writesWithoutSpaces(language: string | null | undefined): boolean {
  return language === 'ja' || language === 'zh' || language === 'th' || language === 'lo' || language === 'my';
}
