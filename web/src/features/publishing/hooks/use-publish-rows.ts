import { useEffect, useRef } from 'react';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { usePublishStatus } from '../api/get-publish-status';
import { allRowsEnded, type PublishRow, publishRowsOf } from '../lib/publish-rows';

/**
 * The live rows of the platforms (and chosen accounts) being published, and whether they all ended;
 * `onEnded` runs once per `runKey` (one press of the share button) with the rows as they ended, for
 * the summary toast.
 */
export function usePublishRows(
  threadId: string,
  platforms: readonly Platform[],
  accounts: ChosenAccounts | undefined,
  runKey: string,
  onEnded: (rows: PublishRow[]) => void,
): { rows: PublishRow[]; ended: boolean } {
  const status = usePublishStatus(threadId);
  const rows = publishRowsOf(platforms, accounts, status.data?.platforms);
  const ended = status.data !== undefined && allRowsEnded(rows);
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
