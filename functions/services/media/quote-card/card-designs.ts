import type { QuoteCardDesign, QuoteCardTheme } from '#shared/schemas/media';

/** An element as satori takes it without JSX (a React element's shape): a type, its style and its children. */
export interface CardNode {
  type: 'div';
  key: null;
  props: { style: Record<string, string | number>; children?: string | CardNode | CardNode[] };
}

function div(style: Record<string, string | number>, children?: string | CardNode | CardNode[]): CardNode {
  return { type: 'div', key: null, props: children === undefined ? { style } : { style, children } };
}

interface Palette {
  background: string;
  text: string;
  accent: string;
  muted: string;
}

const PALETTES: Record<QuoteCardDesign, Record<QuoteCardTheme, Palette>> = {
  classic: {
    light: { background: '#F7F4EE', text: '#1C1B19', accent: '#B3412E', muted: '#5F5A52' },
    dark: { background: '#16181D', text: '#F2EFE8', accent: '#E58A6F', muted: '#A7A29A' },
  },
  bold: {
    light: { background: '#FFD84D', text: '#111111', accent: '#111111', muted: '#3A3320' },
    dark: { background: '#111827', text: '#FFFFFF', accent: '#FACC15', muted: '#CBD5E1' },
  },
  minimal: {
    light: { background: '#FFFFFF', text: '#222222', accent: '#222222', muted: '#707070' },
    dark: { background: '#000000', text: '#EDEDED', accent: '#EDEDED', muted: '#9A9A9A' },
  },
};

/** The largest passage size per design, in pixels on a 1200×675 card (scaled with the card's area). */
export const MAX_PASSAGE_SIZE: Record<QuoteCardDesign, number> = { classic: 56, bold: 64, minimal: 48 };
/** Passages step down to this size at most; a passage the card allows always fits at it. */
export const MIN_PASSAGE_SIZE = 18;
/** Lines of the passage, as a multiple of its size. */
export const PASSAGE_LINE_HEIGHT = 1.3;

/** What a card shows, and how. */
export interface CardContent {
  passage: string;
  author: string | null;
  outlet: string | null;
  domain: string | null;
  design: QuoteCardDesign;
  theme: QuoteCardTheme;
  width: number;
  /** The CSS font-family of the fonts loaded for this card's text. */
  fontFamily: string;
}

/**
 * The card as satori's element tree, the passage at `passageSize`. Without `height` the tree is
 * as tall as its content (how the fit is measured); with it, the passage takes the space left.
 */
export function cardTree(card: CardContent, passageSize: number, height?: number): CardNode {
  const palette = PALETTES[card.design][card.theme];
  const unit = card.width / 1200;
  const padding = Math.round(84 * unit);
  const creditSize = Math.round(26 * unit);
  const centred = card.design === 'minimal';
  // The credit: the author on a line of their own, then the outlet and the domain.
  const first = card.author ?? card.outlet ?? card.domain ?? '';
  const second = [card.author ? card.outlet : null, card.author || card.outlet ? card.domain : null]
    .filter(Boolean)
    .join(' · ');
  const credit = div(
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: centred ? 'center' : 'flex-start',
      marginTop: Math.round(36 * unit),
      fontSize: creditSize,
      lineHeight: 1.35,
      color: palette.muted,
    },
    [
      ...(card.design === 'classic'
        ? [
            div({
              width: Math.round(64 * unit),
              height: Math.max(2, Math.round(4 * unit)),
              backgroundColor: palette.accent,
              marginBottom: Math.round(20 * unit),
            }),
          ]
        : []),
      div({ fontWeight: 700, color: palette.text }, centred ? `— ${first}` : first),
      ...(second ? [div({}, second)] : []),
    ],
  );
  const mark =
    card.design === 'minimal'
      ? []
      : [
          div(
            {
              fontSize: Math.round((card.design === 'bold' ? 200 : 150) * unit),
              fontWeight: 700,
              lineHeight: 1,
              height: Math.round((card.design === 'bold' ? 110 : 84) * unit),
              color: palette.accent,
            },
            '“',
          ),
        ];
  const passage = div(
    {
      display: 'flex',
      flexGrow: 1,
      alignItems: 'center',
      justifyContent: centred ? 'center' : 'flex-start',
      textAlign: centred ? 'center' : 'left',
      fontSize: passageSize,
      fontWeight: card.design === 'bold' ? 700 : 400,
      lineHeight: PASSAGE_LINE_HEIGHT,
      wordBreak: 'break-word',
      color: palette.text,
    },
    centred ? `“${card.passage}”` : card.passage,
  );
  return div(
    {
      display: 'flex',
      flexDirection: 'column',
      // Padding inside the card's size, not added to it.
      boxSizing: 'border-box',
      width: card.width,
      ...(height ? { height } : {}),
      padding,
      backgroundColor: palette.background,
      fontFamily: card.fontFamily,
    },
    [...mark, passage, credit],
  );
}
