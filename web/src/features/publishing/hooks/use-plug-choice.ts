import { useState } from 'react';
import { PLUG_OFF, type PlugChoice } from '#shared/publishing/plug';
import { plugChoiceSchema } from '#shared/schemas/plug';
import type { Thread } from '#shared/schemas/thread';
import { useMe } from '#web/lib/get-me';

/**
 * The plug of a share view: the thread's saved choice, else the account's default, until the curator
 * changes it here; only a change is sent (and kept with the thread). The threshold is typed as text,
 * so a bad one is shown with the server's own sentence and blocks sharing until it is fixed.
 */
export function usePlugChoice(thread: Pick<Thread, 'plug'> | undefined) {
  const me = useMe();
  const [changed, setChanged] = useState<{ enabled: boolean; threshold: string } | null>(null);
  const saved: PlugChoice = thread?.plug ?? me.data?.plugDefault ?? PLUG_OFF;
  const shown = changed ?? { enabled: saved.enabled, threshold: String(saved.threshold) };
  const parsed = plugChoiceSchema.safeParse({ enabled: shown.enabled, threshold: Number(shown.threshold) });
  const problem = shown.enabled && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;
  return {
    enabled: shown.enabled,
    threshold: shown.threshold,
    problem,
    setEnabled: (enabled: boolean) => setChanged({ ...shown, enabled }),
    setThreshold: (threshold: string) => setChanged({ ...shown, threshold }),
    /** The choice as shown, when valid (what Account Settings saves). */
    current: (): PlugChoice | undefined =>
      parsed.success ? parsed.data : shown.enabled ? undefined : { enabled: false, threshold: saved.threshold },
    /** The choice to send with a publish or schedule request: the change made here, if any and valid. */
    chosen: (): PlugChoice | undefined => {
      if (!changed) return undefined;
      if (!shown.enabled)
        return { enabled: false, threshold: parsed.success ? parsed.data.threshold : saved.threshold };
      return parsed.success ? parsed.data : undefined;
    },
  };
}
