import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import type { PostFigures } from '#shared/schemas/insights';
import { deletedPost, figures, PlatformRejectedError } from './platform-adapter';
import { callPlatform, type PlatformApi } from './platform-http';

/** app.bsky.feed.getPosts takes at most 25 URIs a call. */
const URIS_PER_CALL = 25;

interface PostView {
  uri?: unknown;
  likeCount?: unknown;
  repostCount?: unknown;
  replyCount?: unknown;
  quoteCount?: unknown;
}

const appViewApi: PlatformApi<{ error?: unknown; message?: unknown }> = {
  name: 'Bluesky',
  refused: ({ status, body }) =>
    new PlatformRejectedError(
      `The Bluesky AppView refused the read: ${typeof body?.message === 'string' ? body.message : `HTTP ${status}`}`,
    ),
};

/**
 * The public figures of Bluesky posts from the public AppView (app.bsky.feed.getPosts, no token):
 * likes, reposts, replies, quotes. A post the AppView leaves out of its answer is gone.
 */
export async function readBlueskyFigures(made: readonly MadePost[], now: Date): Promise<PostFigures[]> {
  const views = new Map<string, PostView>();
  for (let start = 0; start < made.length; start += URIS_PER_CALL) {
    const query = new URLSearchParams(made.slice(start, start + URIS_PER_CALL).map((post) => ['uris', post.id]));
    const answer = await callPlatform<{ posts?: PostView[] }>(
      appViewApi,
      { url: `${config().platformUrls.blueskyAppView}/xrpc/app.bsky.feed.getPosts?${query}` },
      now,
    );
    for (const view of Array.isArray(answer.body.posts) ? answer.body.posts : []) {
      if (typeof view.uri === 'string') views.set(view.uri, view);
    }
  }
  return made.map((post, position) => {
    const view = views.get(post.id);
    if (!view) return deletedPost(position, post);
    return {
      position,
      remoteId: post.id,
      deleted: false,
      metrics: figures({
        likes: view.likeCount,
        reposts: view.repostCount,
        replies: view.replyCount,
        quotes: view.quoteCount,
      }),
    };
  });
}
