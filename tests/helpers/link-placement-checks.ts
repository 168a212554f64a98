import { expect, it } from 'vitest';
import type { LinkPlacement } from '../../shared/publishing/link-placement';
import type { Platform } from '../../shared/schemas/thread';
import { makeThread, settle } from './publishing-threads';

/** One post (or comment, or message) as a stand-in received it: its text, and the link it was asked to preview. */
export interface ReceivedPost {
  text: string;
  link?: string | null;
}

/** A platform's stand-in, as the link placement checks publish to it and read it back. */
export interface PlacementStandIn {
  platform: Platform;
  /** A new user connected to the stand-in, ready to publish to it. */
  connectedUser: () => Promise<string>;
  /** Body posts long enough that the first post and the credit stay separate posts on this platform. */
  bodyPosts: string[];
  /** Everything the stand-in has received so far, in the order it received it. */
  received: () => ReceivedPost[];
}

let runs = 0;

/**
 * Publishes a new thread of a connected user through the queue (with `placement`, when given, as the
 * thread's choice) and answers its article's URL and the posts this run made. Each run links an
 * article of its own, so a platform refusing a repeated text takes every run.
 */
async function publishPlaced(standIn: PlacementStandIn, placement?: LinkPlacement) {
  const { putThread } = await import('../../functions/data/thread-repository');
  const { requestPublish } = await import('../../functions/services/publishing/publish-thread');
  runs += 1;
  const sourceUrl = `https://news.example.com/harbour-report-${runs}`;
  const userId = await standIn.connectedUser();
  const thread = makeThread(userId, standIn.bodyPosts, { sourceUrl });
  await putThread(thread);
  const start = standIn.received().length;
  const linkPlacements = placement ? { [standIn.platform]: placement } : undefined;

  await requestPublish(userId, thread.id, { platforms: [standIn.platform], linkPlacements }, new Date());

  expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
  return { sourceUrl, made: standIn.received().slice(start) };
}

const carriesLink = (post: ReceivedPost, url: string) => post.text.includes(url) || post.link === url;

/**
 * The 'first post as well' placement, checked in the requests a platform's stand-in received: by
 * default the article's link is only in the credit post (the last); chosen, it is in the first
 * post's request as well, and the credit keeps it.
 */
export function itPlacesTheLinkOnTheFirstPostWhenChosen(standIn: PlacementStandIn) {
  it('puts the article link only in the credit post by default', async () => {
    const { sourceUrl, made } = await publishPlaced(standIn);

    expect(made.length).toBeGreaterThan(2);
    expect(made.map((post) => carriesLink(post, sourceUrl))).toEqual(made.map((_, index) => index === made.length - 1));
  });

  it('puts the article link in the first post as well when the thread chose it, the credit still last with it', async () => {
    const { sourceUrl, made } = await publishPlaced(standIn, 'first-post-and-credit');

    expect(made.length).toBeGreaterThan(2);
    expect(made.map((post) => carriesLink(post, sourceUrl))).toEqual(
      made.map((_, index) => index === 0 || index === made.length - 1),
    );
    expect(made[0]!.text.endsWith(sourceUrl)).toBe(true);
    expect(made.at(-1)!.text).toContain(`Read original article at: ${sourceUrl}`);
  });
}
