import { v5 as uuidV5 } from 'uuid';

// Apart from submit-job, whose module-level idempotency wrapper would put its writes in every
// handler that only needs these ids (the feed listings).

/** The namespace of the auto-draft ids (UUID v5 of the inbox item): a fixed, arbitrary UUID. */
const AUTO_DRAFT_NAMESPACE = '5b7e7a4c-2f1d-4c8e-9a57-0d3f6c1b2e94';

/** An inbox item's auto-draft job and thread ids, the same on every check, so resubmitting is a no-op. */
export function autoDraftIds(userId: string, item: { feedId: string; entryId: string }) {
  const name = `${userId}/${item.feedId}/${item.entryId}`;
  return {
    jobId: uuidV5(`job/${name}`, AUTO_DRAFT_NAMESPACE),
    threadId: uuidV5(`thread/${name}`, AUTO_DRAFT_NAMESPACE),
  };
}
