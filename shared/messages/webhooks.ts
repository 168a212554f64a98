import type { WebhookEventType } from '../schemas/webhooks';

/** The Webhooks card's texts (beside the API keys), the API's refusals and the notice of a disabled endpoint. */
export const webhookMessages = {
  title: 'Webhooks',
  intro:
    'ThreadSnip calls your HTTPS endpoint when something happens in this workspace. Each call is signed (Standard Webhooks) with the endpoint secret.',
  urlLabel: 'Endpoint URL',
  urlPlaceholder: 'https://example.com/threadsnip-hook',
  eventsLabel: 'Events',
  eventLabels: {
    'thread.created': 'Thread created',
    'thread.published': 'Thread published',
    'thread.publish_failed': 'Publishing failed',
    'schedule.fired': 'Scheduled item fired',
    'insights.reading': 'Insights reading taken',
    'feed.item_drafted': 'Feed item drafted',
  } satisfies Record<WebhookEventType, string>,
  add: 'Add endpoint',
  adding: 'Adding…',
  secretTitle: 'Signing secret',
  secretWarning: 'Copy this secret now: it is shown only once. Use it to verify the webhook-signature header.',
  copy: 'Copy',
  done: 'Done',
  empty: 'No webhook endpoints yet.',
  enabled: 'Enabled',
  disabled: 'Disabled',
  enable: 'Enable',
  disable: 'Disable',
  remove: 'Delete',
  removed: 'Endpoint deleted',
  rotate: 'Rotate secret',
  rotated: (hours: number) => `New secret made: calls are signed with both secrets for ${hours} hours.`,
  sendTest: 'Send test event',
  testAnswer: (status: number | null, excerpt: string) =>
    status === null ? `No answer: ${excerpt}` : `Answered ${status}${excerpt ? `: ${excerpt}` : ''}`,
  deliveries: 'Recent deliveries',
  noDeliveries: 'No deliveries yet.',
  loadFailed: 'Could not load your webhook endpoints.',
  failed: 'Something went wrong',
  /** The API's refusals. */
  notFound: 'Webhook endpoint not found',
  urlInvalid: 'Give a valid web address for the endpoint.',
  urlNotHttps: 'Webhook endpoints must use https.',
  urlPrivate: (reason: string) => `ThreadSnip does not call private network addresses (${reason}).`,
  urlUnresolved: 'That host name could not be found.',
  /** The notice when the last retry failed. */
  disabledNotice: (url: string) =>
    `Your webhook endpoint ${url} failed every delivery for 24 hours and was disabled. Fix it, then enable it again in the workspace settings.`,
  disabledSubject: 'A webhook endpoint was disabled',
};
