import type { OutgoingPost, PostStep } from './platform-adapter';

/** A step the platform forgets at `expiresAt` (X's media ids). */
export interface ExpiringStep {
  value: string;
  expiresAt: Date;
}

/** The key under which the expiry of the step recorded under `key` is kept (an ISO time). */
const expiryKey = (key: string) => `${key}:expires`;

/**
 * A post's recorded steps (uploaded media ids, containers), kept as they are made: `once` returns
 * what an earlier attempt recorded under `key`, or makes it and records it at once, so a retry of
 * the post never uploads or creates the same thing twice.
 */
export function postSteps(post: Pick<OutgoingPost, 'step' | 'saveStep'>) {
  let recorded: PostStep = { ...post.step };
  // saveStep replaces the step: it always carries every step recorded so far.
  const save = async (entries: PostStep) => {
    recorded = { ...recorded, ...entries };
    await post.saveStep(recorded);
  };
  return {
    /** Records `value` under `key` (replacing what was there), keeping the other steps. */
    record: (key: string, value: string) => save({ [key]: value }),
    async once(key: string, make: () => Promise<string>): Promise<string> {
      const earlier = recorded[key];
      if (earlier) return earlier;
      const made = await make();
      await save({ [key]: made });
      return made;
    },
    /**
     * `once` for a step the platform forgets: its expiry is recorded beside it (under
     * `${key}:expires`), and it is made again unless the platform still knows it at `neededUntil`.
     */
    async onceValidUntil(key: string, neededUntil: Date, make: () => Promise<ExpiringStep>): Promise<string> {
      const earlier = recorded[key];
      // NaN, so never valid, when no expiry was recorded (a step recorded before expiries were).
      const expiresAt = Date.parse(recorded[expiryKey(key)] ?? '');
      if (earlier && expiresAt > neededUntil.getTime()) return earlier;
      const made = await make();
      await save({ [key]: made.value, [expiryKey(key)]: made.expiresAt.toISOString() });
      return made.value;
    },
  };
}
