import satori, { type Font } from 'satori';
import sharp from 'sharp';
import { ValidationError } from '#functions/lib/errors';
import {
  QUOTE_CARD_FORMATS,
  type QuoteCardDesign,
  type QuoteCardFormat,
  type QuoteCardTheme,
} from '#shared/schemas/media';
import { type CardContent, cardTree, MAX_PASSAGE_SIZE, MIN_PASSAGE_SIZE, PASSAGE_LINE_HEIGHT } from './card-designs';
import { fontNeeds, satoriFonts } from './card-fonts';

export interface QuoteCardInput {
  /** The verbatim passage (shared/quote-card.ts `quoteCardPassage`). */
  passage: string;
  author: string | null;
  outlet: string | null;
  domain: string | null;
  design: QuoteCardDesign;
  theme: QuoteCardTheme;
  format: QuoteCardFormat;
  /** The thread's language: Korean prefers the Korean font's Han characters. */
  language?: string | null;
}

export interface RenderedQuoteCard {
  png: Uint8Array;
  width: number;
  height: number;
}

/**
 * A passage the card cannot show whole: right-to-left, with characters no bundled font draws, or
 * too long at the smallest size. Refused rather than drawn with boxes, gaps or cut short.
 */
export class QuoteCardTextError extends ValidationError {}

// Satori lays text out left to right only, and no bundled font has these scripts.
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** Each step down the passage size shrinks it by this factor at least. */
const SIZE_STEP = 0.9;
/** Glyph width as a share of the size, for the first guess at the size: CJK glyphs are square. */
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

function svgHeight(svg: string): number {
  return Number(/height="([\d.]+)"/.exec(svg)?.[1] ?? Number.POSITIVE_INFINITY);
}

/** A first guess at the size that fills the card's text area, from the passage's width in ems. */
function estimatedSize(passage: string, width: number, height: number): number {
  let ems = 0;
  for (const char of passage) ems += WIDE.test(char) ? 1 : 0.55;
  // About half the card is the passage's (padding, the mark and the credit take the rest).
  return Math.sqrt((0.5 * width * height) / (ems * PASSAGE_LINE_HEIGHT));
}

/**
 * The largest passage size at which the whole card fits its height: measured by laying the card
 * out at its natural height, from a guess down in steps; never cut, never overflowing.
 */
async function fittedSize(card: CardContent, height: number, fonts: Font[]): Promise<number> {
  // Sizes are set for 1200×675; a portrait card has the room for larger type.
  const largest = Math.round(MAX_PASSAGE_SIZE[card.design] * Math.sqrt((card.width * height) / (1200 * 675)));
  let size = Math.max(
    MIN_PASSAGE_SIZE,
    Math.min(largest, Math.round(1.15 * estimatedSize(card.passage, card.width, height))),
  );
  for (;;) {
    // Text left as <text> (not paths) is enough to measure, and quicker.
    const svg = await satori(cardTree(card, size), { width: card.width, fonts, embedFont: false });
    const measured = svgHeight(svg);
    if (measured <= height) return size;
    if (size === MIN_PASSAGE_SIZE) {
      throw new QuoteCardTextError('This passage is too long to fit on a quote card.');
    }
    // Wrapped text grows with the square of its size; the mark and credit do not, so the square
    // root of the overflow shrinks too little rather than too much, and the loop stays a search down.
    const step = Math.min(SIZE_STEP, Math.sqrt(height / measured));
    size = Math.max(MIN_PASSAGE_SIZE, Math.floor(size * step));
  }
}

/**
 * Renders a quote card to PNG (satori's SVG, rasterised by sharp): the passage as large as fits, the big quotation mark (classic,
 * bold), and the credit (author; outlet · domain), in the design, theme and format asked for.
 * Throws QuoteCardTextError for a right-to-left passage or characters no bundled font draws.
 */
export async function renderQuoteCard(input: QuoteCardInput): Promise<RenderedQuoteCard> {
  const { width, height } = QUOTE_CARD_FORMATS[input.format];
  const credit = [input.author, input.outlet, input.domain].filter(Boolean).join(' ');
  if (RIGHT_TO_LEFT.test(`${input.passage} ${credit}`)) {
    throw new QuoteCardTextError('Quote cards cannot show right-to-left scripts (Arabic, Hebrew) yet.');
  }
  // The card's own marks (“ ” — ·) come from the Latin font whatever the passage's script.
  const needs = fontNeeds(`${input.passage} ${credit} “”—·`, input.language);
  if (needs.missing.length > 0) {
    throw new QuoteCardTextError(`Quote cards cannot show these characters: ${needs.missing.slice(0, 10).join(' ')}`);
  }
  const { fonts, family } = satoriFonts(needs.subsets);
  const card: CardContent = { ...input, width, fontFamily: family };
  const size = await fittedSize(card, height, fonts);
  const svg = await satori(cardTree(card, size, height), { width, height, fonts });
  // sharp (librsvg) rasterises rather than resvg-js 2.6.2, whose native memory grows by each
  // rendered image and is never given back (thx/resvg-js#216): a warm function would run out.
  // The SVG is satori's own, its text already paths, with nothing to fetch.
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { png, width, height };
}
