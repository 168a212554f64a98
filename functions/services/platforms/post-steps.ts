import type { OutgoingPost, PostStep } from './platform-adapter';

/**
 * A post's recorded steps (uploaded media ids, containers), kept as they are made: `once` returns
 * what an earlier attempt recorded under `key`, or makes it and records it at once, so a retry of
 * the post never uploads or creates the same thing twice.
 */
export function postSteps(post: Pick<OutgoingPost, 'step' | 'saveStep'>) {
  let recorded: PostStep = { ...post.step };
  return {
    async once(key: string, make: () => Promise<string>): Promise<string> {
      const earlier = recorded[key];
      if (earlier) return earlier;
      const made = await make();
      recorded = { ...recorded, [key]: made };
      await post.saveStep(recorded);
      return made;
    },
  };
}
