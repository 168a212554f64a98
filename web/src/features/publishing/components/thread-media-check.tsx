import { lazy, Suspense } from 'react';
import type { AltTextBlocker } from '#shared/publishing/media-check';
import type { PostMedia } from '#shared/schemas/media';
import type { Platform } from '#shared/schemas/thread';

// The pictures' preview and messages are loaded only for a thread that has pictures.
const LazyPlatformMediaPlan = lazy(async () => ({
  default: (await import('./platform-media-plan')).PlatformMediaPlan,
}));
const LazyAltTextBlockers = lazy(async () => ({
  default: (await import('./platform-media-plan')).AltTextBlockers,
}));

type PostsWithMedia = readonly { media?: readonly PostMedia[] | undefined }[];

/** True when any post carries a picture. */
export function hasMedia(posts: PostsWithMedia): boolean {
  return posts.some((post) => (post.media?.length ?? 0) > 0);
}

/** One platform's pictures, post by post (nothing for a text-only thread). */
export function PlatformMediaPlan({ platform, posts }: { platform: Platform; posts: PostsWithMedia }) {
  if (!hasMedia(posts)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPlatformMediaPlan platform={platform} posts={posts} />
    </Suspense>
  );
}

/** Why publishing is held back: per platform, the posts whose pictures it would show without alt text. */
export function AltTextBlockers({ blockers }: { blockers: readonly AltTextBlocker[] }) {
  if (blockers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyAltTextBlockers blockers={blockers} />
    </Suspense>
  );
}
