import { z } from 'zod';
import { TONES } from '../tones';

export const HALLUCINATION_RISKS = ['low', 'medium', 'high'] as const;

export const hallucinationSchema = z.object({
  risk: z.enum(HALLUCINATION_RISKS),
  reason: z.string(),
  contentRatio: z.number().finite(),
});
export type Hallucination = z.infer<typeof hallucinationSchema>;

export const postSchema = z.object({
  id: z.string().min(1).max(100),
  content: z.string().max(10_000),
  charCount: z.number().int().nonnegative(),
  /** The article passage the post was written from, so a curator can check each claim. */
  source: z.string().max(2_000).optional(),
});
export type Post = z.infer<typeof postSchema>;

export const toneSchema = z.enum(TONES);

/** A thread id as routes accept it; unknown ids are a 404, not a 400. */
export const threadIdSchema = z.string().min(1).max(100);
/** /api/threads/{threadId} path parameters. */
export const threadParamsSchema = z.object({ threadId: threadIdSchema });

export const PLATFORMS = ['twitter', 'bluesky', 'discord', 'reddit', 'mastodon', 'telegram', 'facebook'] as const;
export const platformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof platformSchema>;

export const platformPostSchema = z.object({ posted: z.boolean(), postUrl: z.string().optional() });

export const threadSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  sourceUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  posts: z.array(postSchema),
  themes: z.array(z.string()),
  tone: toneSchema,
  isSensitiveContent: z.boolean(),
  sensitiveCategories: z.array(z.string()),
  sensitiveContentMessage: z.string().nullable(),
  hallucination: hallucinationSchema.nullable(),
  articleSize: z.number().int().nonnegative(),
  generatedSize: z.number().int().nonnegative(),
  postedToX: z.boolean(),
  platformPosts: z.partialRecord(platformSchema, platformPostSchema),
});
export type Thread = z.infer<typeof threadSchema>;

/** PUT /api/threads/{threadId}: the edited posts (the last one, the attribution, unchanged). */
export const updateThreadRequestSchema = z.object({
  posts: z.array(postSchema.pick({ id: true, content: true })).max(50, 'A thread has at most 50 posts'),
});
export type UpdateThreadRequest = z.infer<typeof updateThreadRequestSchema>;
