// Insights: why a platform shows no figures, and a refresh asked for too soon.

/** Insights collection: why a platform shows no figures, and 'Refresh now' asked for too soon. */
export const insightMessages = {
  notReported: (platformName: string) => `${platformName} does not report engagement`,
  xReadsOff:
    'Engagement reads are off for X: X bills every read, so they start only when you turn them on for your X connection in Account Settings.',
  needsReconnect: (platformName: string) =>
    `${platformName} refused the last engagement read: reconnect ${platformName} in Account Settings to read it again.`,
  refreshTooSoon: 'Figures can be refreshed once every 10 minutes. Please try again later.',
};

/** Plural 'thread' after a count: '1 thread', '3 threads'. */
const threadsText = (count: number) => `${count} thread${count === 1 ? '' : 's'}`;

/** /insights 'What works for your audience': credit reach compared by how the credit was made. */
export const creditComparisonMessages = {
  title: 'What works for your audience',
  intro:
    'Credit reach (and link clicks where the platform reports them) compared by how the credit was made. A thread counts once on each platform it went to.',
  byLinkPlacement: (platformName: string) => `Link placement on ${platformName}`,
  byAuthorQuoted: "Quoting the author's own post",
  byPlugFired: 'The plug',
  quoted: "Author's post quoted",
  notQuoted: 'Not quoted',
  plugFired: 'Plug fired',
  plugNotFired: 'Plug armed, not fired',
  columns: {
    group: 'Credit made',
    threads: 'Threads',
    medianCreditReach: 'Median credit reach',
    linkClicks: 'Link clicks (median)',
  },
  notEnough: (threads: number, minimum: number) => `Not enough threads yet to compare (${threads} of ${minimum})`,
  /** Why some threads are not counted: their fact is not known (read before it was kept; for the plug, none armed). */
  leftOut: {
    linkPlacement: (threads: number) =>
      `${threadsText(threads)} left out: read before ThreadSnip kept where the link went.`,
    authorQuoted: (threads: number) =>
      `${threadsText(threads)} left out: read before ThreadSnip kept whether the author was quoted.`,
    plugFired: (threads: number) => `${threadsText(threads)} left out: no plug was armed.`,
  },
  /** A median of link clicks with its own sample size: '12 (n = 4)'. */
  linkClicks: (median: string, threads: number) => `${median} (of ${threadsText(threads)})`,
  clicksNotReported: 'not reported',
};
