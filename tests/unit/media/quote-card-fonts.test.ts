import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CARD_FONT_PACKAGES,
  CARD_FONT_WEIGHTS,
  fontNeeds,
  satoriFonts,
  subsetFile,
} from '#functions/services/media/quote-card/card-fonts';
import { quoteCardFontCommands } from '#infra/constructs/quote-card-fonts';
import { repoRoot } from '#tests/helpers/paths';

const bundle = mkdtempSync(join(tmpdir(), 'quote-card-bundle-'));
afterAll(() => rmSync(bundle, { recursive: true, force: true }));

describe('quote card fonts', () => {
  it('loads only the subsets a text needs', () => {
    const latin = fontNeeds('The harbour wall.');
    const chinese = fontNeeds('市议会通过了计划。');
    const korean = fontNeeds('시의회는 항구 벽을 재건하기로 의결했다.', 'ko');

    expect(latin.subsets.map((s) => `${s.pkg}/${s.name}`)).toEqual(['noto-sans/latin']);
    expect(chinese.subsets.every((s) => s.pkg === 'noto-sans-sc')).toBe(true);
    expect(chinese.subsets.length).toBeLessThan(10);
    expect(korean.subsets.some((s) => s.pkg === 'noto-sans-kr')).toBe(true);
    expect(korean.subsets.length).toBeLessThan(10);
  });

  it('gives the same font list for the same subsets, so satori parses them once', () => {
    const first = satoriFonts(fontNeeds('The harbour wall.').subsets);
    const again = satoriFonts(fontNeeds('A wall in the harbour.').subsets);

    expect(again).toBe(first);
    expect(first.fonts.map((font) => font.weight)).toEqual([...CARD_FONT_WEIGHTS]);
  });

  it('copies beside the bundle every file the renderer may read, in the layout it reads', () => {
    const commands = quoteCardFontCommands(repoRoot.replace(/\/$/, ''), bundle);
    execFileSync('bash', ['-c', commands.join(' && ')]);

    for (const pkg of CARD_FONT_PACKAGES) {
      const ranges = JSON.parse(readFileSync(join(bundle, 'fonts', pkg, 'unicode.json'), 'utf8')) as Record<
        string,
        string
      >;
      const expected = Object.keys(ranges).flatMap((subset) =>
        CARD_FONT_WEIGHTS.map((weight) => subsetFile(pkg, subset, weight)),
      );
      const missing = expected.filter((file) => !existsSync(join(bundle, 'fonts', pkg, 'files', file)));
      expect(missing, pkg).toEqual([]);
      // Nothing else: no other weights, no WOFF2.
      expect(readdirSync(join(bundle, 'fonts', pkg, 'files')).sort()).toEqual(expected.sort());
    }
  });
});
