import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { APP_EVENT_SOURCE, type AppEventType } from '../../manifest';
import { config } from '../config';
import { logger } from '../logger';
import { countBy } from '../metrics';
import { traced } from '../tracer';

/** The one EventBridge client of this process (the local bus when configured). */
const eventBridge = traced(
  new EventBridgeClient({ region: config().region, endpoint: config().endpoints.eventBridge }),
);

/** Puts one application event on the app's bus; throws when the bus did not take it. */
export async function putAppEvent(detailType: AppEventType, detail: Record<string, unknown>): Promise<void> {
  const busName = config().eventBusName;
  if (!busName) throw new Error('EVENT_BUS_NAME is not configured');
  const answer = await eventBridge.send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: busName, Source: APP_EVENT_SOURCE, DetailType: detailType, Detail: JSON.stringify(detail) },
      ],
    }),
  );
  // PutEvents answers 200 with per-entry failures: an entry not taken is a failure of this call.
  if (answer.FailedEntryCount) {
    const entry = answer.Entries?.[0];
    throw new Error(`EventBridge did not take the ${detailType} event: ${entry?.ErrorCode} ${entry?.ErrorMessage}`);
  }
}

/**
 * Puts an application event that reports what already happened: a bus that refuses is logged and
 * counted (`AppEventNotPut`), never a failure of the work it reports.
 */
export async function announceAppEvent(detailType: AppEventType, detail: Record<string, unknown>): Promise<void> {
  // A process given no bus (a test of one service alone) has no one to tell: the cloud and the local
  // stack name it to every function that declares putEvents (the stacks test checks the cloud's).
  if (!config().eventBusName) return;
  try {
    await putAppEvent(detailType, detail);
  } catch (error) {
    countBy('AppEventNotPut', { event: detailType });
    logger.error(`${detailType} was not put on the bus`, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
