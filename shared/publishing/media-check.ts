import type { PostMedia } from '../schemas/media';
import type { Platform } from '../schemas/thread';
import { IMAGE_LIMITS } from './image-limits';

/** The pictures of one post as one platform will carry them. */
export interface PostMediaPlan {
  /** 1-based, as the curator numbers the thread's posts. */
  postNumber: number;
  /** In order, at most `limit`. */
  carried: PostMedia[];
  /** Pictures past `limit`: not posted there. */
  leftOut: number;
  /** What the platform takes on this post: `maxPerPost` on the first, `maxPerReply` (when it has one) on the rest. */
  limit: number;
  /** True when the platform shows alt text and one of `carried` has none. */
  missingAlt: boolean;
}

/** Which pictures a platform will carry, post by post (posts without pictures are left out). */
export function platformMediaPlan(
  posts: readonly { media?: readonly PostMedia[] | undefined }[],
  platform: Platform,
): PostMediaPlan[] {
  const { maxPerPost, maxPerReply, maxAlt } = IMAGE_LIMITS[platform];
  return posts.flatMap((post, index) => {
    const media = post.media ?? [];
    if (media.length === 0) return [];
    const limit = index === 0 ? maxPerPost : (maxPerReply ?? maxPerPost);
    const carried = media.slice(0, limit);
    return [
      {
        postNumber: index + 1,
        carried,
        leftOut: media.length - carried.length,
        limit,
        // A platform without an alt field (maxAlt null) cannot show it, so it cannot be missing there.
        missingAlt: maxAlt !== null && carried.some((item) => item.alt.trim() === ''),
      },
    ];
  });
}

/** A platform publishing is refused for: the posts whose pictures it would show without alt text. */
export interface AltTextBlocker {
  platform: Platform;
  postNumbers: number[];
}

/** The chosen platforms that cannot be published to until alt text is written; empty when all can. */
export function altTextBlockers(
  posts: readonly { media?: readonly PostMedia[] | undefined }[],
  platforms: readonly Platform[],
): AltTextBlocker[] {
  return platforms.flatMap((platform) => {
    const postNumbers = platformMediaPlan(posts, platform)
      .filter((plan) => plan.missingAlt)
      .map((plan) => plan.postNumber);
    return postNumbers.length > 0 ? [{ platform, postNumbers }] : [];
  });
}
