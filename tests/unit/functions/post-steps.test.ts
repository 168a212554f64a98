import { describe, expect, it } from 'vitest';
import type { PostStep } from '#functions/services/platforms/platform-adapter';
import { postSteps } from '#functions/services/platforms/post-steps';

/** A post whose saveStep keeps every step saved, as the publishing service stores the last one. */
function post(step: PostStep | null = null) {
  const saved: PostStep[] = [];
  return { saved, step, saveStep: async (next: PostStep) => void saved.push(next) };
}

describe('postSteps', () => {
  it('makes each step once, saving every step recorded so far each time', async () => {
    const target = post();
    const steps = postSteps(target);
    let made = 0;

    const first = await steps.once('media:a', async () => `id-${++made}`);
    const again = await steps.once('media:a', async () => `id-${++made}`);
    await steps.once('media:b', async () => `id-${++made}`);

    expect([first, again, made]).toEqual(['id-1', 'id-1', 2]);
    expect(target.saved).toEqual([{ 'media:a': 'id-1' }, { 'media:a': 'id-1', 'media:b': 'id-2' }]);
  });

  it("reuses an earlier attempt's step, and records a replacement beside the others", async () => {
    const target = post({ containerId: 'c-1', 'item:a': 'i-1' });
    const steps = postSteps(target);

    const reused = await steps.once('item:a', async () => 'i-2');
    await steps.record('containerId', 'c-2');

    expect(reused).toBe('i-1');
    expect(target.saved).toEqual([{ containerId: 'c-2', 'item:a': 'i-1' }]);
  });

  it('records nothing when making the step fails, so a retry makes it', async () => {
    const target = post();
    const steps = postSteps(target);

    await expect(steps.once('media:a', async () => Promise.reject(new Error('upload failed')))).rejects.toThrow();

    expect(target.saved).toEqual([]);
  });
});
