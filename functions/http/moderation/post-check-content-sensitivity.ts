import { httpHandler } from '#functions/route-kinds';
import { checkContentRequestSchema } from '#shared/schemas/generation';
import { openAiSettings } from '../../lib/openai-settings';
import { checkContentSensitivity } from '../../services/moderation/check-content';
import { validateContentForCheck } from '../../services/moderation/sensitivity';

/**
 * POST /api/check-content-sensitivity: the content-safety rules (no empty or over-long text, no
 * unsafe markup), then the sensitivity check.
 */
export const handler = httpHandler({ body: checkContentRequestSchema }, async ({ body }) => ({
  status: 200,
  body: await checkContentSensitivity(validateContentForCheck(body.content), await openAiSettings()),
}));
