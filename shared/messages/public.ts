// Public thread pages, the thread page's public switch and the Webmention's state.

/** Public thread pages (/t/{id}, /about-article), the thread page's public switch and the Webmention's state. */
export const publicPageMessages = {
  readOriginal: 'Read this in the original',
  originalBy: 'Original article by',
  originalAt: 'Original article at',
  draftedWithAi: (curator: string) => `Drafted with AI, edited by ${curator}`,
  postsHeading: 'The thread',
  attributionHeading: 'Credit',
  notFoundTitle: 'Thread not found',
  notFoundText: 'This thread does not exist or is not public.',
  aboutTitle: 'Threads about this article',
  aboutIntro: 'Public threads that link to this article, newest first.',
  aboutNone: 'No public threads about this article yet.',
  aboutInvalid: "Add the article's address: /about-article?url=https://…",
  curatedBy: (curator: string) => `by ${curator}`,
  someCurator: 'a ThreadSnip curator',
  makePublic: 'Make Public',
  makePrivate: 'Make Private',
  allowIndexing: 'Allow search engines',
  publicLinkLabel: 'Public link',
  copyLink: 'Copy Link',
  linkCopied: { title: 'Public link copied' },
  visibilityFailed: { title: 'Could not change who can see this thread' },
  isPublicNote: 'Anyone with the link can read this thread, signed out.',
  isPrivateNote: 'Only you can see this thread.',
  webmention: {
    sent: (when: string) => `Author notified ${when}`,
    pending: 'Notifying the author…',
    no_endpoint: 'Author not notified: the article declares no Webmention endpoint',
    refused: (status: number | undefined) =>
      `Author not notified: the endpoint refused it${status ? ` (HTTP ${status})` : ''}`,
    blocked: 'Author not notified: the endpoint is at a private address',
    failed: "Author not notified: the article's site did not answer",
  },
};
