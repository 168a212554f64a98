import * as z from 'zod';

/** Social handles of the article's author found in the page, used by the attribution. */
export const authorHandlesSchema = z.object({
  twitter: z.string().optional(),
  fediverse: z.string().optional(),
  bluesky: z.string().optional(),
  /** Profile URLs from rel="me" links and JSON-LD author.sameAs. */
  profiles: z.array(z.string()),
});
export type AuthorHandles = z.infer<typeof authorHandlesSchema>;

/** What the extractor reads from a page. */
export const articleSchema = z.object({
  url: z.string(),
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  content: z.string(),
  links: z.array(z.string()),
  extractedAt: z.string(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  publishedTime: z.string().nullable(),
  leadImage: z.string().nullable(),
  language: z.string().nullable(),
  authorHandles: authorHandlesSchema,
});
export type Article = z.infer<typeof articleSchema>;

export const sensitivitySchema = z.object({
  isSensitive: z.boolean(),
  categories: z.array(z.string()),
});
export type Sensitivity = z.infer<typeof sensitivitySchema>;

/** The extract call's answer: the article plus themes and the sensitivity check. */
export const extractionResultSchema = articleSchema.extend({
  themes: z.array(z.string()).max(5),
  isSensitiveContent: z.boolean(),
  sensitiveCategories: z.array(z.string()),
  sensitiveContentMessage: z.string().nullable(),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;
