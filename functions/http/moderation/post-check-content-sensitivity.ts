import { checkContentRequestSchema } from '#shared/schemas/generation';

import { httpHandler } from '../../lib/http-handler';
import { openAiSettings } from '../../lib/openai-settings';
import { checkContentSensitivity } from '../../services/moderation/check-content';
import { validateContentForCheck } from '../../services/moderation/sensitivity';

/** POST /api/check-content-sensitivity: the §5 content-safety rules, then the sensitivity check. */
export const handler = httpHandler({ body: checkContentRequestSchema }, async ({ body }) => ({
  status: 200,
  body: await checkContentSensitivity(validateContentForCheck(body.content), await openAiSettings()),
}));
