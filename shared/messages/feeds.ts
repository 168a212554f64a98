// The feed inbox: its refusals, states and the auto-draft's skip reasons.

/** The feed inbox: its refusals, states and the auto-draft's skip reasons. */
export const feedMessages = {
  noFeedFound: 'No feed found at this address',
  feedNotFound: 'Feed not found',
  inboxItemNotFound: 'Inbox item not found',
  limitReached: 'You already follow 50 feeds. Remove one to add another.',
  alreadyAdded: 'You already follow this feed.',
  checkTooSoon: 'This feed was checked less than 5 minutes ago. Please try again later.',
  oversized: 'The feed is larger than 5 MB: only its first 5 MB were read.',
  /** A feed that cannot be read (its failure reason on a check; the answer to adding it): the parser's reason. */
  unreadable: (reason: string) => `The feed could not be read: ${reason}.`,
  skippedDailyLimit: (limit: number) => `Not drafted: the daily auto-draft limit (${limit}) was reached.`,
  skippedNoCredits: 'Not drafted: no credits left.',
  skippedSwitchedOff: 'Not drafted: Auto-draft was turned off.',
  draftFailed: (reason: string) => `The draft failed: ${reason}`,
  drafting: 'Auto-drafting…',
  autoDraftBadge: 'Auto-draft',
};
