import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// The admin security log: every user's events newest first, filtered by type, by user or both, 50 a
// page through a cursor that only continues the listing it came from.

const table = await startTestTable();
const { recordSecurityEvent } = await import('#functions/data/security-event-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const securityRoute = (await import('#functions/http/admin/get-admin-security-events')).handler;

afterAll(() => table.stop());

const TYPES = ['thread_access', 'thread_deleted', 'thread_ownership_violation'] as const;
const USERS = ['alice', 'bob'] as const;

interface Seeded {
  userId: string;
  eventType: string;
  createdAt: string;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date());
  // 130 events a minute apart in January, long before the admin's own checks made by the calls below.
  for (let index = 0; index < 130; index++) {
    const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000);
    const event = { userId: USERS[index % 2]!, eventType: TYPES[index % 3]!, createdAt: createdAt.toISOString() };
    await recordSecurityEvent(event.userId, event.eventType, { index }, createdAt);
    seeded.push(event);
  }
});

function list(query: Record<string, string> = {}): Promise<RouteAnswer> {
  return callRoute(
    securityRoute,
    { userId: 'boss', email: 'admin@example.com' },
    { query },
    {
      path: '/api/admin/security-events',
      userAgent: 'security log test',
    },
  );
}

/** Every page of a filtered listing, following nextCursor. */
async function allPages(filter: Record<string, string>) {
  const pages: Array<Array<{ userId: string; eventType: string; createdAt: string; details: unknown }>> = [];
  let cursor: string | null = null;
  do {
    const page: RouteAnswer = await list({ ...filter, ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    pages.push(page.body.events);
    cursor = page.body.nextCursor;
  } while (cursor);
  return pages;
}

const newestFirst = (events: Seeded[]) => [...events].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
const summary = (event: Seeded) => ({ userId: event.userId, eventType: event.eventType, createdAt: event.createdAt });

describe('the admin security log', () => {
  it('lists every event newest first, 50 a page, the admin checks of these very calls on top', async () => {
    const pages = await allPages({});
    const events = pages.flat();

    expect(pages[0]).toHaveLength(50);
    expect(events[0]).toMatchObject({ userId: 'boss', eventType: 'admin_access_check' });
    expect(events.map((event) => event.createdAt)).toEqual(
      [...events.map((event) => event.createdAt)].sort().reverse(),
    );
    const seededPart = events.filter((event) => event.userId !== 'boss').map(summary);
    expect(seededPart).toEqual(newestFirst(seeded).map(summary));
  });

  it('filters by event type, by user, and by both, each paged through to the end', async () => {
    const byType = (await allPages({ type: 'thread_deleted' })).flat();
    expect(byType.map(summary)).toEqual(
      newestFirst(seeded.filter((e) => e.eventType === 'thread_deleted')).map(summary),
    );

    const aliceBoth = await allPages({ userId: 'alice' });
    expect(aliceBoth.length).toBe(2);
    expect(aliceBoth.flat().map(summary)).toEqual(newestFirst(seeded.filter((e) => e.userId === 'alice')).map(summary));

    const both = (await allPages({ userId: 'bob', type: 'thread_ownership_violation' })).flat();
    expect(both.map(summary)).toEqual(
      newestFirst(seeded.filter((e) => e.userId === 'bob' && e.eventType === 'thread_ownership_violation')).map(
        summary,
      ),
    );
    expect(both[0]?.details).toEqual({ index: expect.any(Number) });

    expect((await list({ type: 'no_such_event' })).body).toEqual({ events: [], nextCursor: null });
  });

  it('refuses a cursor from another filter, a forged one and malformed filters with 400, listing nothing', async () => {
    const alicePage = await list({ userId: 'alice' });
    const typePage = await list({ type: 'thread_access' });
    const aliceCursor = alicePage.body.nextCursor as string;
    const forgedKey = JSON.parse(Buffer.from(aliceCursor, 'base64url').toString('utf8')) as Record<string, string>;
    const outside = Buffer.from(JSON.stringify({ ...forgedKey, sk: 'THREAD#x' })).toString('base64url');
    const otherUser = Buffer.from(JSON.stringify({ ...forgedKey, pk: 'USER#bob' })).toString('base64url');

    const refused = [
      await list({ userId: 'bob', cursor: aliceCursor }),
      await list({ type: 'thread_deleted', cursor: typePage.body.nextCursor }),
      await list({ cursor: typePage.body.nextCursor }),
      await list({ userId: 'alice', cursor: outside }),
      await list({ userId: 'alice', cursor: otherUser }),
      await list({ cursor: 'not-a-cursor' }),
      await list({ type: 'DROP TABLE' }),
      await list({ userId: 'a#b' }),
      await list({ page: '2' }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'invalid_request', error: expect.any(String) });
    }
  });
});
