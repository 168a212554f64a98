import { httpHandler } from '#functions/route-kinds';
import { reviewDecisionSchema, reviewTokenParamsSchema } from '#shared/schemas/review-link';
import { userAgentOf } from '../../lib/http-handler';
import { decideByReviewLink } from '../../services/review/review-links';

/** POST /api/review/{token}/decision (public): a client approves the link's version or requests changes, once. */
export const handler = httpHandler(
  { auth: 'public', params: reviewTokenParamsSchema, body: reviewDecisionSchema },
  async ({ params, body, event }) => ({
    status: 200,
    body: await decideByReviewLink(params.token, body, {
      sourceIp: event.requestContext.http.sourceIp,
      userAgent: userAgentOf(event),
      now: new Date(),
    }),
  }),
);
