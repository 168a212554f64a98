import { apiKey } from './aws/secrets';
import { config } from './config';

/**
 * The OpenAI-compatible service this function uses, its key read at run time (the API keys secret
 * in the cloud, OPENAI_API_KEY locally), or undefined without a key: then the offline generator and
 * the local classifier take its place.
 */
export async function openAiSettings(): Promise<{ apiKey: string; baseURL?: string; model: string } | undefined> {
  const key = await apiKey('OPENAI_API_KEY');
  return key ? { apiKey: key, ...config().openai } : undefined;
}
