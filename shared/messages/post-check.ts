// The check of each post against the article: its marks, its failures and the AI posts it replaced.

/** The per-post mark of the check against the article, and the AI thread it replaced. */
export const postCheckMessages = {
  checked: 'Checked against the source',
  notFound: 'Not found in the article:',
  edited: 'Edited, not checked against the source',
  llmThreadReplaced:
    "Too few of the AI's posts passed the check against the article, so this thread was written from the article's own sentences.",
};

/** One thing a post's check against the article found wrong: an item the article lacks, or a post the rules refuse. */
export type CheckFailure =
  | { kind: 'number' | 'quote' | 'name' | 'source'; text: string }
  | { kind: 'too_long'; length: number; limit: number }
  | { kind: 'empty' }
  | { kind: 'dangling'; word: string }
  | { kind: 'verbatim'; text: string; limit: string };

/** An item a check looked for, as the mark names it: 'the number 47%', 'the quote "…"', 'the name X'. */
export function checkItemText(item: { kind: 'number' | 'quote' | 'name' | 'source'; text: string }): string {
  if (item.kind === 'number') return `the number ${item.text}`;
  if (item.kind === 'quote') return `the quote "${item.text}"`;
  if (item.kind === 'name') return `the name ${item.text}`;
  return item.text ? `the source passage "${item.text}"` : 'a source passage';
}

/** What a checked post held, for the mark's tooltip: '2 numbers, 1 quote and 3 names found in the article.' */
export function postCheckFound(found: { numbers: number; quotes: number; names: number }): string {
  const counts = [
    [found.numbers, 'number', 'numbers'],
    [found.quotes, 'quote', 'quotes'],
    [found.names, 'name', 'names'],
  ] as const;
  const parts = counts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return 'No numbers, quotes or names to check.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${list} found in the article.`;
}

/** Why a post failed its check, as the repair request and the hallucination banner both say it. */
export function checkFailureText(failure: CheckFailure): string {
  switch (failure.kind) {
    case 'too_long':
      return `it is ${failure.length} characters long, over the ${failure.limit} a post can hold`;
    case 'empty':
      return 'it is empty';
    case 'dangling':
      return `it starts with "${failure.word}", which points to a post the reader has not seen`;
    case 'verbatim':
      return `it copies "${failure.text}" word for word, longer than the ${failure.limit} the publisher allows; paraphrase it`;
    case 'source':
      return failure.text ? `${checkItemText(failure)} is not in the article` : 'it cites no source passage';
    default:
      return `${checkItemText(failure)} is not in the article`;
  }
}

/** The banner's note on a model's post that failed the check twice: which post, and why. */
export function llmPostLeftOut(position: number, failures: readonly CheckFailure[]): string {
  return `The AI's post ${position} was left out: ${failures.map(checkFailureText).join('; ')}.`;
}

/** The banner's note on a model's hook that failed the check twice, replaced by one from the article. */
export function llmHookReplaced(failures: readonly CheckFailure[]): string {
  return `The AI's opening post was replaced by one from the article: ${failures.map(checkFailureText).join('; ')}.`;
}
