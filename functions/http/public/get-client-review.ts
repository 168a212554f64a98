import { httpHandler } from '#functions/route-kinds';
import { reviewTokenParamsSchema } from '#shared/schemas/review-link';
import { userAgentOf } from '../../lib/http-handler';
import { viewByReviewLink } from '../../services/review/review-links';

/** GET /api/review/{token} (public): the thread version a client review link names, and the link's state. */
export const handler = httpHandler({ auth: 'public', params: reviewTokenParamsSchema }, async ({ params, event }) => ({
  status: 200,
  body: await viewByReviewLink(params.token, {
    sourceIp: event.requestContext.http.sourceIp,
    userAgent: userAgentOf(event),
    now: new Date(),
  }),
}));
