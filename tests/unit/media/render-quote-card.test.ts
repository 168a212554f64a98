import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fontNeeds, satoriFonts } from '#functions/services/media/quote-card/card-fonts';
import { QuoteCardTextError, renderQuoteCard } from '#functions/services/media/quote-card/render-quote-card';
import { QUOTE_CARD_MAX_CHARS } from '#shared/quote-card';
import { QUOTE_CARD_DESIGNS, QUOTE_CARD_FORMATS, QUOTE_CARD_THEMES, type QuoteCardFormat } from '#shared/schemas/media';
import { repoRoot } from '#tests/helpers/paths';

const CREDIT = { author: 'Jane Doe', outlet: 'The Harbour Gazette', domain: 'gazette.example' };
const PASSAGE = 'The council voted 7 to 2 on Tuesday to rebuild the harbour wall, which has stood since 1887.';
const REFERENCE = join(repoRoot, 'tests/fixtures/media/quote-card-classic-light-landscape.png');
/** Mean difference per channel (0–255) a render may have from the reference: antialiasing, not layout. */
const TOLERANCE = 1.5;

async function rgba(png: Uint8Array | string) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function meanDifference(a: Uint8Array | string, b: Uint8Array | string): Promise<number> {
  const [left, right] = await Promise.all([rgba(a), rgba(b)]);
  expect([left.width, left.height]).toEqual([right.width, right.height]);
  let sum = 0;
  for (let i = 0; i < left.data.length; i++) sum += Math.abs((left.data[i] ?? 0) - (right.data[i] ?? 0));
  return sum / left.data.length;
}

describe('renderQuoteCard', () => {
  it('renders every design, theme and format as a PNG of the format’s exact size', async () => {
    for (const design of QUOTE_CARD_DESIGNS) {
      for (const theme of QUOTE_CARD_THEMES) {
        for (const format of Object.keys(QUOTE_CARD_FORMATS) as QuoteCardFormat[]) {
          const card = await renderQuoteCard({ ...CREDIT, passage: PASSAGE, design, theme, format });

          const metadata = await sharp(card.png).metadata();
          expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
            format: 'png',
            ...QUOTE_CARD_FORMATS[format],
          });
          expect({ width: card.width, height: card.height }).toEqual(QUOTE_CARD_FORMATS[format]);
        }
      }
    }
  }, 60_000);

  it('matches the committed reference card within a tolerance, and a different card does not', async () => {
    const card = await renderQuoteCard({
      ...CREDIT,
      passage: PASSAGE,
      design: 'classic',
      theme: 'light',
      format: 'landscape',
    });
    // UPDATE_REFERENCE=1 writes a new reference after a deliberate change of design (look at it first).
    if (process.env.UPDATE_REFERENCE) {
      mkdirSync(dirname(REFERENCE), { recursive: true });
      writeFileSync(REFERENCE, card.png);
    }
    const other = await renderQuoteCard({
      ...CREDIT,
      passage: PASSAGE,
      design: 'minimal',
      theme: 'light',
      format: 'landscape',
    });

    expect(await meanDifference(card.png, readFileSync(REFERENCE))).toBeLessThan(TOLERANCE);
    expect(await meanDifference(other.png, readFileSync(REFERENCE))).toBeGreaterThan(TOLERANCE);
  }, 30_000);

  it.each([
    ['Cyrillic', 'ru', 'Совет проголосовал за восстановление стены гавани.', 'noto-sans'],
    ['Greek', 'el', 'Το συμβούλιο ψήφισε την ανακατασκευή του τείχους.', 'noto-sans'],
    ['Chinese', 'zh', '市议会周二通过了重建港口的计划。', 'noto-sans-sc'],
    ['Japanese', 'ja', '市議会は港の壁を再建することを可決した。', 'noto-sans-sc'],
    ['Korean', 'ko', '시의회는 항구 벽을 재건하기로 의결했다.', 'noto-sans-kr'],
  ])(
    'draws %s with the glyphs of its font, not the missing-glyph box',
    async (_script, language, passage, pkg) => {
      const needs = fontNeeds(passage, language);
      const { fonts, family } = satoriFonts(needs.subsets);
      // Each character alone as satori draws it: a missing glyph is drawn as the font's box (U+E000 has none).
      const drawn = async (text: string) =>
        (
          await satori(
            { type: 'div', key: null, props: { style: { fontFamily: family, fontSize: 40 }, children: text } },
            { width: 80, height: 80, fonts },
          )
        ).match(/ d="([^"]+)"/)?.[1] ?? '';
      const box = await drawn('\uE000');

      expect(needs.missing).toEqual([]);
      expect(needs.subsets.some((subset) => subset.pkg === pkg)).toBe(true);
      for (const char of new Set(passage.replace(/\s/g, ''))) {
        const glyph = await drawn(char);
        expect(glyph, char).not.toBe('');
        expect(glyph, char).not.toBe(box);
      }
      const card = await renderQuoteCard({
        ...CREDIT,
        passage,
        language,
        design: 'classic',
        theme: 'dark',
        format: 'portrait',
      });
      expect(card.width).toBe(1080);
    },
    30_000,
  );

  it.each([
    ['Latin', 'The harbour wall will be rebuilt. '],
    ['Chinese', '市议会周二通过了重建港口的计划。'],
  ])(
    'fits the longest %s passage a card allows, leaving the bottom margin empty',
    async (_script, sentence) => {
      const passage = sentence.repeat(Math.ceil(QUOTE_CARD_MAX_CHARS / sentence.length)).slice(0, QUOTE_CARD_MAX_CHARS);
      for (const format of Object.keys(QUOTE_CARD_FORMATS) as QuoteCardFormat[]) {
        const card = await renderQuoteCard({ ...CREDIT, passage, design: 'bold', theme: 'light', format });

        // The bold light card's background; the bottom padding (84 px at 1200 wide) holds nothing.
        const { data, width, height } = await rgba(card.png);
        const margin = Math.round((84 * width) / 1200) - 4;
        const rowIsBackground = (y: number) => {
          for (let x = 0; x < width; x++) {
            const i = (y * width + x) * 4;
            if (data[i] !== 0xff || data[i + 1] !== 0xd8 || data[i + 2] !== 0x4d) return false;
          }
          return true;
        };
        const bottom = Array.from({ length: margin }, (_, k) => height - 1 - k);
        expect(bottom.every(rowIsBackground), format).toBe(true);
        // …and the credit is drawn just above it.
        const above = Array.from({ length: 40 }, (_, k) => height - margin - 1 - k);
        expect(
          above.some((y) => !rowIsBackground(y)),
          format,
        ).toBe(true);
      }
    },
    60_000,
  );

  it('refuses a right-to-left passage and characters no bundled font draws, saying so', async () => {
    const card = { ...CREDIT, design: 'classic', theme: 'light', format: 'landscape' } as const;

    await expect(renderQuoteCard({ ...card, passage: 'صوّت المجلس على إعادة بناء الجدار.' })).rejects.toThrow(
      new QuoteCardTextError('Quote cards cannot show right-to-left scripts (Arabic, Hebrew) yet.'),
    );
    await expect(renderQuoteCard({ ...card, passage: 'The wall \uE000 stands.' })).rejects.toBeInstanceOf(
      QuoteCardTextError,
    );
  });
});
