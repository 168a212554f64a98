/**
 * The chat model threads are written with unless OPENAI_MODEL names another: a current small,
 * non-reasoning model with strict structured output. gpt-4.1-mini follows detailed instructions
 * closely and reads long articles whole (1M-token context) at a small model's price and latency,
 * with no hidden reasoning tokens to stretch a generation past its timeout.
 */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1-mini';
