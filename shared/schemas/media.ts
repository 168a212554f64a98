import * as z from 'zod';

/**
 * Pictures on posts (issue #39): quote cards rendered from the article's words, the article's own
 * image where the publisher allows reuse, and the curator's uploads. Every image is stored
 * re-encoded by the server (never as received), under its owner's id.
 */

/** The only types stored and published; SVG and everything else is refused. */
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

/** Where a picture comes from. */
export const MEDIA_KINDS = ['quote-card', 'article-image', 'upload'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Who wrote a picture's alt text: the article's page (`alt`, `og:image:alt`, a caption), the
 * curator, the quote card's own words (the passage and credit, verbatim), or the model
 * ('drafted': shown as drafted until the curator confirms or edits it).
 */
export const ALT_SOURCES = ['page', 'curator', 'passage', 'drafted'] as const;

/** Pictures one post may carry (X, Bluesky and Mastodon take 4; a platform may take fewer). */
export const MAX_MEDIA_PER_POST = 4;
/** The longest alt text kept (Mastodon's 1,500; a platform with a lower limit is checked before a run). */
export const MAX_ALT_LENGTH = 1500;
/** The largest file a curator may upload, before it is re-encoded. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Bytes of stored pictures per user. */
export const MEDIA_QUOTA_BYTES = 200 * 1024 * 1024;

export const mediaIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a media id');

/** A picture as a post carries it (its bytes stay in storage under `id`). */
export const postMediaSchema = z.object({
  id: mediaIdSchema,
  kind: z.enum(MEDIA_KINDS),
  mimeType: z.enum(MEDIA_MIME_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Empty until written: publishing to a platform that shows alt text is refused until then. */
  alt: z.string().max(MAX_ALT_LENGTH),
  altSource: z.enum(ALT_SOURCES).nullable(),
  /** The visible credit line ('Image: The Outlet', or the caption's credit); null for the curator's own. */
  credit: z.string().max(300).nullable(),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

/** A stored picture as the API returns it, with a short-lived URL to show it. */
export const mediaSchema = z.object({
  id: mediaIdSchema,
  kind: z.enum(MEDIA_KINDS),
  mimeType: z.enum(MEDIA_MIME_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().positive(),
  /** Signed, expiring URL of the stored file. */
  url: z.string(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** POST /api/media/uploads: ask to upload one file. */
export const createUploadRequestSchema = z.object({
  mimeType: z.enum(MEDIA_MIME_TYPES, { error: 'Only JPEG, PNG, WebP and GIF images can be added' }),
  bytes: z.number().int().positive().max(MAX_UPLOAD_BYTES, 'An image can be at most 15 MB'),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

/** The presigned POST the browser sends the file with (limited to that type and size, in the user's own prefix). */
export const createUploadResponseSchema = z.object({
  uploadId: mediaIdSchema,
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

/** POST /api/media/uploads/{uploadId}/complete: the server checks, decodes and re-encodes the file. */
export const uploadParamsSchema = z.object({ uploadId: mediaIdSchema });
export const mediaParamsSchema = z.object({ mediaId: mediaIdSchema });

export const QUOTE_CARD_DESIGNS = ['classic', 'bold', 'minimal'] as const;
export type QuoteCardDesign = (typeof QUOTE_CARD_DESIGNS)[number];
export const QUOTE_CARD_THEMES = ['light', 'dark'] as const;
export type QuoteCardTheme = (typeof QUOTE_CARD_THEMES)[number];
/** 1200×675 (X, and the default), 1080×1350 portrait (Instagram-style feeds: Threads, Facebook, LinkedIn). */
export const QUOTE_CARD_FORMATS = {
  landscape: { width: 1200, height: 675 },
  portrait: { width: 1080, height: 1350 },
} as const;
export type QuoteCardFormat = keyof typeof QUOTE_CARD_FORMATS;

/** The post a quote card is made for. */
export const quoteCardParamsSchema = z.object({
  threadId: z.string().min(1).max(100),
  postId: z.string().min(1).max(100),
});

/** POST /api/threads/{threadId}/posts/{postId}/quote-card: make a card from the post's source passage. */
export const quoteCardRequestSchema = z.object({
  design: z.enum(QUOTE_CARD_DESIGNS).default('classic'),
  theme: z.enum(QUOTE_CARD_THEMES).default('light'),
  format: z.enum(['landscape', 'portrait']).default('landscape'),
});
export type QuoteCardRequest = z.infer<typeof quoteCardRequestSchema>;

/** The quote card made: the stored picture, and the entry to put on the post (alt text = passage + credit). */
export const quoteCardResponseSchema = z.object({ media: mediaSchema, postMedia: postMediaSchema });
export type QuoteCardResponse = z.infer<typeof quoteCardResponseSchema>;
