import { useState } from 'react';
import { authorPostMessages } from '#shared/messages/author-posts';
import { chosenQuotes } from '#shared/publishing/author-post';
import { type ChosenQuotes, isQuotingPlatform } from '#shared/schemas/author-posts';
import type { Platform } from '#shared/schemas/thread';
import { useAuthorPosts } from '../api/get-author-posts';
import type { AuthorQuoteFieldProps } from '../components/author-quote-field';

/**
 * The author's own posts a share view offers to quote in the credit: found for the chosen platforms
 * that can quote, each quoted unless the curator turns it off here, and the choice to send with a
 * publish or schedule request. The share step and the thread page's sharing panel both use it.
 */
export function useAuthorQuotes(threadId: string, selected: readonly Platform[]) {
  const found = useAuthorPosts(threadId, selected.filter(isQuotingPlatform)).data?.posts ?? [];
  // Platforms where the curator turned quoting the author's post off.
  const [declined, setDeclined] = useState<ReadonlySet<Platform>>(new Set());
  return {
    /** The quote field's props for `platform`, or null when no post of the author's was found there. */
    fieldFor(platform: Platform): AuthorQuoteFieldProps | null {
      const post = found.find((entry) => entry.platform === platform)?.post;
      if (!post) return null;
      return {
        post,
        quoting: !declined.has(platform),
        onQuotingChange: (quoting) =>
          setDeclined((current) => {
            const next = new Set(current);
            if (quoting) next.delete(platform);
            else next.add(platform);
            return next;
          }),
      };
    },
    /** Why nothing was looked for on `platform` when the curator can change it (X with billed reads off), else null. */
    unsearchedHintFor(platform: Platform): string | null {
      const entry = found.find((each) => each.platform === platform);
      return entry?.unsearched === 'paid_reads_off' ? authorPostMessages.paidReadsOffHint : null;
    },
    /** The posts to quote on these platforms, for a publish or schedule request; undefined when none. */
    chosenFor: (platforms: readonly Platform[]): ChosenQuotes | undefined => chosenQuotes(platforms, found, declined),
  };
}
