import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { MadePost } from '#functions/data/publish-run-repository';
import type { OutgoingPost, PostStep } from '#functions/services/platforms/platform-adapter';

export const MEDIA_ARTICLE = { url: 'https://news.example.com/harbour-report', title: 'The harbour at dawn' };

/** A post that keeps every step the adapter saves with `saveStep` in `steps` (the service stores the last). */
export type RecordingPost = OutgoingPost & { steps: PostStep[] };

/** `post` with a saveStep that keeps every step saved in `steps`, as the publishing service records them. */
export function recordingSteps(post: Omit<OutgoingPost, 'saveStep'>): RecordingPost {
  const steps: PostStep[] = [];
  return {
    ...post,
    steps,
    saveStep: async (step) => {
      steps.push(step);
    },
  };
}

/**
 * One post for an adapter, as the publishing service hands it over: the first of a two-post thread
 * unless `parent` is given. `steps` lists what the adapter recorded with `saveStep`; `step` starts
 * it where an earlier attempt left off.
 */
export function outgoingPost(
  options: Partial<Omit<OutgoingPost, 'saveStep'>> & { parent?: MadePost | null } = {},
): RecordingPost {
  const parent = options.parent ?? null;
  return recordingSteps({
    text: 'The boats come in before dawn.',
    index: parent ? 1 : 0,
    total: 2,
    root: parent,
    idempotencyKey: `run-${randomUUID()}-${parent ? 1 : 0}`,
    runStartedAt: null,
    now: new Date(),
    mayAlreadyExist: false,
    article: MEDIA_ARTICLE,
    images: [],
    linkCardImage: null,
    linkPlacement: 'credit-post',
    firstComment: null,
    step: null,
    ...options,
    parent,
  });
}

/**
 * Retries `post`, whose last attempt failed after recording its uploads, as the publishing service
 * does (the same post, starting from the step recorded last), and expects the retry to upload
 * nothing (`uploads` counts the platform's uploads). Returns what the retry made and the step it
 * started from, for the platform's own checks.
 */
export async function expectRetryReusesRecordedUploads(
  post: RecordingPost,
  platform: { publish: (post: OutgoingPost) => Promise<MadePost>; uploads: () => number },
): Promise<{ made: MadePost; recorded: PostStep }> {
  const recorded = post.steps.at(-1);
  if (!recorded) throw new Error('The failed attempt recorded no step');
  const uploadsBefore = platform.uploads();

  const made = await platform.publish({ ...post, step: recorded });

  expect(platform.uploads()).toBe(uploadsBefore);
  return { made, recorded };
}
