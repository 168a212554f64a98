import * as z from 'zod';
import { isKnownTimeZone, WEEKDAYS, type Weekday } from '../time-zone';
import { chosenQuotesSchema } from './author-posts';
import { plugChoiceSchema } from './plug';
import { accountPerPlatformSchema, chosenAccountsSchema, scheduledAccountsSchema } from './publishing';
import { linkPlacementsSchema, platformSchema, threadIdSchema } from './thread';

/**
 * Scheduling: a publish at a chosen moment, or into the user's posting queue (weekly wall-clock slots
 * in their time zone). The API contract shared by the scheduling routes and the SPA.
 */

/** Bounds of a scheduled time and of the queue (clear 4xx beyond them). */
export const SCHEDULE_LIMITS = {
  minLeadSeconds: 60,
  maxLeadDays: 365,
  maxUpcomingItemsPerUser: 500,
  maxSlotsPerWeek: 20,
  /** How long fired and cancelled items stay listed under Past. */
  pastDays: 30,
} as const;

export const timeZoneSchema = z
  .string({ error: 'A time zone is required' })
  .trim()
  .refine(isKnownTimeZone, 'Unknown time zone');

export { WEEKDAYS, type Weekday };

/**
 * One weekly slot: a weekday and a wall-clock time 'HH:mm' in the queue's time zone, and optionally
 * the account it posts to on a platform with several (an item naming its own account keeps it).
 */
export const postingSlotSchema = z.object({
  day: z.enum(WEEKDAYS, { error: 'A slot needs a weekday (mon–sun)' }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A slot time is HH:mm (00:00–23:59)'),
  accounts: accountPerPlatformSchema.optional(),
});
export type PostingSlot = z.infer<typeof postingSlotSchema>;

/** GET/PUT /api/scheduling/queue: the user's posting queue settings. */
export const postingQueueSchema = z.object({
  timeZone: timeZoneSchema,
  slots: z
    .array(postingSlotSchema)
    .max(SCHEDULE_LIMITS.maxSlotsPerWeek, `At most ${SCHEDULE_LIMITS.maxSlotsPerWeek} slots per week`)
    .refine(
      (slots) => new Set(slots.map((slot) => `${slot.day} ${slot.time}`)).size === slots.length,
      'Each slot may be listed once',
    ),
});
export type PostingQueue = z.infer<typeof postingQueueSchema>;

const schedulePlatformsSchema = z
  .array(platformSchema)
  .min(1, 'Choose at least one platform')
  .refine((list) => new Set(list).size === list.length, 'Each platform may be chosen once');

/**
 * POST /api/threads/{threadId}/schedule: either `at` (an ISO date-time with offset, e.g. from the
 * picker in the user's zone) or `queue: true` (the next free slot of the posting queue). The Discord
 * channel / subreddit is the connection's chosen target at fire time (PUT /api/connections/{platform}/target).
 */
export const scheduleRequestSchema = z
  .object({
    platforms: schedulePlatformsSchema,
    at: z.iso.datetime({ offset: true, error: 'A date and time is required' }).optional(),
    queue: z.literal(true).optional(),
    /** The zone the user picked the time in (shown back to them); the queue's zone when `queue`. */
    timeZone: timeZoneSchema.optional(),
    /** Link placements chosen on the share step, kept with the thread for the fire (as for a publish). */
    linkPlacements: linkPlacementsSchema.optional(),
    /**
     * Which accounts of each platform the item posts to (kept with it): one id or a list (a post to
     * each). A platform left out: the account its queue slot names, else its only account.
     */
    accounts: scheduledAccountsSchema.optional(),
    /**
     * The author's posts to quote in the credit, per platform (ids from GET …/author-posts), kept with
     * the item and checked again when it fires, as a publish checks them.
     */
    quotes: chosenQuotesSchema.optional(),
    /** The plug chosen on the share step, kept with the thread for the fire (as for a publish). */
    plug: plugChoiceSchema.optional(),
  })
  .refine((body) => (body.at === undefined) !== (body.queue === undefined), 'Give either a time or queue: true');
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

/** PUT /api/scheduled/{itemId}: a new time for an upcoming item. */
export const rescheduleRequestSchema = z.object({
  at: z.iso.datetime({ offset: true, error: 'A date and time is required' }),
  timeZone: timeZoneSchema.optional(),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

export const scheduledItemIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid item id');
/** /api/scheduled/{itemId} path parameters. */
export const scheduledItemParamsSchema = z.object({ itemId: scheduledItemIdSchema });
/** /api/threads/{threadId}/schedule path parameters. */
export const scheduleThreadParamsSchema = z.object({ threadId: threadIdSchema });

export const SCHEDULED_ITEM_STATUSES = ['scheduled', 'fired', 'cancelled'] as const;

/** A fired item's outcome on one account of a platform, read from its publishing run (or why it posted nothing). */
export const scheduledOutcomeSchema = z.object({
  platform: platformSchema,
  /** The account posted to; null for an item from before several accounts (the platform's first). */
  accountId: z.string().nullable(),
  /** The account's name as the workspace shows it (listed items; absent when not known). */
  accountName: z.string().optional(),
  status: z.enum(['pending', 'posting', 'completed', 'failed']),
  error: z.string().nullable(),
  postUrl: z.string().nullable(),
});

export const scheduledItemSchema = z.object({
  itemId: scheduledItemIdSchema,
  threadId: z.string(),
  threadTitle: z.string(),
  platforms: z.array(platformSchema),
  /** The accounts each platform posts to; absent on items from before several accounts (the platform's first). */
  accounts: chosenAccountsSchema.optional(),
  /** When it fires, UTC ISO. */
  at: z.string(),
  timeZone: z.string(),
  /** How it was scheduled: a chosen time, or a queue slot. */
  source: z.enum(['time', 'queue']),
  status: z.enum(SCHEDULED_ITEM_STATUSES),
  firedAt: z.string().nullable(),
  /**
   * Per account posted to, once fired. Before that, only the accounts that failed already (disconnected since:
   * 'Reconnect {Platform} to publish'); the item still posts to the others at its time.
   */
  outcomes: z.array(scheduledOutcomeSchema),
  /** Present (true) while its time has come but its thread is not approved: it fires on approval, within the grace window. */
  waitingForApproval: z.literal(true).optional(),
});
export type ScheduledItem = z.infer<typeof scheduledItemSchema>;

/** GET /api/scheduled?view=upcoming|past: upcoming items by time, or the last 30 days of fired/cancelled ones. */
export const scheduledListQuerySchema = z.object({ view: z.enum(['upcoming', 'past']).default('upcoming') });
export const scheduledListResponseSchema = z.object({ items: z.array(scheduledItemSchema) });
export type ScheduledListResponse = z.infer<typeof scheduledListResponseSchema>;

/** GET /api/threads/{threadId}/schedule: the thread's upcoming items (its detail page and My Threads card). */
export const threadScheduleResponseSchema = z.object({ items: z.array(scheduledItemSchema) });
