/**
 * bench:webhooks — webhook deliveries per second with 1,000 subscribers, and duplicates per event id
 * under redelivery. A fresh local table holds 50 workspaces × 20 endpoints (the per-workspace cap),
 * each subscribed to thread.published, all at one local receiver (a path each) that verifies every
 * call with Standard Webhooks' reference verifier and dedupes on webhook-id, as a customer would.
 * One ThreadPublished event per workspace goes through the worker's own code (the bus envelope, as
 * the queue hands it over) 5 at a time, the queue's concurrency: 1,000 signed, logged deliveries.
 * Then every event is delivered again (SQS delivers at least once): each redelivered call must
 * carry its first call's webhook-id, so the receiver acts on each event once per endpoint.
 * Prints deliveries per second, the p50/p95 of one delivery, and the duplicates (must be 0).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestTable } from '../tests/helpers/test-table';
import { startWebhookReceiver } from '../tests/helpers/webhook-receiver';
import { percentile } from './lib/stats';

const WORKSPACES = 50;
const ENDPOINTS_PER_WORKSPACE = 20;
const CONCURRENCY = 5;

const table = await startTestTable();
const receiver = await startWebhookReceiver();
const keyDir = mkdtempSync(path.join(tmpdir(), 'bench-webhooks-'));
writeFileSync(path.join(keyDir, 'token-key'), randomBytes(32).toString('base64'));
Object.assign(process.env, {
  TOKEN_KEY_FILE: path.join(keyDir, 'token-key'),
  ALLOW_PRIVATE_FETCH_HOSTS: receiver.host,
  POWERTOOLS_METRICS_DISABLED: 'true',
  LOG_LEVEL: 'ERROR',
});
const { putWebhookEndpoint } = await import('../functions/data/webhook-repository');
const { sealWebhookSecret } = await import('../functions/services/webhooks/secrets');
const { newWebhookSecret } = await import('../functions/services/webhooks/signing');
const { handleWebhookMessage } = await import('../functions/services/webhooks/delivery');

try {
  const workspaces = Array.from({ length: WORKSPACES }, (_, index) => `bench-ws-${index}`);
  for (const workspaceId of workspaces) {
    for (let index = 0; index < ENDPOINTS_PER_WORKSPACE; index++) {
      const endpointId = `wh_${workspaceId}-${index}`;
      const hookPath = `/${workspaceId}/${index}`;
      const secret = newWebhookSecret();
      receiver.trust(secret, hookPath);
      await putWebhookEndpoint({
        endpointId,
        workspaceId,
        url: receiver.url(hookPath),
        description: null,
        events: ['thread.published'],
        enabled: true,
        disabledReason: null,
        createdAt: new Date().toISOString(),
        createdBy: workspaceId,
        sealedSecret: await sealWebhookSecret(secret, workspaceId, endpointId),
        sealedPreviousSecret: null,
        previousSecretUntil: null,
      });
    }
  }
  const events = workspaces.map((workspaceId) => ({
    id: randomUUID(),
    'detail-type': 'ThreadPublished',
    time: new Date().toISOString(),
    detail: { workspaceId, threadId: `t-${workspaceId}`, platform: 'bluesky', postUrls: ['https://bsky.app/x'] },
  }));

  /** Runs every event through the worker's code, CONCURRENCY at a time; each event's duration, in ms. */
  const deliverAll = async () => {
    const durations: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < events.length) {
          const event = events[next++]!;
          const started = performance.now();
          await handleWebhookMessage(event);
          durations.push(performance.now() - started);
        }
      }),
    );
    return durations;
  };

  const subscribers = WORKSPACES * ENDPOINTS_PER_WORKSPACE;
  const started = performance.now();
  const fanOuts = (await deliverAll()).sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  const first = receiver.calls().length;
  await deliverAll();
  const calls = receiver.calls();
  const unverified = calls.filter((call) => call.verifiedWith.length !== 1).length;
  const ids = new Set(calls.map((call) => call.webhookId));
  // Each endpoint should have exactly one id per event: any more is a redelivery the receiver would act on twice.
  const duplicates = ids.size - subscribers;

  console.log(
    `bench:webhooks — ${subscribers} subscribers (${WORKSPACES} workspaces × ${ENDPOINTS_PER_WORKSPACE} endpoints)`,
  );
  console.log(`  deliveries: ${first} in ${seconds.toFixed(2)} s = ${(first / seconds).toFixed(0)} deliveries/s`);
  console.log(
    `  one event's fan-out to ${ENDPOINTS_PER_WORKSPACE} endpoints: p50 ${percentile(fanOuts, 50).toFixed(0)} ms, p95 ${percentile(fanOuts, 95).toFixed(0)} ms`,
  );
  console.log(`  calls failing the reference verifier: ${unverified}`);
  console.log(`  redelivery: ${calls.length - first} calls again, ${duplicates} duplicates per event id (must be 0)`);
  if (first !== subscribers || unverified > 0 || duplicates !== 0) {
    console.error('bench:webhooks FAILED: every subscriber must get one verified delivery, with 0 duplicate ids');
    process.exitCode = 1;
  }
} finally {
  await receiver.close();
  await table.stop();
  rmSync(keyDir, { recursive: true, force: true });
}
