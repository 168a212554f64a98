import { afterAll, describe, expect, it } from 'vitest';
import { startTestTable } from '../../helpers/test-table';

const table = await startTestTable();
const accounts = await import('#functions/data/account-repository');
const credits = await import('#functions/data/credits-repository');
const { ensureAccount, getAccount } = await import('#functions/services/account/accounts');
const { refreshAllFreeCredits } = await import('#functions/services/credits/refresh-free-credits');
const { auditCreditBalances } = await import('#functions/services/credits/audit');

afterAll(() => table.stop());

let counter = 0;
function newIdentity(email?: string) {
  counter++;
  return {
    userId: `user-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    email: email ?? `user${counter}@example.com`,
  };
}

async function givePaidCredits(userId: string, paid: number) {
  const { db, tableName } = await import('#functions/data/client');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { keys } = await import('#functions/data/keys');
  await db.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.credits(userId),
      UpdateExpression: 'SET paidCredits = :paid',
      ExpressionAttributeValues: { ':paid': paid },
    }),
  );
}

describe(`credits on ${table.backend}`, () => {
  const day1 = new Date('2026-03-01T10:00:00Z');
  const day2 = new Date('2026-03-02T00:00:05Z');

  it('creates an account once even when asked concurrently', async () => {
    const identity = newIdentity();
    await Promise.all(Array.from({ length: 10 }, () => ensureAccount(identity, day1)));
    const records = await accounts.getAccountRecords(identity.userId);
    expect(records.role).toBe('user');
    expect(records.credits).toMatchObject({ freeCredits: 5, paidCredits: 0, usedCredits: 0, dailyAllowance: 5 });
  });

  it('gives admins listed in ADMIN_EMAILS 100 free credits a day', async () => {
    const identity = newIdentity('Admin@Example.com');
    const account = await getAccount(identity, day1);
    expect(account.role).toBe('admin');
    expect(account.credits.freeCredits).toBe(100);
  });

  it('spends free credits before paid ones and never goes below zero under 100 concurrent charges', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    await givePaidCredits(identity.userId, 2);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) => credits.consumeCreditForThread(identity.userId, `thread-${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome === 'charged')).toHaveLength(7);
    expect(outcomes.filter((outcome) => outcome === 'insufficient')).toHaveLength(93);
    expect(await credits.getCredits(identity.userId)).toMatchObject({ freeCredits: 0, paidCredits: 0, usedCredits: 7 });
  });

  it('keeps paid credits while free ones remain', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    await givePaidCredits(identity.userId, 3);
    await credits.consumeCreditForThread(identity.userId, 'first');
    expect(await credits.getCredits(identity.userId)).toMatchObject({ freeCredits: 4, paidCredits: 3, usedCredits: 1 });
  });

  it('charges a thread once however often the charge is retried', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => credits.consumeCreditForThread(identity.userId, 'same')),
    );
    expect(outcomes.filter((outcome) => outcome === 'charged')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'already-charged')).toHaveLength(4);
    expect(await credits.getCredits(identity.userId)).toMatchObject({ freeCredits: 4, usedCredits: 1 });
  });

  it('reserves credits free before paid and never more than the balance under 100 concurrent reservations', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    await givePaidCredits(identity.userId, 2);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) => credits.reserveCreditForThread(identity.userId, `draft-${index}`)),
    );
    expect(outcomes.filter((outcome) => outcome === 'reserved')).toHaveLength(7);
    expect(outcomes.filter((outcome) => outcome === 'insufficient')).toHaveLength(93);
    // Reserved credits are neither available nor used, and a charge finds nothing left to take.
    expect(await credits.getCredits(identity.userId)).toMatchObject({
      freeCredits: 0,
      paidCredits: 0,
      usedCredits: 0,
      reservedCredits: 7,
    });
    expect(await credits.consumeCreditForThread(identity.userId, 'other')).toBe('insufficient');
    // Which seven won depends on the order the store served them in: ask again for one that did.
    const reservedDraft = `draft-${outcomes.indexOf('reserved')}`;
    expect(await credits.reserveCreditForThread(identity.userId, reservedDraft)).toBe('already');
  });

  it('spends a reservation once, and gives one back once to the pocket it came from', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    await givePaidCredits(identity.userId, 1);
    await credits.consumeCreditForThread(identity.userId, 'a');
    await credits.consumeCreditForThread(identity.userId, 'b');
    await credits.consumeCreditForThread(identity.userId, 'c');
    await credits.consumeCreditForThread(identity.userId, 'd');
    // One free credit and one paid one left: the first reservation takes the free one, the second the paid.
    expect(await credits.reserveCreditForThread(identity.userId, 'spent')).toBe('reserved');
    expect(await credits.reserveCreditForThread(identity.userId, 'given-back')).toBe('reserved');

    const spends = await Promise.all(
      Array.from({ length: 3 }, () => credits.consumeReservedCredit(identity.userId, 'spent')),
    );
    expect(spends.sort()).toEqual(['already-charged', 'already-charged', 'charged']);
    const releases = await Promise.all(
      Array.from({ length: 3 }, () => credits.releaseReservedCredit(identity.userId, 'given-back', day1)),
    );
    expect(releases.sort()).toEqual(['not-reserved', 'not-reserved', 'released']);
    expect(await credits.consumeReservedCredit(identity.userId, 'given-back')).toBe('insufficient');

    const balance = await credits.getCredits(identity.userId);
    expect(balance).toMatchObject({ freeCredits: 0, paidCredits: 1, usedCredits: 5 });
    expect(balance?.reservedCredits).toBeUndefined();
  });

  it('lets a free credit reserved before the daily refresh lapse instead of stacking, with its ledger entry', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    expect(await credits.reserveCreditForThread(identity.userId, 'overnight')).toBe('reserved');
    expect(await credits.refreshFreeCreditsIfStale(identity.userId, '2026-03-02')).toBe(true);

    expect(await credits.releaseReservedCredit(identity.userId, 'overnight', day2)).toBe('lapsed');
    expect(await credits.releaseReservedCredit(identity.userId, 'overnight', day2)).toBe('not-reserved');

    expect(await credits.getCredits(identity.userId)).toMatchObject({ freeCredits: 5, usedCredits: 0 });
    const lapses = (await credits.listLedgerForUser(identity.userId)).filter((line) => line.id.startsWith('lapse-'));
    expect(lapses).toEqual([
      expect.objectContaining({ amount: -1, description: 'Reserved free credit lapsed at the daily refresh' }),
    ]);
    const audit = await auditCreditBalances();
    expect(audit.differences.filter((difference) => difference.userId === identity.userId)).toEqual([]);
  });

  it('refreshes free credits at first use after midnight without stacking', async () => {
    const identity = newIdentity();
    await ensureAccount(identity, day1);
    await credits.consumeCreditForThread(identity.userId, 'a');
    await credits.consumeCreditForThread(identity.userId, 'b');
    expect((await getAccount(identity, day1)).credits.freeCredits).toBe(3);
    const nextDay = await getAccount(identity, day2);
    expect(nextDay.credits.freeCredits).toBe(5);
    expect(nextDay.credits.usedCredits).toBe(2);
    expect(await credits.refreshFreeCreditsIfStale(identity.userId, '2026-03-02')).toBe(false);
  });

  it('refreshes every stale balance in the midnight job, once', async () => {
    const first = newIdentity();
    const second = newIdentity();
    await ensureAccount(first, day1);
    await ensureAccount(second, day1);
    await credits.consumeCreditForThread(first.userId, 'x');
    await credits.consumeCreditForThread(second.userId, 'y');
    const run = await refreshAllFreeCredits('2026-03-02');
    expect(run.refreshed).toBeGreaterThanOrEqual(2);
    expect(await credits.getCredits(first.userId)).toMatchObject({ freeCredits: 5, lastRefreshDate: '2026-03-02' });
    expect(await credits.getCredits(second.userId)).toMatchObject({ freeCredits: 5, lastRefreshDate: '2026-03-02' });
    await credits.consumeCreditForThread(first.userId, 'z');
    await refreshAllFreeCredits('2026-03-02');
    expect((await credits.getCredits(first.userId))?.freeCredits).toBe(4);
  });

  it('keeps a ledger entry per charge, newest first, and a repeated write does not duplicate it', async () => {
    const identity = newIdentity();
    const entry = {
      id: 'usage-t1',
      userId: identity.userId,
      type: 'usage' as const,
      amount: -1,
      description: 'Thread generated',
      createdAt: '2026-03-01T10:00:00.000Z',
      threadId: 't1',
    };
    await credits.recordLedgerEntry(entry);
    await credits.recordLedgerEntry(entry);
    await credits.recordLedgerEntry({
      ...entry,
      id: 'usage-t2',
      threadId: 't2',
      createdAt: '2026-03-01T11:00:00.000Z',
    });
    const ledger = (await credits.listLedgerForUser(identity.userId)).filter((item) => item.type === 'usage');
    expect(ledger.map((item) => item.id)).toEqual(['usage-t2', 'usage-t1']);
    expect(ledger[0]).toMatchObject({ type: 'usage', amount: -1 });
  });
});
