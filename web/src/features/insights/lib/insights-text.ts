/**
 * Texts of the insights screens (beyond the spec), held by the feature so they load with its routes
 * and never with the landing page.
 */
export const INSIGHTS_TEXT = {
  performanceTitle: 'Performance',
  performanceLoadFailed: 'Could not load the figures for this thread.',
  notPublished: 'Figures appear here about an hour after the thread is published.',
  noReadingYet: 'The first reading is taken about an hour after publishing.',
  notReported: 'not reported',
  deleted: 'Deleted',
  off: 'Engagement reads from X are off. Turn them on for your X connection in Account Settings.',
  needsReconnect: 'The platform refused the last read. Reconnect it in Account Settings to read figures again.',
  creditReach: 'Credit reach',
  sourceClicks: 'Clicks on the source',
  refreshNow: 'Refresh Now',
  refreshing: 'Refreshing…',
  refreshed: { title: 'Figures refreshed' },
  refreshFailed: { title: 'Could not refresh the figures' },
  totalEngagement: 'Total engagement',
  pageTitle: 'Insights',
  pageIntro: 'Engagement read back from the platforms after your threads were published.',
  loadFailed: 'Could not load your insights.',
  period: 'Period',
  chartTitle: 'Engagement per day',
  showTable: 'Show as Table',
  hideTable: 'Hide Table',
  topThreads: 'Top threads',
  comparisons: 'What worked',
  byPlatform: 'By platform',
  byTone: 'By tone',
  byHookLength: 'By hook length',
  byHour: 'By hour of publishing',
  averageEngagement: 'Average engagement',
  emptyTitle: 'No figures yet',
  emptyText:
    'Figures appear about an hour after your first thread is published, then again after a day and after a week. Engagement per day, your top threads and what worked best (by platform, tone, hook length and hour) will show here.',
  unreportedTitle: 'Published threads without figures',
  unreportedEmptyText:
    'The threads you published in this period went only to platforms that report no engagement, so they will have no figures here.',
  unreportedText: 'These threads went only to platforms that report no engagement, so they are not counted above.',
  unreportedCount: (threads: number) => `${threads} thread${threads === 1 ? '' : 's'}`,
  unreportedMore: (more: number) => `and ${more} more`,
} as const;
