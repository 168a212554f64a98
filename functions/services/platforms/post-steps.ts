import type { OutgoingPost, PostStep } from './platform-adapter';

/**
 * A post's recorded steps (uploaded media ids, containers), kept as they are made: `once` returns
 * what an earlier attempt recorded under `key`, or makes it and records it at once, so a retry of
 * the post never uploads or creates the same thing twice.
 */
export function postSteps(post: Pick<OutgoingPost, 'step' | 'saveStep'>) {
  let recorded: PostStep = { ...post.step };
  const record = async (key: string, value: string) => {
    recorded = { ...recorded, [key]: value };
    await post.saveStep(recorded);
  };
  return {
    /** Records `value` under `key` (replacing what was there), keeping the other steps. */
    record,
    async once(key: string, make: () => Promise<string>): Promise<string> {
      const earlier = recorded[key];
      if (earlier) return earlier;
      const made = await make();
      await record(key, made);
      return made;
    },
  };
}
