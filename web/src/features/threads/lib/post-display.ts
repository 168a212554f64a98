/** Words in a post, as the editor counts them: runs of non-space characters. */
export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** The made-up engagement figures the preview shows under a post, so it reads like a real thread. */
export interface EngagementCounts {
  replies: number;
  reposts: number;
  likes: number;
}

// FNV-1a: a stable hash, so a post keeps the same figures across renders and reloads.
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** Plausible, stable engagement figures for a post (derived from its id; not real data). */
export function engagementCounts(postId: string): EngagementCounts {
  const seed = hash(postId);
  const likes = 12 + (seed % 480);
  return {
    replies: 1 + ((seed >>> 9) % 40),
    reposts: 3 + ((seed >>> 17) % Math.max(4, Math.floor(likes / 3))),
    likes,
  };
}

/** A count as a social app prints it: 1234 → '1.2K'. */
export function compactCount(value: number): string {
  return new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
