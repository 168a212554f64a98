import { contentSafetyError } from '#shared/content-safety';
import type { Sensitivity } from '#shared/schemas/article';
import { ValidationError } from '../../lib/errors';
import { openAiClient } from '../../lib/openai-client';
import { orderCategories, type SensitiveCategory } from './categories';
import { classifySensitivityLocally } from './local-classifier';

export interface SensitivityOptions {
  /** With a key, the OpenAI moderation endpoint decides; without, the local classifier. */
  openai?: { apiKey: string; baseURL?: string; moderationModel?: string; timeoutMs?: number };
  /** Told about a failure that was turned into "not sensitive" (for logging). */
  onError?: (error: unknown) => void;
}

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest';
const DEFAULT_MODERATION_TIMEOUT_MS = 10_000;
/** The moderation endpoint takes a list of inputs: long articles go in chunks of this size. */
const MODERATION_CHUNK_CHARS = 8_000;
const MODERATION_MAX_CHUNKS = 8;

// OpenAI's moderation categories, folded into ours ("violence/graphic" is still violence).
const OPENAI_CATEGORY_MAP: Record<string, SensitiveCategory[]> = {
  harassment: ['harassment'],
  'harassment/threatening': ['harassment', 'violence'],
  hate: ['hate'],
  'hate/threatening': ['hate', 'violence'],
  illicit: ['illicit'],
  'illicit/violent': ['illicit', 'violence'],
  'self-harm': ['self-harm'],
  'self-harm/intent': ['self-harm'],
  'self-harm/instructions': ['self-harm'],
  sexual: ['sexual'],
  'sexual/minors': ['sexual'],
  violence: ['violence'],
  'violence/graphic': ['violence'],
};

const NOT_SENSITIVE: Sensitivity = { isSensitive: false, categories: [] };

/** Splits text into moderation inputs at paragraph or word boundaries. */
function moderationInputs(content: string): string[] {
  const inputs: string[] = [];
  let rest = content.trim();
  while (rest && inputs.length < MODERATION_MAX_CHUNKS) {
    if (rest.length <= MODERATION_CHUNK_CHARS) {
      inputs.push(rest);
      break;
    }
    const window = rest.slice(0, MODERATION_CHUNK_CHARS);
    const cut = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf(' '));
    const end = cut > MODERATION_CHUNK_CHARS / 2 ? cut : MODERATION_CHUNK_CHARS;
    inputs.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  return inputs;
}

async function moderateWithOpenAi(
  content: string,
  openai: NonNullable<SensitivityOptions['openai']>,
): Promise<Sensitivity> {
  const client = openAiClient(openai);
  const response = await client.moderations.create(
    { model: openai.moderationModel ?? DEFAULT_MODERATION_MODEL, input: moderationInputs(content) },
    { timeout: openai.timeoutMs ?? DEFAULT_MODERATION_TIMEOUT_MS },
  );
  const found: SensitiveCategory[] = [];
  for (const result of response.results) {
    for (const [name, flagged] of Object.entries(result.categories as unknown as Record<string, boolean | null>)) {
      if (flagged) found.push(...(OPENAI_CATEGORY_MAP[name] ?? []));
    }
  }
  const categories = orderCategories(found);
  return { isSensitive: categories.length > 0, categories };
}

/**
 * Whether content is sensitive, and in which categories. Uses the OpenAI moderation endpoint when
 * a key is configured, else the local classifier. Any failure counts as not sensitive: a
 * check that could not run never blocks the user.
 */
export async function checkSensitivity(content: string, options: SensitivityOptions = {}): Promise<Sensitivity> {
  if (!content.trim()) return NOT_SENSITIVE;
  try {
    if (options.openai) return await moderateWithOpenAi(content, options.openai);
    return classifySensitivityLocally(content);
  } catch (error) {
    options.onError?.(error);
    return NOT_SENSITIVE;
  }
}

const CATEGORY_LABELS: Record<string, string> = {
  violence: 'violence',
  'self-harm': 'self-harm',
  sexual: 'sexual content',
  hate: 'hate',
  harassment: 'harassment',
  drugs: 'drugs',
  weapons: 'weapons',
  illicit: 'illegal activity',
  profanity: 'strong language',
};

function joinLabels(labels: string[]): string {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}

/** The notice shown to users for sensitive content, or null when there is nothing to say. */
export function sensitiveContentMessage(categories: readonly string[]): string | null {
  if (categories.length === 0) return null;
  const labels = orderCategories(categories).map((c) => CATEGORY_LABELS[c] ?? c);
  const unknown = categories.filter((c) => !(c in CATEGORY_LABELS));
  const topics = joinLabels([...labels, ...unknown]);
  return `This content may include sensitive material (${topics}). Only the professional tone is available, and please review the posts carefully before sharing.`;
}

/** Applies the content-safety rules (empty, too long, unsafe markup) before a sensitivity check; 400 on failure. */
export function validateContentForCheck(content: string): string {
  const error = contentSafetyError(content);
  if (error) throw new ValidationError(error, 'content_unsafe');
  return content;
}
