// Elements that start a new block of text (a paragraph of their own in the output).
const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'CAPTION',
  'CENTER',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIR',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'LI',
  'MAIN',
  'MENU',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TFOOT',
  'THEAD',
  'TR',
  'UL',
]);
// Elements whose text is never article prose.
const SKIPPED_TAGS = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'BUTTON',
  'SELECT',
  'OPTION',
  'TEXTAREA',
  'INPUT',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'MATH',
]);
// Elements whose text is never drawn: what a browser's find-in-page (and text fragments) cannot see.
const UNDRAWN_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * Plain text of an element that keeps its structure: one paragraph per block element, separated
 * by a blank line; line breaks kept; runs of whitespace inside a paragraph collapsed.
 */
export function blockText(root: Element, skipped: ReadonlySet<string> = SKIPPED_TAGS): string {
  const paragraphs: string[] = [];
  let current = '';
  const flush = () => {
    const text = current
      .split('\n')
      .map((line) => line.replace(/[ \t\r\f\u00a0\u200b]+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    if (text) paragraphs.push(text);
    current = '';
  };
  const visit = (node: Node, preformatted: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const text = node.nodeValue ?? '';
      current += preformatted ? text : text.replace(/[\r\n]+/g, ' ');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (skipped.has(tag)) return;
    if (tag === 'BR') {
      current += '\n';
      return;
    }
    const block = BLOCK_TAGS.has(tag);
    if (block) flush();
    // Table cells in a row read left to right, separated by a space.
    if (tag === 'TD' || tag === 'TH') current += ' ';
    const pre = preformatted || tag === 'PRE';
    for (let child = element.firstChild; child; child = child.nextSibling) visit(child, pre);
    if (block) flush();
  };
  visit(root, false);
  flush();
  return paragraphs.join('\n\n');
}

/**
 * All the text a reader of the page may see, laid out as blockText lays out an article (buttons,
 * forms, captions, menus included; hidden elements too, since styles are not read): what a text
 * fragment link is matched against.
 */
export function visibleText(root: Element): string {
  return blockText(root, UNDRAWN_TAGS);
}
