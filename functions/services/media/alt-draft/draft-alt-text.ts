import { logger } from '#functions/lib/logger';
import { type OpenAiSettings, openAiClient } from '#functions/lib/openai-client';
import { type AltDraftInput, buildAltDraftPrompt, cleanedAltDraft } from './alt-draft-prompt';

/** The curator waits on the picture: a draft that takes longer is given up. */
const ALT_DRAFT_TIMEOUT_MS = 10_000;

/**
 * An alt text the model drafts for the article's picture, in one request (never retried), or null
 * when it drafted none: a refusal, an error, a timeout or nothing to describe leave the alt text to
 * the curator, and never fail taking the picture.
 */
export async function draftAltText(input: AltDraftInput, openai: OpenAiSettings): Promise<string | null> {
  try {
    const completion = await openAiClient(openai).chat.completions.create(
      { model: openai.model, messages: buildAltDraftPrompt(input) },
      { timeout: ALT_DRAFT_TIMEOUT_MS, maxRetries: 0 },
    );
    const message = completion.choices[0]?.message;
    return message && !message.refusal ? cleanedAltDraft(message.content) : null;
  } catch (error) {
    logger.warn('alt text not drafted; left to the curator', { error });
    return null;
  }
}
