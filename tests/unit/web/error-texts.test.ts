import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '#shared/error-codes';
import { ApiError } from '#web/lib/api-client';
import { toastForApiError } from '#web/lib/error-texts';

const refused = (code: ErrorCode | null, message = 'whatever the server said') => new ApiError(400, message, code);

describe('the toast shown for each error code', () => {
  it.each([
    [
      'attribution_protected',
      {
        title: 'Attribution Protected',
        description: 'The attribution post cannot be edited to ensure proper credit to the original author.',
      },
    ],
    ['no_posts', { title: 'No Content', description: 'No posts to save. Please regenerate your thread.' }],
    [
      'post_too_long',
      { title: 'Error', description: 'Post exceeds character limit. Consider shortening before saving.' },
    ],
    [
      'insufficient_credits',
      {
        title: 'Insufficient Credits',
        description: "You don't have enough credits to generate a thread. Please purchase more credits.",
      },
    ],
    [
      'service_busy',
      {
        title: 'Service Temporarily Busy',
        description: 'The AI service is experiencing high demand. This is temporary and no credits were consumed.',
      },
    ],
    [
      'thread_not_found',
      { title: 'Thread Not Found', description: 'Unable to restore your thread. Please start over.' },
    ],
    ['thread_access_denied', { title: 'Access Denied' }],
    ['unauthorized', { title: 'Authentication Error', description: 'Please sign in to save your changes.' }],
  ] as const)('%s shows the spec text whatever the message says', (code, toast) => {
    expect(toastForApiError(refused(code))).toEqual(toast);
  });

  it("shows the server's message under 'Error' for codes without a text of their own, and for no code", () => {
    expect(toastForApiError(refused('content_unsafe', 'Content contains potentially unsafe elements'))).toEqual({
      title: 'Error',
      description: 'Content contains potentially unsafe elements',
    });
    // A message that happens to equal a spec text does not pick that text's toast: only codes do.
    expect(
      toastForApiError(
        refused(null, 'The attribution post cannot be edited to ensure proper credit to the original author.'),
      ).title,
    ).toBe('Error');
  });
});
