import { randomUUID } from 'node:crypto';
import type { MadePost } from '#functions/data/publish-run-repository';
import type { OutgoingPost, PostStep } from '#functions/services/platforms/platform-adapter';

export const MEDIA_ARTICLE = { url: 'https://news.example.com/harbour-report', title: 'The harbour at dawn' };

/**
 * One post for an adapter, as the publishing service hands it over: the first of a two-post thread
 * unless `parent` is given. `steps` lists what the adapter recorded with `saveStep`; `step` starts
 * it where an earlier attempt left off.
 */
export function outgoingPost(
  options: Partial<Omit<OutgoingPost, 'saveStep'>> & { parent?: MadePost | null } = {},
): OutgoingPost & { steps: PostStep[] } {
  const steps: PostStep[] = [];
  const parent = options.parent ?? null;
  return {
    text: 'The boats come in before dawn.',
    index: parent ? 1 : 0,
    total: 2,
    root: parent,
    idempotencyKey: `run-${randomUUID()}-${parent ? 1 : 0}`,
    runStartedAt: null,
    mayAlreadyExist: false,
    article: MEDIA_ARTICLE,
    images: [],
    linkCardImage: null,
    linkPlacement: 'credit-post',
    firstComment: null,
    step: null,
    ...options,
    parent,
    steps,
    saveStep: async (step) => {
      steps.push(step);
    },
  };
}
