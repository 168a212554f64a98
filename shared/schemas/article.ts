import * as z from 'zod';
import { LANGUAGE_TAG } from '../languages';

/** Social handles of the article's author found in the page, used by the attribution. */
export const authorHandlesSchema = z.object({
  twitter: z.string().optional(),
  fediverse: z.string().optional(),
  bluesky: z.string().optional(),
  /** Profile URLs from rel="me" links and JSON-LD author.sameAs. */
  profiles: z.array(z.string()),
});
export type AuthorHandles = z.infer<typeof authorHandlesSchema>;

/** A licence the page links with rel="license"; `name` when it is a Creative Commons licence ('CC BY 4.0'). */
export const articleLicenseSchema = z.object({ url: z.string(), name: z.string().nullable() });

/**
 * What the publisher says about reuse: TDMRep's reservation (`reservation`, `policyUrl`; tdmrep.json,
 * headers or meta, with `reservationSource`), the robots directives aimed at every agent or at ours
 * (`noai`, `noimageai`, `nosnippet`, `maxSnippet` in characters, null when unlimited) and the licence.
 */
export const articleRightsSchema = z.object({
  reservation: z.boolean(),
  reservationSource: z.enum(['tdmrep.json', 'header', 'meta']).nullable(),
  policyUrl: z.string().nullable(),
  noai: z.boolean(),
  noimageai: z.boolean(),
  nosnippet: z.boolean(),
  maxSnippet: z.number().int().nonnegative().nullable(),
  license: articleLicenseSchema.nullable(),
});
export type ArticleRights = z.infer<typeof articleRightsSchema>;

/** A language as a BCP 47 primary tag ('en', 'ko', 'pt'): two or three lower-case letters. */
export const languageTagSchema = z.string().regex(LANGUAGE_TAG, 'A language is a BCP 47 primary tag such as "en"');

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
  /** The page's own alt text for the lead image (og:image:alt, the image's alt, its caption); null when none; absent on older extractions. */
  leadImageAlt: z.string().nullable().optional(),
  /** The credit the page prints with the lead image ('Photo: Jane Doe/Reuters'); null when none; absent on older extractions. */
  leadImageCredit: z.string().nullable().optional(),
  /**
   * The article's language as a BCP 47 primary tag ('ko'): the page's declaration checked against
   * the text (the text wins a strong disagreement); null when neither says.
   */
  language: z.string().nullable(),
  authorHandles: authorHandlesSchema,
  /** The publisher's signals; absent on extractions kept from before they were read. */
  rights: articleRightsSchema.optional(),
  /**
   * The page's visible text (one block a paragraph), where each post's text-fragment link is made
   * to land on its passage alone; server-side only (never in the extract call's answer).
   */
  pageText: z.string().optional(),
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
