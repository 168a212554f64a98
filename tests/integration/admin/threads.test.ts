import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer } from '../../helpers/route-call';
import { seededThread } from '../../helpers/seed-threads';
import { startTestTable } from '../../helpers/test-table';

// The admin Threads page's API: the 50 newest threads of all users from the gsi2 listing, with
// owners' usernames, and View / Delete of any user's thread.

const table = await startTestTable();
const accounts = await import('#functions/data/account-repository');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const listRoute = (await import('#functions/http/admin/get-admin-threads')).handler;
const viewRoute = (await import('#functions/http/admin/get-admin-thread')).handler;
const deleteRoute = (await import('#functions/http/admin/delete-admin-thread')).handler;

afterAll(() => table.stop());

function call(route: typeof listRoute, params?: Record<string, string>): Promise<RouteAnswer> {
  return callRoute(
    route,
    { userId: 'boss', email: 'admin@example.com' },
    { params },
    { path: '/api/admin/threads', userAgent: 'threads test' },
  );
}

beforeAll(async () => {
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date());
  await ensureAccount({ userId: 'writer', email: 'writer@example.com' }, new Date());
  expect(await accounts.getRole('boss')).toBe('admin');
  // 60 threads over two owners, one of them without a profile (an account being deleted, say).
  for (let index = 0; index < 60; index += 1) {
    const owner = index % 2 === 0 ? 'writer' : 'ghost';
    await putThread(
      seededThread(owner, index, { id: `thread-${String(index).padStart(3, '0')}`, isSensitiveContent: index === 59 }),
    );
  }
});

describe('the admin threads listing', () => {
  it('lists the 50 newest threads of all users with owner, post count and sensitivity', async () => {
    const response = await call(listRoute);

    expect(response.status).toBe(200);
    expect(response.body.threads).toHaveLength(50);
    expect(response.body.threads[0]).toEqual({
      id: 'thread-059',
      title: 'Seeded thread 059',
      sourceUrl: 'https://news.example.com/story-59',
      ownerUsername: null,
      createdAt: seededThread('ghost', 59).createdAt,
      postCount: 3,
      isSensitiveContent: true,
    });
    expect(response.body.threads[1]).toMatchObject({
      id: 'thread-058',
      ownerUsername: 'writer',
      isSensitiveContent: false,
    });
    expect(response.body.threads.at(-1).id).toBe('thread-010');
  });

  it('lets the admin view and delete any user’s thread; an unknown id is a 404', async () => {
    const viewed = await call(viewRoute, { threadId: 'thread-020' });
    const deleted = await call(deleteRoute, { threadId: 'thread-020' });
    const again = await call(deleteRoute, { threadId: 'thread-020' });

    expect(viewed.status).toBe(200);
    expect(viewed.body).toMatchObject({ id: 'thread-020', userId: 'writer', title: 'Seeded thread 020' });
    expect(deleted.status).toBe(204);
    expect(await getThreadForUser('writer', 'thread-020')).toBeNull();
    expect(again).toEqual({ status: 404, body: { error: 'Thread not found', code: 'thread_not_found' } });
    expect((await call(viewRoute, { threadId: 'thread-020' })).status).toBe(404);
    expect((await call(listRoute)).body.threads.map((thread: { id: string }) => thread.id)).not.toContain('thread-020');
  });
});
