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

/** sharp and what it loads at run time (its linux-x64 build and libvips under @img), as npm installed them. */
const SHARP_RUNTIME = ['sharp', '@img', 'detect-libc', 'semver'];

/** Copies sharp's runtime beside a bundle that leaves `sharp` external. */
export function sharpRuntimeCommands(inputDir: string, outputDir: string): string[] {
  return [
    `mkdir -p "${outputDir}/node_modules"`,
    ...SHARP_RUNTIME.map((name) => `cp -R "${inputDir}/node_modules/${name}" "${outputDir}/node_modules/"`),
  ];
}

/** Bundling hooks for a function that decodes pictures, and also renders quote cards with their fonts. */
export function imagingHooks(imaging: 'decode' | 'quote-cards'): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) => [
      ...sharpRuntimeCommands(inputDir, outputDir),
      ...(imaging === 'quote-cards' ? quoteCardFontCommands(inputDir, outputDir) : []),
    ],
  };
}
