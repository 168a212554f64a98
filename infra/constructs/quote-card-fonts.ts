import type { ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { CARD_FONT_PACKAGES, cardFontFiles } from '../../functions/services/media/quote-card/card-fonts';

/**
 * The shell commands that copy the quote card's fonts beside a function's bundle, in the layout
 * `card-fonts.ts` reads in the bundle (`fonts/<package>/unicode.json` and `files/`): each package's
 * subset ranges and the regular and bold WOFF files of those subsets only (about 17 MB; the
 * packages hold 130 MB with the other weights, the whole-script files and the WOFF2 satori cannot read).
 */
export function quoteCardFontCommands(inputDir: string, outputDir: string): string[] {
  return CARD_FONT_PACKAGES.flatMap((pkg) => {
    const from = `${inputDir}/node_modules/@fontsource/${pkg}`;
    const to = `${outputDir}/fonts/${pkg}`;
    const files = cardFontFiles(pkg).join(' ');
    return [
      `mkdir -p "${to}/files"`,
      `cp "${from}/unicode.json" "${to}/"`,
      `(cd "${from}/files" && cp ${files} "${to}/files/")`,
    ];
  });
}

/** Bundling hooks for a function that renders quote cards (the route's, once it is in the manifest). */
export const QUOTE_CARD_FONT_HOOKS: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: quoteCardFontCommands,
};
