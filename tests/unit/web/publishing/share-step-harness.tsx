import { useState } from 'react';
import type { Platform, Thread } from '#shared/schemas/thread';
import { ShareStep } from '#web/features/publishing/components/share-step';

/** The share step as the create page holds it: the chosen platforms kept in state, nothing else. */
export function ShareStepHarness({
  thread,
  onTargetSelected,
  onPublished = () => undefined,
}: {
  thread: Thread;
  onTargetSelected?: (platform: Platform, targetId: string) => void;
  onPublished?: () => void;
}) {
  const [selected, setSelected] = useState<Platform[]>([]);
  return (
    <ShareStep
      thread={thread}
      selected={selected}
      onSelectedChange={setSelected}
      onTargetSelected={onTargetSelected}
      onBack={() => undefined}
      onPublished={onPublished}
    />
  );
}
