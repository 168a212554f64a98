import middy from '@middy/core';
import type { ScheduledEvent } from 'aws-lambda';
import { fanOutDuePolls } from '../services/feeds/fan-out';

/** EventBridge rule every 30 minutes: one feeds-queue message per due feed. */
export const handler = middy<ScheduledEvent, { queued: number }>().handler(async (event) =>
  fanOutDuePolls(new Date(event.time ?? Date.now())),
);
