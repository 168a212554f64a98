import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { callRoute, type RouteAnswer } from '../../helpers/route-call';
import { seededThread } from '../../helpers/seed-threads';
import { startTestTable } from '../../helpers/test-table';

// The dashboard reads counters kept next to each write; after a scripted mix of sign-ups,
// generations (a thread and its usage entry), purchases, repeats and deletions they must equal a
// recount of the table (the recount is the test's Scan, never the page's).

const table = await startTestTable();
const { db, tableName } = await import('#functions/data/client');
const { putThread, deleteThreadForUser } = await import('#functions/data/thread-repository');
const { recordLedgerEntry } = await import('#functions/data/credits-repository');
const { deleteUserItems } = await import('#functions/data/account-deletion-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const statisticsRoute = (await import('#functions/http/admin/get-admin-statistics')).handler;
const transactionsRoute = (await import('#functions/http/admin/get-admin-transactions')).handler;
const ordersRoute = (await import('#functions/http/admin/get-admin-orders')).handler;

afterAll(() => table.stop());

function asAdmin(route: typeof statisticsRoute): Promise<RouteAnswer> {
  return callRoute(
    route,
    { userId: 'boss', email: 'admin@example.com' },
    {},
    { path: '/api/admin/statistics', userAgent: 'counters test' },
  );
}

async function recount() {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  const ledger = items.filter((item) => item.type === 'credit-transaction');
  return {
    totalUsers: items.filter((item) => item.type === 'profile').length,
    totalThreads: items.filter((item) => item.type === 'thread').length,
    totalTransactions: ledger.length,
    creditsPurchasedTotal: ledger
      .filter((item) => item.transactionType === 'purchase')
      .reduce((sum, item) => sum + Number(item.amount), 0),
  };
}

let clock = Date.UTC(2026, 2, 1);
function tick(): Date {
  clock += 60_000;
  return new Date(clock);
}

async function generate(userId: string, index: number) {
  const thread = seededThread(userId, index, { id: `${userId}-thread-${index}` });
  await putThread(thread);
  await recordLedgerEntry({
    id: `usage-${thread.id}`,
    userId,
    type: 'usage',
    amount: -1,
    description: 'Thread generation',
    createdAt: tick().toISOString(),
    threadId: thread.id,
  });
  return thread;
}

const orderTimes = new Map<string, string>();

/** A fulfilled purchase; a repeat of the same order writes the same entry, as a redelivered webhook would. */
async function purchase(userId: string, id: string, credits: number, paid = true) {
  if (!orderTimes.has(id)) orderTimes.set(id, tick().toISOString());
  await recordLedgerEntry({
    id,
    userId,
    type: 'purchase',
    amount: credits,
    description: `Purchased ${credits} credits`,
    createdAt: orderTimes.get(id)!,
    stripePaymentIntentId: paid ? `pi_${id}` : undefined,
  });
}

describe('the admin dashboard counters', () => {
  it('equal a recount after sign-ups, generations, purchases, repeats and deletions', async () => {
    await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, tick());
    for (const name of ['ann', 'bob', 'cat'])
      await ensureAccount({ userId: name, email: `${name}@example.com` }, tick());
    await ensureAccount({ userId: 'ann', email: 'ann@example.com' }, tick()); // a repeated sign-up trigger
    const annThreads = [await generate('ann', 1), await generate('ann', 2), await generate('ann', 3)];
    await generate('bob', 1);
    await generate('cat', 1);
    await putThread({ ...annThreads[0]!, title: 'Regenerated in place' }); // same id: not a new thread
    await purchase('ann', 'order-1', 50);
    await purchase('ann', 'order-1', 50); // the webhook delivered twice
    await purchase('bob', 'order-2', 120);
    await purchase('cat', 'order-3', 10);
    await deleteThreadForUser('ann', annThreads[1]!.id);
    await deleteThreadForUser('ann', annThreads[1]!.id); // already gone
    // cat deletes the account: everything of theirs goes, as DELETE /api/me does it.
    for (const prefix of ['TX#', 'CREDITS', 'THREAD#', 'ROLE', 'PROFILE']) await deleteUserItems('cat', prefix);

    const statistics = await asAdmin(statisticsRoute);
    const expected = await recount();

    // Transactions: each remaining user's sign-up grant, the usage of each generation and each purchase.
    expect(expected).toEqual({ totalUsers: 3, totalThreads: 3, totalTransactions: 9, creditsPurchasedTotal: 170 });
    expect(statistics.status).toBe(200);
    expect(statistics.body).toMatchObject(expected);
    expect(statistics.body.recentUsers.map((user: { id: string }) => user.id)).toEqual(['bob', 'ann', 'boss']);
    expect(statistics.body.recentTransactions[0]).toMatchObject({ id: 'order-2', type: 'purchase', amount: 120 });
    expect(statistics.body.recentTransactions).toHaveLength(5);
  });

  it('lists the newest transactions of all users with the same totals on the Transactions page', async () => {
    const response = await asAdmin(transactionsRoute);

    expect(response.status).toBe(200);
    expect(response.body.totalTransactions).toBe(9);
    expect(response.body.creditsPurchasedTotal).toBe(170);
    expect(response.body.transactions).toHaveLength(9);
    const paidAndSpent = response.body.transactions.filter(
      (entry: { type: string }) => entry.type === 'purchase' || entry.type === 'usage',
    );
    expect(paidAndSpent.map((entry: { id: string }) => entry.id)).toEqual([
      'order-2',
      'order-1',
      'usage-bob-thread-1',
      'usage-ann-thread-3',
      'usage-ann-thread-2',
      'usage-ann-thread-1',
    ]);
  });

  it('lists every purchase on the Orders page, completed with a payment reference, otherwise pending', async () => {
    await purchase('bob', 'order-4', 30, false);

    const response = await asAdmin(ordersRoute);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ totalOrders: 3, completedOrders: 2, pendingOrders: 1, creditsSold: 170 });
    expect(
      response.body.orders.map((order: { id: string; status: string; paymentReference: string | null }) => [
        order.id,
        order.status,
        order.paymentReference,
      ]),
    ).toEqual([
      ['order-4', 'pending', null],
      ['order-2', 'completed', 'pi_order-2'],
      ['order-1', 'completed', 'pi_order-1'],
    ]);
  });
});
