import { parseHTML } from 'linkedom';

const UPPER_CASE = /[A-Z]/;
const ATTRIBUTE_NODE = 2;

type RenamableAttr = Attr & { name: string; localName: string };

/**
 * Parses fetched HTML into a linkedom document as a browser would read its attributes: the HTML
 * parser lowercases attribute names (`<LINK REL="webmention" HREF=…>` is `rel` and `href`), but
 * linkedom keeps their case, so every selector and `getAttribute` on a page would miss them. Tag
 * names are already lowercased by its tokenizer; attribute values keep their case (compare `rel`,
 * `type` and meta names without case where HTML says so).
 */
export function parseHtmlDocument(html: string): Document {
  const document = parseHTML(html).document as unknown as Document;
  lowerCaseAttributeNames(document);
  return document;
}

function rename(attribute: RenamableAttr): void {
  // linkedom's Attr keeps its name in plain properties; renaming in place keeps the attributes' order,
  // so of two names that differ only in case the first still wins, as in HTML.
  const lower = attribute.name.toLowerCase();
  attribute.name = lower;
  attribute.localName = lower;
}

/**
 * Lowercases every attribute name in place. linkedom keeps a document as one linked list of its
 * nodes, attributes included: following it visits each attribute once without allocating, where a
 * walk over the elements and their attribute lists made parsing a news page a tenth slower.
 */
function lowerCaseAttributeNames(document: Document): void {
  const root = document.documentElement;
  if (!root) return;
  const next = Object.getOwnPropertySymbols(root).find((symbol) => symbol.description === 'next');
  // Pinned linkedom 0.18: a release that renames its list fails here (and in every test), never silently.
  if (!next) throw new Error('linkedom: the node list of a document is not where parse-html expects it');
  for (let node: unknown = root; node; ) {
    const current = node as Node & Record<symbol, unknown>;
    if (current.nodeType === ATTRIBUTE_NODE && UPPER_CASE.test((current as unknown as Attr).name))
      rename(current as unknown as RenamableAttr);
    node = current[next];
  }
}
