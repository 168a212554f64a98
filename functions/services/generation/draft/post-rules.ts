/**
 * The rules a post must meet to be read on its own, shared by both generators and the benchmark:
 * no opening word pointing back to a sentence the reader never saw, balanced quotation marks, and
 * no ending in the middle of a clause.
 */

/** Connectives that continue the previous sentence; they can be dropped without changing the claim. */
const CONNECTIVE =
  /^["“]?(but|and|or|so|yet|still|also|however|moreover|meanwhile|instead|besides|then|thus|therefore|nonetheless|nevertheless|after that|because of this|as a result|in addition|by contrast|even so|for example|for instance|in fact|of course|in other words|at the same time|on the other hand)\b,?\s+/i;
/**
 * Pronouns and determiners whose referent is in an earlier sentence. "There is/are/has been …"
 * only introduces what follows (nothing to point back to) and is left alone; "It is …" is often a
 * dummy subject too, but as often names something said before, so it still counts.
 */
const POINTER =
  /^["“]?(?:he|she|it|they|this|that|these|those|his|her|its|their|him|them|here|such|there(?!(?:['’]s|\s+(?:is|are|was|were|will be|(?:has|have|had) been|(?:may|might|could|would|must) be|seems?|appears?|remains?))\b))\b/i;

/** Whether a sentence starts with a connective or a pronoun that needs the sentence before it. */
export function startsDangling(sentence: string): boolean {
  const text = sentence.trim();
  return CONNECTIVE.test(text) || POINTER.test(text);
}

/** The sentence without a leading connective ("But the test failed." → "The test failed."), or null. */
export function dropConnective(sentence: string): string | null {
  const text = sentence.trim();
  const match = CONNECTIVE.exec(text);
  if (!match) return null;
  const quote = /^["“]/.test(text) ? text.charAt(0) : '';
  const rest = text.slice(match[0].length);
  if (!rest || POINTER.test(rest)) return null;
  return `${quote}${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/** Whether every opening quotation mark has its closing one. */
export function quotesBalanced(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length;
  const open = (text.match(/“/g) ?? []).length;
  const close = (text.match(/”/g) ?? []).length;
  return straight % 2 === 0 && open === close;
}

/**
 * Removes unmatched quotation marks: a curly mark without its partner, and the last straight mark
 * when their count is odd (a quote opened in one sentence and closed in a later one).
 */
export function balanceQuotes(text: string): string {
  if (quotesBalanced(text)) return text;
  const chars = [...text];
  const openAt: number[] = [];
  const drop = new Set<number>();
  chars.forEach((c, i) => {
    if (c === '“') openAt.push(i);
    else if (c === '”') {
      if (openAt.length > 0) openAt.pop();
      else drop.add(i);
    }
  });
  for (const i of openAt) drop.add(i);
  const straight = chars.flatMap((c, i) => (c === '"' ? [i] : []));
  if (straight.length % 2 === 1) {
    // The mark at the very start opens a quote the sentence keeps; otherwise the last one is the stray.
    const stray = straight.length === 1 ? straight[0] : straight.at(-1);
    if (stray !== undefined) drop.add(stray);
  }
  return chars
    .filter((_, i) => !drop.has(i))
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
