// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { Platform } from '../schemas/thread';
import type { ThreadText } from './reflow';

/**
 * Where a thread puts the source article's link. The attribution (the spec's credit text with the
 * link) is always posted; a placement only says where the link appears besides, or instead of, the
 * thread's last post.
 */
export const LINK_PLACEMENTS = ['credit-post', 'first-post-and-credit', 'in-post', 'first-comment'] as const;
export type LinkPlacement = (typeof LINK_PLACEMENTS)[number];

/** Per platform, the placement a thread may choose instead of its default. */
export type LinkPlacements = Partial<Record<Platform, LinkPlacement>>;

/** Who a LinkedIn connection posts as: the member's own profile, or an organisation page they administer. */
export type LinkedInAuthorKind = 'person' | 'organization';

/** The organisation page a LinkedIn connection posts as (`organizationUrn` in its data), or null for the member's profile. */
export function linkedinOrganizationUrn(connectionData: Record<string, unknown>): string | null {
  const urn = connectionData.organizationUrn;
  return typeof urn === 'string' && urn.startsWith('urn:li:organization:') ? urn : null;
}

/** An organisation page a LinkedIn member administers. */
export interface LinkedInPage {
  urn: string;
  name: string;
}

/** The pages a LinkedIn connection may post as (`administeredPages` in its data, listed when it was made). */
export function linkedinAdministeredPages(connectionData: Record<string, unknown>): LinkedInPage[] {
  const pages = Array.isArray(connectionData.administeredPages) ? connectionData.administeredPages : [];
  return pages.flatMap((page: unknown) => {
    if (typeof page !== 'object' || page === null) return [];
    const { urn, name } = page as Record<string, unknown>;
    return typeof urn === 'string' && urn.startsWith('urn:li:organization:')
      ? [{ urn, name: typeof name === 'string' && name ? name : urn }]
      : [];
  });
}

/** The name of the page a LinkedIn connection posts as (`organizationName`), or null when it posts as the member. */
export function linkedinPageName(connectionData: Record<string, unknown>): string | null {
  if (!linkedinOrganizationUrn(connectionData)) return null;
  const name = connectionData.organizationName;
  return typeof name === 'string' && name ? name : null;
}

/** Whether a LinkedIn connection posts as the member or as an organisation page. */
export function linkedinAuthorKind(connectionData: Record<string, unknown>): LinkedInAuthorKind {
  return linkedinOrganizationUrn(connectionData) ? 'organization' : 'person';
}

// The first placement of each list is the default (LinkedIn's depends on who posts); the reasons and
// their sources are in docs/platforms.md.
const ALLOWED: Record<Platform, readonly LinkPlacement[]> = {
  // X shows link posts to fewer people and its API bills them at $0.200 against $0.015.
  twitter: ['credit-post', 'first-post-and-credit'],
  // Bluesky does not rank links down, and its link cards bring publishers readers.
  bluesky: ['first-post-and-credit', 'credit-post'],
  linkedin: ['in-post', 'first-comment'],
  facebook: ['credit-post', 'first-post-and-credit'],
  mastodon: ['credit-post', 'first-post-and-credit'],
  threads: ['credit-post', 'first-post-and-credit'],
  telegram: ['credit-post', 'first-post-and-credit'],
  discord: ['credit-post', 'first-post-and-credit'],
  // One self-post that opens with the source line and ends with the attribution.
  reddit: ['in-post'],
};

/** The placements a platform can carry out, its default first. */
export function allowedLinkPlacements(platform: Platform): readonly LinkPlacement[] {
  return ALLOWED[platform];
}

/** Whether `placement` is one the platform can carry out. */
export function isLinkPlacementAllowed(platform: Platform, placement: LinkPlacement): boolean {
  return ALLOWED[platform].includes(placement);
}

/**
 * A platform's documented default for a connection: LinkedIn puts the link in a personal profile's
 * post but in the first comment under an organisation page's (LinkedIn shows company pages' link
 * posts less); every other platform has one default.
 */
export function defaultLinkPlacement(platform: Platform, connectionData: Record<string, unknown> = {}): LinkPlacement {
  if (platform === 'linkedin' && linkedinAuthorKind(connectionData) === 'organization') return 'first-comment';
  return ALLOWED[platform][0]!;
}

/** The placement a run uses: the thread's choice for the platform when it is one the platform allows, else the default. */
export function linkPlacementFor(
  platform: Platform,
  chosen: LinkPlacements | undefined,
  connectionData: Record<string, unknown> = {},
): LinkPlacement {
  const placement = chosen?.[platform];
  return placement && isLinkPlacementAllowed(platform, placement)
    ? placement
    : defaultLinkPlacement(platform, connectionData);
}

/** The placements chosen for these platforms, or undefined when none was (the thread's stay as they are). */
export function chosenLinkPlacements(
  platforms: readonly Platform[],
  chosen: LinkPlacements,
): LinkPlacements | undefined {
  const entries = platforms.flatMap((platform) => {
    const placement = chosen[platform];
    return placement ? [[platform, placement] as const] : [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * What a placement changes in the thread's text on a platform: the source link added to the first
 * post (X, Mastodon, Threads, Telegram, Discord, Facebook), or the attribution left out of the post
 * to be posted as its first comment (LinkedIn). Bluesky's first-post link is a card its adapter
 * builds, so its text is unchanged.
 */
export function placedThreadText(
  platform: Platform,
  placement: LinkPlacement,
  sourceUrl: string,
): Pick<ThreadText, 'firstPostLink' | 'attributionApart'> {
  if (placement === 'first-comment') return { attributionApart: true };
  if (placement === 'first-post-and-credit' && platform !== 'bluesky' && sourceUrl) return { firstPostLink: sourceUrl };
  return {};
}

/** The comment to post under the first post: the attribution when the placement is the first comment, else none. */
export function firstCommentOf(placement: LinkPlacement, posts: readonly string[]): string | null {
  return placement === 'first-comment' ? posts.at(-1)?.trim() || null : null;
}

/** X API pay-per-use prices: a post creation with a URL in its text, and one without. */
export const X_POST_PRICE_USD = { withLink: 0.2, withoutLink: 0.015 } as const;

const URL_IN_TEXT = /https?:\/\/\S/;

/** What X's API charges to post these posts (each with a link at the link price). */
export function xPostingCostUsd(posts: readonly string[]): number {
  const withLink = posts.filter((text) => URL_IN_TEXT.test(text)).length;
  // In tenths of a cent, so the sum is exact.
  const mills =
    withLink * X_POST_PRICE_USD.withLink * 1000 + (posts.length - withLink) * X_POST_PRICE_USD.withoutLink * 1000;
  return Math.round(mills) / 1000;
}
