// Texts of quoting the article author's own post as the credit (share step, run status).

/** What the credit post does when the author's own post was found: 'Quoting {author}'s post from {date}'. */
export function quotingAuthorPost(author: string, date: string): string {
  return `Quoting ${author}'s post from ${date}`;
}

/** The share step's switch, and why quoting is refused or left out. */
export const authorPostMessages = {
  quoteToggle: "Quote the author's post in the credit",
  notFound: "The author's post could not be found again, so the credit links the article without quoting it.",
  deleted: "The author's post was deleted, so the credit links the article without quoting it.",
  notAllowed:
    "The author's quote settings do not allow quoting their post, so the credit links the article without quoting it.",
  serverCannotQuote: 'The server cannot make quote posts, so the credit links the article without quoting it.',
  paidReadsOff:
    "Reading posts is off for this connection (the platform bills each read), so the author's post was not checked and the credit links the article without quoting it.",
  paidReadsOffHint:
    "Turn on 'Read engagement from X' in Account Settings to look for the author's own post to quote (X bills each read).",
  withPictures:
    'A post with pictures cannot quote another post here, so the credit keeps its pictures and links the article without quoting it.',
};

/** A quote the platform refused: the credit is made without it and the run says why. */
export function quoteRefusedBy(platformName: string, reason: string): string {
  return `${platformName} refused the quote (${reason}), so the credit links the article without quoting it.`;
}
