// Type-only: the browser imports this module, and the zod schemas would add their weight to it.
import type { LinkPlacement } from '../publishing/link-placement';
import type { Platform } from '../schemas/thread';
import { platformMessages } from './connections';
import type { ToastText } from './toast-text';

// Publishing texts: share validation, per-platform progress and results, posting again.

/** 'Posted to {platform}!' */
export function postedTo(platformName: string): ToastText {
  return { title: `Posted to ${platformName}!` };
}

/** 'Already posted to Bluesky on {date}. Post it again?': asked before a thread is published to a platform again. */
export function alreadyPostedTo(platformName: string, date: string): string {
  return `Already posted to ${platformName} on ${date}. Post it again?`;
}

/** 'Publishing Failed' with the failure's message. */
export function publishingFailed(message: string): ToastText {
  return { title: 'Publishing Failed', description: message };
}

/** A platform's failed row: 'Failed to post to {platform}' with the server error or 'Unknown error occurred'. */
export function failedToPostTo(platformName: string, serverError?: string | null): ToastText {
  return {
    title: `Failed to post to ${platformName}`,
    description: serverError?.trim() || platformMessages.unknownPostingError,
  };
}

/** The question before publishing again to a platform that already has the thread (see alreadyPostedTo). */
export const republishMessages = {
  title: 'Post Again?',
  confirm: 'Post Again',
  cancel: 'Cancel',
};

/** The link-placement select's options on the share step. */
export const linkPlacementLabels: Record<LinkPlacement, string> = {
  'credit-post': 'Link in the credit post',
  'first-post-and-credit': 'Link on the first post and in the credit post',
  'in-post': 'Link in the post',
  'first-comment': 'Link in the first comment',
};

/** Names the comment shown under a LinkedIn post's preview when the link goes in the first comment. */
export const FIRST_COMMENT_LABEL = 'First comment';

/** The one sentence beside the select saying what a placement does on a platform, and why. */
export function linkPlacementExplanation(platform: Platform, placement: LinkPlacement, platformName: string): string {
  if (platform === 'twitter' && placement === 'credit-post')
    return 'X shows posts with links to fewer people, so the hook has no link and the credit reply carries it.';
  if (platform === 'twitter') return 'The hook carries the link too, though X shows posts with links to fewer people.';
  if (platform === 'bluesky' && placement === 'first-post-and-credit')
    return "Bluesky does not push links down, so the first post shows the article's link card and the credit post links it again.";
  if (platform === 'linkedin' && placement === 'first-comment')
    return 'LinkedIn shows posts with links to fewer people (company pages most), so the post goes without it and the credit with the link is its first comment.';
  if (platform === 'linkedin')
    return 'The link stays in the post, where LinkedIn shows its preview (best for a personal profile).';
  if (platform === 'reddit') return 'Reddit gets one post that opens with the source and ends with the credit.';
  if (placement === 'first-post-and-credit')
    return `The first post carries the link as well as the credit post, so readers of the first post alone see the source on ${platformName}.`;
  return `The link goes in the credit post that ends the thread, where ${platformName} shows its preview.`;
}

/** What X charges, shown when X is chosen: 'X's API charges $0.200 for a post with a link against $0.015 without one: …' */
export function xLinkPriceNote(prices: { withLink: number; withoutLink: number }, threadCostUsd: number): string {
  const usd = (amount: number) => `$${amount.toFixed(3)}`;
  return `X's API charges ${usd(prices.withLink)} for a post with a link against ${usd(prices.withoutLink)} without one: this thread costs ${usd(threadCostUsd)} to post.`;
}

/** A placement a platform cannot carry out, refused with the ones it can. */
export function linkPlacementNotAllowed(
  platformName: string,
  placement: LinkPlacement,
  allowed: readonly LinkPlacement[],
): string {
  const options = allowed.map((option) => `'${option}' (${linkPlacementLabels[option].toLowerCase()})`).join(' or ');
  return `${platformName} cannot take the link placement '${placement}'; choose ${options}.`;
}

/** The plug: its control on the share step and in account settings, and its state on the thread page's rows. */
export const plugMessages = {
  label: 'Plug the link when the thread takes off',
  thresholdLabel: 'Likes and reposts of the first post',
  hint: "When the first post passes this many likes and reposts within 48 hours, ThreadSnip replies to it once with the article's link (X, Bluesky, Mastodon and Threads).",
  settingsHeading: 'Plug',
  settingsHint: 'New threads start with this choice; each thread can change it on the share step.',
  save: 'Save',
  saving: 'Saving…',
  saved: { title: 'Plug default saved' },
  viewReply: 'View the reply',
  threadDeleted: 'The thread was deleted',
  disconnected: 'The platform was disconnected',
  publishedAgain: 'The thread was published again',
};

/** A platform row's plug line: 'Plug armed (50 likes or reposts within 48 h)', 'Plug fired', 'Plug expired', 'Plug cancelled'. */
export function plugStatusText(plug: {
  state: 'armed' | 'firing' | 'fired' | 'expired' | 'cancelled';
  threshold: number;
}): string {
  if (plug.state === 'armed' || plug.state === 'firing')
    return `Plug armed (${plug.threshold.toLocaleString('en-US')} likes or reposts within 48 h)`;
  if (plug.state === 'fired') return 'Plug fired';
  if (plug.state === 'expired')
    return `Plug expired (under ${plug.threshold.toLocaleString('en-US')} likes or reposts in 48 h)`;
  return 'Plug cancelled';
}
