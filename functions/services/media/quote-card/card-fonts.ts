import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Font } from 'satori';

/**
 * The card's fonts: Noto Sans (Latin, Cyrillic, Greek) with Noto Sans SC (Chinese and kana) and
 * Noto Sans KR (Hangul) behind it, as the @fontsource packages ship them, cut into subsets by
 * Unicode range. A render loads only the subsets holding its text's characters, and keeps every
 * file it read for the next render.
 */

/** The font packages, by their @fontsource name; the first that has a character draws it. */
export const CARD_FONT_PACKAGES = ['noto-sans', 'noto-sans-sc', 'noto-sans-kr'] as const;
export type FontPackage = (typeof CARD_FONT_PACKAGES)[number];
/** Regular for the passage, bold for the bold design and the author. */
export const CARD_FONT_WEIGHTS = [400, 700] as const;
type CardFontWeight = (typeof CARD_FONT_WEIGHTS)[number];

const FAMILY: Record<FontPackage, string> = {
  'noto-sans': 'Noto Sans',
  'noto-sans-sc': 'Noto Sans SC',
  'noto-sans-kr': 'Noto Sans KR',
};

/**
 * Where the packages are: installed under node_modules when run from source; in the Lambda bundle
 * (CommonJS, where esbuild leaves import.meta empty) copied beside it by the bundling step in
 * infra/constructs/quote-card-bundling.ts, in the same layout.
 */
const FONT_ROOT = import.meta.url
  ? dirname(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/LICENSE')))
  : join(__dirname, 'fonts');

/** The file of one subset at one weight, as @fontsource names it ('[12]' → 'noto-sans-sc-12-400-normal.woff'). */
export function subsetFile(pkg: FontPackage, subset: string, weight: CardFontWeight): string {
  return `${pkg}-${subset.replace(/[[\]]/g, '')}-${weight}-normal.woff`;
}

/** One @fontsource subset: its package, its name in unicode.json and its code point ranges. */
export interface Subset {
  pkg: FontPackage;
  name: string;
  ranges: [number, number][];
}

/** 'U+0400-045F,U+2116' → [[0x400, 0x45f], [0x2116, 0x2116]] */
function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from = '', to] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)];
  });
}

let subsets: Map<FontPackage, Subset[]> | undefined;
/** Each package's subsets from its unicode.json (the unicode-range of its CSS, as data), read once. */
function subsetsOf(pkg: FontPackage): Subset[] {
  subsets ??= new Map(
    CARD_FONT_PACKAGES.map((name) => {
      const ranges = JSON.parse(readFileSync(join(FONT_ROOT, name, 'unicode.json'), 'utf8')) as Record<string, string>;
      return [
        name,
        Object.entries(ranges).map(([subset, range]) => ({
          pkg: name,
          name: subset,
          ranges: parseUnicodeRange(range),
        })),
      ];
    }),
  );
  return subsets.get(pkg) ?? [];
}

/** Every file the renderer may read from a package: each subset in its unicode.json, at both weights. */
export function cardFontFiles(pkg: FontPackage): string[] {
  return subsetsOf(pkg).flatMap((subset) => CARD_FONT_WEIGHTS.map((weight) => subsetFile(pkg, subset.name, weight)));
}

/** Korean text prefers the KR font's Han characters (hanja); any other text the SC font's. */
function packageOrder(language: string | null | undefined): FontPackage[] {
  return language === 'ko' ? ['noto-sans', 'noto-sans-kr', 'noto-sans-sc'] : [...CARD_FONT_PACKAGES];
}

/** What a text needs: the subsets that draw its characters, and the characters no bundled font has. */
export interface FontNeeds {
  subsets: Subset[];
  missing: string[];
}

// Spaces and invisible format characters are laid out, never drawn.
const NOT_DRAWN = /[\s\p{Cc}\p{Cf}]/u;

/** Which subset draws a character, per package order: found once, then remembered. */
const holders = new Map<string, Subset | null>();
function holderOf(char: string, order: readonly FontPackage[]): Subset | null {
  const key = `${order[1]}:${char}`;
  let holder = holders.get(key);
  if (holder === undefined) {
    const code = char.codePointAt(0) ?? 0;
    holder =
      order
        .flatMap((pkg) => subsetsOf(pkg))
        .find((subset) => subset.ranges.some(([from, to]) => code >= from && code <= to)) ?? null;
    holders.set(key, holder);
  }
  return holder;
}

/** The subsets a text needs (in the language's package order), and the characters no bundled font has. */
export function fontNeeds(text: string, language?: string | null): FontNeeds {
  const chosen = new Set<Subset>();
  const missing = new Set<string>();
  const order = packageOrder(language);
  for (const char of new Set(text)) {
    if (NOT_DRAWN.test(char)) continue;
    const holder = holderOf(char, order);
    if (holder) chosen.add(holder);
    else missing.add(char);
  }
  // In the packages' order, so the font-family prefers Noto Sans, then the language's CJK font.
  const rank = (subset: Subset) => order.indexOf(subset.pkg) * 1000 + subsetsOf(subset.pkg).indexOf(subset);
  return { subsets: [...chosen].sort((a, b) => rank(a) - rank(b)), missing: [...missing] };
}

const files = new Map<string, Buffer>();
function fontFile(pkg: FontPackage, file: string): Buffer {
  const key = `${pkg}/${file}`;
  let data = files.get(key);
  if (!data) {
    data = readFileSync(join(FONT_ROOT, pkg, 'files', file));
    files.set(key, data);
  }
  return data;
}

/** Satori's fonts for a text, and the CSS font-family naming them in the order they are preferred. */
export interface CardFonts {
  fonts: Font[];
  family: string;
}

/** Font lists kept by their subsets: satori keeps its parsed fonts for the same list object. */
const fontLists = new Map<string, CardFonts>();
const MAX_FONT_LISTS = 32;

/**
 * Satori's fonts for the subsets at both weights, the same object for the same subsets. Each
 * subset is a family of its own: satori keeps one font per family and weight, so subsets sharing
 * a name would hide each other's glyphs.
 */
export function satoriFonts(needed: readonly Subset[]): CardFonts {
  const key = needed.map((subset) => `${subset.pkg}/${subset.name}`).join(' ');
  let cardFonts = fontLists.get(key);
  if (!cardFonts) {
    const familyOf = (subset: Subset) => `${FAMILY[subset.pkg]} ${subset.name.replace(/[[\]]/g, '')}`;
    cardFonts = {
      fonts: needed.flatMap((subset) =>
        CARD_FONT_WEIGHTS.map((weight) => ({
          name: familyOf(subset),
          data: fontFile(subset.pkg, subsetFile(subset.pkg, subset.name, weight)),
          weight,
          style: 'normal' as const,
        })),
      ),
      family: needed.map((subset) => `"${familyOf(subset)}"`).join(', '),
    };
    // The oldest list goes first: a long-lived function sees many passages' subsets.
    if (fontLists.size >= MAX_FONT_LISTS) fontLists.delete(fontLists.keys().next().value ?? '');
    fontLists.set(key, cardFonts);
  }
  return cardFonts;
}
