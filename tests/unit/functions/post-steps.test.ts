import { describe, expect, it } from 'vitest';
import type { PostStep } from '#functions/services/platforms/platform-adapter';
import { postSteps } from '#functions/services/platforms/post-steps';
import { outgoingPost } from '../../helpers/outgoing-posts';

const HOUR_MS = 3_600_000;
const UPLOADED_AT = new Date('2026-03-01T12:00:00.000Z');
const hoursOn = (hours: number) => new Date(UPLOADED_AT.getTime() + hours * HOUR_MS);

describe('postSteps', () => {
  it('makes each step once, saving every step recorded so far each time', async () => {
    const target = outgoingPost();
    const steps = postSteps(target);
    let made = 0;

    const first = await steps.once('media:a', async () => `id-${++made}`);
    const again = await steps.once('media:a', async () => `id-${++made}`);
    await steps.once('media:b', async () => `id-${++made}`);

    expect([first, again, made]).toEqual(['id-1', 'id-1', 2]);
    expect(target.steps).toEqual([{ 'media:a': 'id-1' }, { 'media:a': 'id-1', 'media:b': 'id-2' }]);
  });

  it("reuses an earlier attempt's step, and records a replacement beside the others", async () => {
    const target = outgoingPost({ step: { containerId: 'c-1', 'item:a': 'i-1' } });
    const steps = postSteps(target);

    const reused = await steps.once('item:a', async () => 'i-2');
    await steps.record('containerId', 'c-2');

    expect(reused).toBe('i-1');
    expect(target.steps).toEqual([{ containerId: 'c-2', 'item:a': 'i-1' }]);
  });

  it('records nothing when making the step fails, so a retry makes it', async () => {
    const target = outgoingPost();
    const steps = postSteps(target);

    await expect(steps.once('media:a', async () => Promise.reject(new Error('upload failed')))).rejects.toThrow();

    expect(target.steps).toEqual([]);
  });

  it('records an expiring step with its expiry, and reuses it while it is still valid when needed', async () => {
    const first = outgoingPost();
    const made = await postSteps(first).onceValidUntil('media:a', hoursOn(1), async () => ({
      value: 'id-1',
      expiresAt: hoursOn(24),
    }));
    const retry = outgoingPost({ step: first.steps.at(-1)! });

    const reused = await postSteps(retry).onceValidUntil('media:a', hoursOn(23), async () => ({
      value: 'id-2',
      expiresAt: hoursOn(47),
    }));

    expect([made, reused]).toEqual(['id-1', 'id-1']);
    expect(first.steps).toEqual([{ 'media:a': 'id-1', 'media:a:expires': '2026-03-02T12:00:00.000Z' }]);
    expect(retry.steps).toEqual([]);
  });

  it.each<{ recorded: string; step: PostStep }>([
    {
      recorded: 'expires before it is needed',
      step: { 'media:a': 'id-1', 'media:a:expires': hoursOn(24).toISOString() },
    },
    { recorded: 'has no expiry', step: { 'media:a': 'id-1' } },
  ])('makes a step again when the one recorded $recorded, recording the new one', async ({ step }) => {
    const retry = outgoingPost({ step: { containerId: 'c-1', ...step } });

    const made = await postSteps(retry).onceValidUntil('media:a', hoursOn(24.5), async () => ({
      value: 'id-2',
      expiresAt: hoursOn(48),
    }));

    expect(made).toBe('id-2');
    expect(retry.steps).toEqual([
      { containerId: 'c-1', 'media:a': 'id-2', 'media:a:expires': hoursOn(48).toISOString() },
    ]);
  });
});
