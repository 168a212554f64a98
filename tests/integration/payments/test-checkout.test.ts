import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newUser } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';

// The local test checkout on the real stack (no Stripe key: Buy opens the app's own checkout):
// only a session POST /api/credits/checkout issued to the caller, for that package, adds credits.

let stack: StartedStack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.cleanup();
});

async function buyer() {
  const { tokens } = await newUser(stack.url, 'tester');
  return tokens.idToken;
}

async function openCheckout(token: string, packageId: string) {
  const checkout = await api(stack.url, '/api/credits/checkout', { token, method: 'POST', body: { packageId } });
  expect(checkout.status).toBe(200);
  return checkout.body.url as string;
}

function sessionOf(checkoutUrl: string) {
  return new URL(checkoutUrl, stack.url).searchParams.get('session_id') ?? '';
}

function complete(token: string, sessionId: string, packageId: string) {
  return api(stack.url, '/api/credits/test-checkout', { token, method: 'POST', body: { sessionId, packageId } });
}

async function paidState(token: string) {
  const me = await api(stack.url, '/api/me', { token });
  const ledger = await api(stack.url, '/api/credits/transactions', { token });
  const purchases = (ledger.body.transactions as Array<{ description: string }>).filter((entry) =>
    entry.description.startsWith('Purchased'),
  );
  return { paidCredits: me.body.credits.paidCredits as number, purchases: purchases.length };
}

const NOT_FOUND = {
  status: 404,
  body: {
    error: 'This checkout was not found. Please start your purchase again from Credits.',
    code: 'checkout_session_not_found',
  },
};

describe('the local test checkout', () => {
  it('hands Buy a path on the app itself, so the browser opens it on the origin the user is on', async () => {
    const token = await buyer();
    const url = await openCheckout(token, 'popular');
    expect(url).toMatch(/^\/credits\/test-checkout\?package_id=popular&session_id=test_[0-9a-f-]{36}$/);
  });

  it('refuses made-up session ids with 404, adding nothing', async () => {
    const token = await buyer();
    const madeUp = ['test_1', 'test_00000000-0000-4000-8000-000000000000', `test_${crypto.randomUUID()}`];

    const answers = await Promise.all(madeUp.map((sessionId) => complete(token, sessionId, 'agency')));

    for (const answer of answers) expect(answer).toEqual(NOT_FOUND);
    expect(await paidState(token)).toEqual({ paidCredits: 0, purchases: 0 });
  });

  it("refuses a session issued to another user, and the caller's own for another package", async () => {
    const alice = await buyer();
    const bob = await buyer();
    const alicesSession = sessionOf(await openCheckout(alice, 'starter'));

    expect(await complete(bob, alicesSession, 'starter')).toEqual(NOT_FOUND);
    expect(await complete(alice, alicesSession, 'agency')).toEqual(NOT_FOUND);

    expect(await paidState(bob)).toEqual({ paidCredits: 0, purchases: 0 });
    expect(await paidState(alice)).toEqual({ paidCredits: 0, purchases: 0 });
  });

  it('adds the credits of the session issued to the caller, once however often it is completed', async () => {
    const token = await buyer();
    const sessionId = sessionOf(await openCheckout(token, 'popular'));

    const first = await complete(token, sessionId, 'popular');
    const again = await complete(token, sessionId, 'popular');
    const returnPage = await api(stack.url, '/api/credits/verify-payment', {
      token,
      method: 'POST',
      body: { sessionId },
    });

    expect(first).toEqual({ status: 200, body: { credits: 100 } });
    expect(again).toEqual({ status: 200, body: { credits: 100 } });
    expect(returnPage).toEqual({ status: 200, body: { credits: 100 } });
    expect(await paidState(token)).toEqual({ paidCredits: 100, purchases: 1 });
  });
});
