import { useId } from 'react';
import { linkPlacementExplanation, linkPlacementLabels, xLinkPriceNote } from '#shared/messages/publishing';
import { platformDisplayName } from '#shared/platforms';
import {
  allowedLinkPlacements,
  type LinkPlacement,
  X_POST_PRICE_USD,
  xPostingCostUsd,
} from '#shared/publishing/link-placement';
import type { Platform } from '#shared/schemas/thread';

interface LinkPlacementFieldProps {
  platform: Platform;
  value: LinkPlacement;
  onChange: (placement: LinkPlacement) => void;
  /** The platform's version of the thread as it will be posted (X's price is counted on it). */
  posts: readonly string[];
}

/** Where the source link goes on one platform, with the sentence saying why, and on X what posting costs. */
export function LinkPlacementField({ platform, value, onChange, posts }: LinkPlacementFieldProps) {
  const id = useId();
  const name = platformDisplayName(platform);
  const allowed = allowedLinkPlacements(platform);
  return (
    <div className="field">
      <label htmlFor={id}>{name} link placement</label>
      <select
        id={id}
        value={value}
        disabled={allowed.length === 1}
        aria-describedby={`${id}-why`}
        onChange={(event) => onChange(event.target.value as LinkPlacement)}
      >
        {allowed.map((placement) => (
          <option key={placement} value={placement}>
            {linkPlacementLabels[placement]}
          </option>
        ))}
      </select>
      <p id={`${id}-why`} className="small muted">
        {linkPlacementExplanation(platform, value, name)}
      </p>
      {platform === 'twitter' ? (
        <p className="small">{xLinkPriceNote(X_POST_PRICE_USD, xPostingCostUsd(posts))}</p>
      ) : null}
    </div>
  );
}
