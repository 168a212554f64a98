import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const { runOnce } = await import('#functions/data/idempotency-store');
const { db, tableName } = await import('#functions/data/client');
const { IdempotencyAlreadyInProgressError, IdempotencyValidationError } = await import(
  '@aws-lambda-powertools/idempotency'
);

afterAll(() => table.stop());

/** A side effect the test can hold open, to make two requests overlap for certain. */
function gatedEffect() {
  const effects: string[] = [];
  let release = () => {};
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const run = async (input: { key: string; userId: string; body: { url: string } }) => {
    effects.push(input.body.url);
    entered();
    await gate;
    return { jobId: `job-${effects.length}`, url: input.body.url };
  };
  return { effects, run, inside, release };
}

describe(`idempotency store on ${table.backend}`, () => {
  it('lets two concurrent identical requests make one effect, and a later retry get the first result', async () => {
    const effect = gatedEffect();
    const submit = runOnce('test-submit', effect.run, {
      keyPath: '[userId, key]',
      payloadPath: 'body',
      ttlSeconds: 600,
    });
    const request = { key: 'click-1', userId: 'user-1', body: { url: 'https://example.com/a' } };

    const first = submit(request);
    await effect.inside;
    await expect(submit({ ...request })).rejects.toBeInstanceOf(IdempotencyAlreadyInProgressError);
    effect.release();

    expect(await first).toEqual({ jobId: 'job-1', url: 'https://example.com/a' });
    expect(await submit({ ...request })).toEqual({ jobId: 'job-1', url: 'https://example.com/a' });
    expect(effect.effects).toEqual(['https://example.com/a']);
  });

  it('refuses the same key for a different request, and keeps keys of different users apart', async () => {
    const effect = gatedEffect();
    effect.release();
    const submit = runOnce('test-reuse', effect.run, {
      keyPath: '[userId, key]',
      payloadPath: 'body',
      ttlSeconds: 600,
    });
    await submit({ key: 'click-2', userId: 'user-1', body: { url: 'https://example.com/a' } });

    await expect(
      submit({ key: 'click-2', userId: 'user-1', body: { url: 'https://example.com/other' } }),
    ).rejects.toBeInstanceOf(IdempotencyValidationError);
    expect(await submit({ key: 'click-2', userId: 'user-2', body: { url: 'https://example.com/a' } })).toEqual({
      jobId: 'job-2',
      url: 'https://example.com/a',
    });
    expect(effect.effects).toHaveLength(2);
  });

  it('lets a retry run once the first invocation has run out of time (a Lambda timeout)', async () => {
    const effect = gatedEffect();
    const submit = runOnce('test-timeout', effect.run, {
      keyPath: '[userId, key]',
      payloadPath: 'body',
      ttlSeconds: 600,
    });
    const request = { key: 'click-5', userId: 'user-1', body: { url: 'https://example.com/a' } };
    const endingInvocation = { getRemainingTimeInMillis: () => 1 } as Context;

    void submit(request, endingInvocation);
    await effect.inside;
    await new Promise((resolve) => setTimeout(resolve, 20));

    const retry = submit({ ...request }, { getRemainingTimeInMillis: () => 60_000 } as Context);
    // The retry runs the effect again (the first invocation is over); release both once it has.
    while (effect.effects.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    effect.release();
    expect(await retry).toEqual({ jobId: 'job-2', url: 'https://example.com/a' });
    expect(effect.effects).toHaveLength(2);
  });

  it('leaves no record when the first attempt fails, so a retry runs', async () => {
    let attempts = 0;
    const submit = runOnce(
      'test-failure',
      async (_input: { key: string }) => {
        attempts += 1;
        if (attempts === 1) throw new Error('queue unavailable');
        return { attempts };
      },
      { keyPath: 'key', payloadPath: 'key', ttlSeconds: 600 },
    );
    await expect(submit({ key: 'click-3' })).rejects.toThrow('queue unavailable');
    expect(await submit({ key: 'click-3' })).toEqual({ attempts: 2 });
  });

  it("stores the record in the app's table with the table's TTL attribute", async () => {
    const submit = runOnce('test-ttl', async (input: { key: string }) => ({ ok: input.key }), {
      keyPath: 'key',
      payloadPath: 'key',
      ttlSeconds: 24 * 60 * 60,
    });
    const before = Math.floor(Date.now() / 1000);
    await submit({ key: 'click-4' });
    const { Items } = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :scope)',
        ExpressionAttributeValues: { ':pk': 'IDEMPOTENCY', ':scope': 'test-ttl#' },
      }),
    );
    const [Item] = Items ?? [];
    expect(Items).toHaveLength(1);
    expect(Item).toMatchObject({ status: 'COMPLETED' });
    expect(Number(Item?.expiresAt)).toBeGreaterThanOrEqual(before + 24 * 60 * 60);
  });
});
