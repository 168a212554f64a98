import * as z from 'zod';
import { displayNameSchema } from './account';

/** A public thread id: 128 random bits as unpadded base64url (22 characters). */
export const publicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid public id');

/**
 * PUT /api/threads/{threadId}/visibility: public or private, and whether search engines may index
 * it. Making a thread public needs the curator's display name: chosen before, or sent here (then kept
 * as the account's); without either the answer is 409 `display_name_required`.
 */
export const threadVisibilityRequestSchema = z.object({
  isPublic: z.boolean(),
  allowIndexing: z.boolean().default(false),
  displayName: displayNameSchema.optional(),
});
export type ThreadVisibilityRequest = z.infer<typeof threadVisibilityRequestSchema>;

/**
 * Where the Webmention to the article's author stands:
 * - `pending`: queued (or waiting for a retry after a 5xx or a timeout);
 * - `sent`: the endpoint accepted it (2xx), at `at`;
 * - `no_endpoint`: the article declares no Webmention endpoint;
 * - `refused`: the endpoint answered `statusCode` (a 4xx, or 5xx after the last retry);
 * - `blocked`: the article or its endpoint is at a private address or not http(s);
 * - `failed`: the article could not be read, or the endpoint never answered.
 */
export const WEBMENTION_STATES = ['pending', 'sent', 'no_endpoint', 'refused', 'blocked', 'failed'] as const;
export const webmentionStatusSchema = z.object({
  state: z.enum(WEBMENTION_STATES),
  /** When the state was reached (ISO). */
  at: z.string(),
  target: z.string(),
  /** The endpoint's answer, when it gave one. */
  statusCode: z.number().int().optional(),
  /** The thread content this mention is about (a change of the thread allows another). */
  contentHash: z.string(),
});
export type WebmentionStatus = z.infer<typeof webmentionStatusSchema>;

/** The answer of PUT /api/threads/{threadId}/visibility. */
export const threadVisibilitySchema = z.object({
  isPublic: z.boolean(),
  allowIndexing: z.boolean(),
  publicId: publicIdSchema.nullable(),
  /** The page's path on the app's origin (`/t/{publicId}`), null while private. */
  publicPath: z.string().nullable(),
});
export type ThreadVisibility = z.infer<typeof threadVisibilitySchema>;

/** The answer of GET /api/threads/{threadId}/webmention: the status the thread page polls, no content. */
export const threadWebmentionSchema = z.object({
  visibility: threadVisibilitySchema,
  webmention: webmentionStatusSchema.nullable(),
  /**
   * True while a mention of the thread as it is now may still come: it is public, and the stored
   * state is pending, absent, or about other content or another article (the worker's claim is due).
   */
  awaiting: z.boolean(),
});
export type ThreadWebmention = z.infer<typeof threadWebmentionSchema>;

/** The path of a public thread's page. */
export function publicThreadPath(publicId: string): string {
  return `/t/${publicId}`;
}
