import { useState } from 'react';
import {
  chosenLinkPlacements,
  type LinkPlacement,
  type LinkPlacements,
  linkPlacementFor,
} from '#shared/publishing/link-placement';
import { layoutForPlatform } from '#shared/publishing/platform-layout';
import { postRulesOfConnection } from '#shared/publishing/platform-rules';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { Platform, Thread } from '#shared/schemas/thread';

type PlacedThread = Pick<Thread, 'title' | 'posts' | 'sourceUrl' | 'authorHandles' | 'author' | 'linkPlacements'>;

/**
 * The link placements of a share view: each platform's (changed here, else the thread's saved
 * choice, else the default for its connection), its version of the thread with the link placed,
 * and the changes to send. Only the placements changed here are sent (and kept with the thread);
 * the others stay as they were.
 */
export function useLinkPlacements(thread: PlacedThread | undefined, connections: readonly ConnectionView[]) {
  const [changed, setChanged] = useState<LinkPlacements>({});
  const connectionDataOf = (platform: Platform) =>
    connections.find((connection) => connection.platform === platform)?.connectionData;
  const placementOf = (platform: Platform) =>
    linkPlacementFor(platform, { ...thread?.linkPlacements, ...changed }, connectionDataOf(platform));
  return {
    placementOf,
    /** The thread as the platform will get it with `placement` (X's price is counted on it). */
    postsFor: (platform: Platform, placement: LinkPlacement): string[] =>
      thread
        ? layoutForPlatform(
            thread,
            platform,
            placement,
            postRulesOfConnection(platform, connectionDataOf(platform)),
          ).map((post) => post.text)
        : [],
    change: (platform: Platform, placement: LinkPlacement) =>
      setChanged((current) => ({ ...current, [platform]: placement })),
    /** The placements changed here for these platforms, for a publish or schedule request. */
    chosenFor: (platforms: readonly Platform[]) => chosenLinkPlacements(platforms, changed),
  };
}
