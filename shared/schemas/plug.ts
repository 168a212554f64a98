import * as z from 'zod';
import { MAX_PLUG_THRESHOLD } from '../publishing/plug';

/**
 * The plug's choice (a thread's, or the account's default for new ones): on or off, and the likes
 * and reposts of the first post within 48 hours that fire it (shared/publishing/plug.ts).
 */
export const plugChoiceSchema = z.object({
  enabled: z.boolean(),
  threshold: z
    .number({ error: 'The plug threshold must be a whole number' })
    .int('The plug threshold must be a whole number')
    .min(1, 'The plug threshold must be at least 1')
    .max(MAX_PLUG_THRESHOLD, `The plug threshold must be at most ${MAX_PLUG_THRESHOLD.toLocaleString('en-US')}`),
});
