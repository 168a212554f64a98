import { shortQuoteBadgeText, shortQuoteMessages } from '#shared/messages/generation';
import { shortQuoteSignal } from '#shared/rights';
import type { ArticleRights } from '#shared/schemas/article';

/**
 * 'The publisher limits AI use: short-quote mode (tdm-reservation: 1)': shown wherever a thread
 * written in short-quote mode appears, with the signal that put it there; nothing when none did.
 */
export function ShortQuoteBadge({ rights, explain = false }: { rights: ArticleRights | undefined; explain?: boolean }) {
  const signal = shortQuoteSignal(rights);
  if (!signal) return null;
  return (
    <p className="short-quote" data-testid="short-quote-badge">
      <span className="badge badge--rights">{shortQuoteBadgeText(signal)}</span>
      {explain ? <span className="small muted"> {shortQuoteMessages.explained}</span> : null}
    </p>
  );
}
