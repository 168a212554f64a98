import { francAll } from 'franc-min';
import { isKnownLanguage, primaryLanguage } from '#shared/languages';

/** franc-min's ISO 639-3 codes as BCP 47 primary tags (ISO 639-1 where one exists). */
const BCP47_OF: Record<string, string> = {
  spa: 'es',
  eng: 'en',
  por: 'pt',
  ind: 'id',
  fra: 'fr',
  deu: 'de',
  jav: 'jv',
  vie: 'vi',
  ita: 'it',
  tur: 'tr',
  pol: 'pl',
  swh: 'sw',
  sun: 'su',
  ron: 'ro',
  hau: 'ha',
  fuv: 'ff',
  bos: 'bs',
  hrv: 'hr',
  nld: 'nl',
  srp: 'sr',
  ckb: 'ckb',
  yor: 'yo',
  uzn: 'uz',
  zlm: 'ms',
  ibo: 'ig',
  ceb: 'ceb',
  tgl: 'tl',
  hun: 'hu',
  azj: 'az',
  ces: 'cs',
  run: 'rn',
  plt: 'mg',
  qug: 'qu',
  mad: 'mad',
  nya: 'ny',
  zyb: 'za',
  kin: 'rw',
  zul: 'zu',
  swe: 'sv',
  lin: 'ln',
  som: 'so',
  hms: 'hms',
  hnj: 'hnj',
  ilo: 'ilo',
  rus: 'ru',
  ukr: 'uk',
  koi: 'koi',
  bel: 'be',
  bul: 'bg',
  kaz: 'kk',
  arb: 'ar',
  urd: 'ur',
  pes: 'fa',
  skr: 'skr',
  pbu: 'ps',
  hin: 'hi',
  mar: 'mr',
  mai: 'mai',
  bho: 'bho',
  npi: 'ne',
  mag: 'mag',
  cmn: 'zh',
  ben: 'bn',
  jpn: 'ja',
  kor: 'ko',
  tel: 'te',
  tam: 'ta',
  guj: 'gu',
  kan: 'kn',
  mal: 'ml',
  mya: 'my',
  pan: 'pa',
  amh: 'am',
  tha: 'th',
  sin: 'si',
  ell: 'el',
};

/** Languages franc-min knows by their script alone: when it names one, the text is in that script. */
const BY_SCRIPT = new Set(['zh', 'bn', 'ja', 'ko', 'te', 'ta', 'gu', 'kn', 'ml', 'my', 'pa', 'am', 'th', 'si', 'el']);

/** The text franc reads: enough for a clear answer, little enough to stay fast. */
const SAMPLE = 2000;
/** Shorter texts give no answer worth trusting over what the page declares. */
const MIN_SAMPLE = 40;
/** A declared language scoring this close to the text's best guess may be right when the two are neighbours. */
const NEAR = 0.85;
/** Languages so alike in writing that a short text may read as the other: the page's word decides between them. */
const NEIGHBOURS = [
  ['pt', 'es', 'gl'],
  ['es', 'ca', 'gl'],
  ['id', 'ms', 'jv', 'su'],
  ['bs', 'hr', 'sr'],
  ['ru', 'uk', 'be', 'bg'],
  ['cs', 'sk'],
  ['da', 'no', 'nb', 'nn', 'sv'],
  ['nl', 'af'],
  ['hi', 'mr', 'ne', 'mai', 'bho', 'mag'],
  ['fa', 'ur'],
];

function neighbours(a: string, b: string): boolean {
  return NEIGHBOURS.some((group) => group.includes(a) && group.includes(b));
}

/** A declared tag's primary language when it names a real one ('xx' or 'und' do not). */
function knownPrimary(tag: string | null | undefined): string | null {
  const primary = primaryLanguage(tag);
  return primary && primary !== 'und' && isKnownLanguage(primary) ? primary : null;
}

/** What a page says about its language, in the order they are trusted. */
export interface DeclaredLanguage {
  /** `<html lang>` (or the article element's). */
  htmlLang?: string | null;
  /** The response's `Content-Language` header. */
  contentLanguage?: string | null;
  /** `og:locale`, `<meta name="language">`, JSON-LD `inLanguage`. */
  metaLanguage?: string | null;
}

/**
 * The article's language as a BCP 47 primary tag: what the page declares (`<html lang>`, then
 * `Content-Language`, then `og:locale` and the like), checked against the text itself. When they
 * disagree strongly (the text is in another script, or another language than the declared one or
 * a close neighbour of it scoring nearly as well) the text wins: a page declaring lang="en" over Korean text is Korean. Null
 * when the page declares nothing and the text is too short or unclear.
 */
export function detectArticleLanguage(declared: DeclaredLanguage, text: string): string | null {
  const stated =
    knownPrimary(declared.htmlLang) ?? knownPrimary(declared.contentLanguage) ?? knownPrimary(declared.metaLanguage);
  const sample = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SAMPLE);
  if (sample.length < MIN_SAMPLE) return stated;
  const scores = francAll(sample, { minLength: MIN_SAMPLE })
    .map(([code, score]) => [BCP47_OF[code], score] as const)
    .filter((entry): entry is readonly [string, number] => entry[0] !== undefined);
  const best = scores[0];
  if (!best) return stated;
  const [detected] = best;
  if (!stated || stated === detected) return detected;
  // A language franc-min does not know (Catalan, Irish) is kept unless the text is plainly in another script.
  const statedScore = scores.find(([code]) => code === stated)?.[1];
  if (statedScore === undefined) return BY_SCRIPT.has(detected) ? detected : stated;
  return statedScore >= NEAR && neighbours(stated, detected) ? stated : detected;
}
