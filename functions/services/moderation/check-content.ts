import { logger } from '../../lib/logger';
import type { OpenAiSettings } from '../../lib/openai-client';
import { checkSensitivity } from './sensitivity';

/** Checks content for sensitive material (OpenAI moderation with a key, else the local classifier). */
export function checkContentSensitivity(content: string, openai: OpenAiSettings | undefined) {
  return checkSensitivity(content, {
    openai: openai ? { apiKey: openai.apiKey, baseURL: openai.baseURL } : undefined,
    onError: (error) => logger.warn('sensitivity check failed; treated as not sensitive', { error }),
  });
}
