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
