import { describe, expect, it } from 'vitest';

// credit-checkout.ts builds the DynamoDB client at import, from this configuration; no call is made.
Object.assign(process.env, { TABLE_NAME: 'threadsnip-unit-never-used', APP_PUBLIC_URL: 'http://localhost:3000' });
const { testCheckoutToFulfil } = await import('#functions/services/payments/credit-checkout');

const issued = {
  sessionId: 'test_7f0c1a52-issued',
  userId: 'user-a',
  packageId: 'popular',
  credits: 100,
  createdAt: '2026-03-01T12:00:00.000Z',
};

/** The error a call threw (the test fails if it threw none). */
function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('the completion was not refused');
}

const notFound = {
  status: 404,
  code: 'checkout_session_not_found',
  message: 'This checkout was not found. Please start your purchase again from Credits.',
};

describe('completing the local test checkout', () => {
  it('refuses a made-up session id (none was issued) as not found, granting nothing', () => {
    expect(refusal(() => testCheckoutToFulfil(null, { userId: 'user-a', packageId: 'agency' }))).toMatchObject(
      notFound,
    );
  });

  it("refuses another user's session and the right session for another package", () => {
    expect(refusal(() => testCheckoutToFulfil(issued, { userId: 'user-b', packageId: 'popular' }))).toMatchObject(
      notFound,
    );
    expect(refusal(() => testCheckoutToFulfil(issued, { userId: 'user-a', packageId: 'agency' }))).toMatchObject(
      notFound,
    );
  });

  it('fulfils the session issued to the caller with the credits it was issued for', () => {
    expect(testCheckoutToFulfil(issued, { userId: 'user-a', packageId: 'popular' })).toEqual({
      sessionId: 'test_7f0c1a52-issued',
      userId: 'user-a',
      packageId: 'popular',
      credits: 100,
    });
  });
});
