import { useEffect, useRef } from 'react';
import type { Platform } from '#shared/schemas/thread';
import { usePublishStatus } from '../api/get-publish-status';
import type { PublishRow } from '../components/publish-rows';

/**
 * The live rows of the platforms being published, and whether they all ended; `onEnded` runs once
 * per `runKey` (one press of the share button) with the rows as they ended, for the summary toast.
 */
export function usePublishRows(
  threadId: string,
  platforms: readonly Platform[],
  runKey: string,
  onEnded: (rows: PublishRow[]) => void,
): { rows: PublishRow[]; ended: boolean } {
  const status = usePublishStatus(threadId);
  const rows = platforms.map((platform) => ({
    platform,
    row: status.data?.platforms.find((item) => item.platform === platform),
  }));
  const ended =
    platforms.length > 0 &&
    status.data !== undefined &&
    rows.every(({ row }) => row?.status === 'completed' || row?.status === 'failed');
  const announced = useRef<string | null>(null);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;

  useEffect(() => {
    if (!ended || announced.current === runKey) return;
    announced.current = runKey;
    onEndedRef.current(rows);
  }, [ended, runKey, rows]);

  return { rows, ended };
}
