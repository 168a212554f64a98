import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPair, jwtVerify, SignJWT } from 'jose';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '#functions/manifest';
import { createApiBridge } from '#local/api-bridge';
import { startFakeStripe } from '../../fakes/stripe-server';
import { articlePage } from '../../helpers/article-server';
import { api } from '../../helpers/auth-client';
import { captureJsonLines } from '../../helpers/captured-output';
import { startGenerationQueue } from '../../helpers/queue-harness';
import { addTeamMember } from '../../helpers/team-members';

const SECRET_KEY = 'sk_test_threadsnip_local';
const WEBHOOK_SECRET = 'whsec_threadsnip_local_test';

// Arrange once: the fake Stripe API, the table, the generation queue, and the API bridge serving
// the manifest's routes with tokens signed by a key of this test (verified like the JWT authorizer).
const stripeApi = await startFakeStripe(SECRET_KEY);
Object.assign(process.env, {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: stripeApi.url,
});
const pipeline = await startGenerationQueue(
  '/harbour',
  articlePage({
    title: 'The harbour that learned to float',
    paragraphs: Array.from(
      { length: 6 },
      (_, index) =>
        `Season ${index + 1}: the harbour's floating pontoons rise with every tide, so the fishing fleet can land its catch at any hour, and the harbour master logs each boat by hand in a ledger kept since 1921.`,
    ),
  }),
);
const { ensureAccount } = await import('#functions/services/account/accounts');
const { submitGenerationJob } = await import('#functions/services/generation/submit-job');
const jobs = await import('#functions/data/generation-job-repository');
const credits = await import('#functions/data/credits-repository');
const { auditCreditBalances } = await import('#functions/services/credits/audit');
const { handler: midnightJob } = await import('#functions/schedule/refresh-free-credits');

const keyPair = await generateKeyPair('RS256');
const bridge = createApiBridge(routes, async (token) => (await jwtVerify(token, keyPair.publicKey)).payload);
const server = createServer((req, res) => void bridge(req, res, new URL(req.url ?? '/', 'http://localhost')));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const signer = new Stripe(SECRET_KEY);

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await stripeApi.close();
  await pipeline.stop();
});

let counter = 0;
async function newCustomer(now = new Date()) {
  counter++;
  const identity = {
    userId: `buyer-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    email: `buyer${counter}@example.com`,
  };
  await ensureAccount(identity, now);
  const token = await new SignJWT({ email: identity.email, 'cognito:username': identity.userId })
    .setProtectedHeader({ alg: 'RS256' })
    .setSubject(identity.userId)
    .setExpirationTime('1h')
    .sign(keyPair.privateKey);
  return { ...identity, token };
}

/** Posts an event to the webhook as Stripe does: the raw JSON body and its signature header. */
function deliver(payload: string, signature: string) {
  return fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
}

function signed(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
}

async function buyAndPay(customer: { token: string }, packageId = 'popular') {
  const checkout = await api(baseUrl, '/api/credits/checkout', {
    token: customer.token,
    method: 'POST',
    body: { packageId },
  });
  expect(checkout.status).toBe(200);
  const session = [...stripeApi.sessions.values()].find((s) => checkout.body.url === s.url);
  if (!session) throw new Error('the checkout URL is not a session of the fake Stripe');
  return stripeApi.pay(session.id);
}

async function balance(token: string) {
  return (await api(baseUrl, '/api/me', { token })).body.credits;
}

async function purchases(userId: string) {
  return (await credits.listLedgerForUser(userId)).filter((entry) => entry.type === 'purchase');
}

describe('credit packs through Stripe Checkout', () => {
  it('lists the seeded active packages by sort order, one of exactly 100 credits', async () => {
    const customer = await newCustomer();
    const response = await api(baseUrl, '/api/credit-packages', { token: customer.token });
    expect(response.status).toBe(200);
    const packages = response.body.packages as Array<{ credits: number; priceCents: number; sortOrder: number }>;
    expect(packages.length).toBeGreaterThanOrEqual(4);
    expect(packages.filter((pkg) => pkg.credits === 100)).toHaveLength(1);
    expect(packages.map((pkg) => pkg.sortOrder)).toEqual(
      [...packages.map((pkg) => pkg.sortOrder)].sort((a, b) => a - b),
    );
  });

  it('opens a Checkout Session in EUR for the package, with the user and package in its metadata', async () => {
    const customer = await newCustomer();
    const session = await buyAndPay(customer);
    expect(session.metadata).toEqual({ userId: customer.userId, packageId: 'popular', credits: '100' });
    expect(session.client_reference_id).toBe(customer.userId);
    expect(session.success_url).toBe('http://localhost:3000/credits?success=true&session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toBe('http://localhost:3000/credits');
    expect(session.amount_total).toBe(799);
  });

  it("buys for a team workspace: the session names the team, the credits go to the team's balance, and only its owner may buy", async () => {
    const owner = await newCustomer();
    const editor = await newCustomer();
    const team = await api(baseUrl, '/api/workspaces', {
      token: owner.token,
      method: 'POST',
      body: { name: 'Night Desk' },
    });
    expect(team.status).toBe(201);
    await addTeamMember({ id: team.body.id, name: 'Night Desk' }, editor.userId, 'editor', { email: editor.email });
    const inTeam = { 'x-workspace-id': team.body.id };

    const byEditor = await api(baseUrl, '/api/credits/checkout', {
      token: editor.token,
      method: 'POST',
      body: { packageId: 'popular' },
      headers: inTeam,
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.code).toBe('role_forbidden');

    const checkout = await api(baseUrl, '/api/credits/checkout', {
      token: owner.token,
      method: 'POST',
      body: { packageId: 'popular' },
      headers: inTeam,
    });
    expect(checkout.status).toBe(200);
    const session = [...stripeApi.sessions.values()].find((s) => checkout.body.url === s.url)!;
    expect(session.metadata).toMatchObject({ userId: team.body.id });
    expect(JSON.stringify(session.line_items)).toContain(
      '100 ThreadSnip credits for the team workspace \\"Night Desk\\"',
    );
    const paid = await stripeApi.pay(session.id);
    const verified = await api(baseUrl, '/api/credits/verify-payment', {
      token: owner.token,
      method: 'POST',
      body: { sessionId: paid.id },
      headers: inTeam,
    });
    expect(verified.status).toBe(200);
    expect(await credits.getCredits(team.body.id)).toMatchObject({ paidCredits: 100, freeCredits: 0 });
    // The owner's own balance is untouched: free daily credits stay personal.
    expect(await balance(owner.token)).toMatchObject({ paidCredits: 0, freeCredits: 5 });
  });

  it('refuses an unknown package with a 400 and makes no session', async () => {
    const customer = await newCustomer();
    const before = stripeApi.sessions.size;
    const response = await api(baseUrl, '/api/credits/checkout', {
      token: customer.token,
      method: 'POST',
      body: { packageId: 'no-such-pack' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Unknown or inactive credit package', code: 'credit_package_unavailable' });
    expect(stripeApi.sessions.size).toBe(before);
  });

  it('adds the credits once for 5 concurrent and 5 sequential deliveries plus the return page', async () => {
    const customer = await newCustomer();
    const session = await buyAndPay(customer);
    const payload = JSON.stringify(stripeApi.event('checkout.session.completed', session), null, 2);

    let concurrent: Response[] = [];
    const sequential: Response[] = [];
    let verified: Awaited<ReturnType<typeof api>>[] = [];
    const logLines = await captureJsonLines(async () => {
      concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(payload, signed(payload))));
      for (let copy = 0; copy < 5; copy++) sequential.push(await deliver(payload, signed(payload)));
      verified = await Promise.all(
        Array.from({ length: 2 }, () =>
          api(baseUrl, '/api/credits/verify-payment', {
            token: customer.token,
            method: 'POST',
            body: { sessionId: session.id },
          }),
        ),
      );
    });

    expect([...concurrent, ...sequential].map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(verified.map((response) => response.body)).toEqual([{ credits: 100 }, { credits: 100 }]);
    const view = await balance(customer.token);
    expect(view.paidCredits).toBe(100);
    expect(view.availableCredits).toBe(105);
    const bought = await purchases(customer.userId);
    expect(bought).toHaveLength(1);
    expect(bought[0]).toMatchObject({ amount: 100, stripePaymentIntentId: session.payment_intent });
    // The operator's metrics count the payment once too, in the EMF line of the call that added it.
    const fulfilled = logLines.filter((line) => 'PaymentsFulfilled' in line);
    expect(fulfilled).toEqual([
      expect.objectContaining({ PaymentsFulfilled: 1, CreditsPurchased: 100, stage: 'local' }),
    ]);
  });

  it('fulfils on the return page first, and a later webhook adds nothing', async () => {
    const customer = await newCustomer();
    const session = await buyAndPay(customer);
    const verified = await api(baseUrl, '/api/credits/verify-payment', {
      token: customer.token,
      method: 'POST',
      body: { sessionId: session.id },
    });
    const payload = JSON.stringify(stripeApi.event('checkout.session.async_payment_succeeded', session));
    const late = await deliver(payload, signed(payload));

    expect(verified.body).toEqual({ credits: 100 });
    expect(late.status).toBe(200);
    expect((await balance(customer.token)).paidCredits).toBe(100);
    expect(await purchases(customer.userId)).toHaveLength(1);
  });

  it('refuses a bad, missing, old or future-dated signature and a body altered after signing, adding nothing', async () => {
    const customer = await newCustomer();
    const session = await buyAndPay(customer);
    const payload = JSON.stringify(stripeApi.event('checkout.session.completed', session));
    const otherSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const altered = payload.replace('"credits":"100"', '"credits":"1000"');

    const wrongSecret = await deliver(payload, otherSecret);
    const responses = [
      wrongSecret,
      await deliver(payload, ''),
      await deliver(payload, signed(payload, Math.floor(Date.now() / 1000) - 6 * 60)),
      await deliver(payload, signed(payload, Math.floor(Date.now() / 1000) + 6 * 60)),
      await deliver(altered, signed(payload)),
    ];

    expect(responses.map((response) => response.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await wrongSecret.json()).toEqual({
      error: 'The webhook signature does not match its body.',
      code: 'webhook_signature_invalid',
    });
    expect((await balance(customer.token)).paidCredits).toBe(0);
    expect(await purchases(customer.userId)).toHaveLength(0);
  });

  it("adds nothing for another user's session, an unpaid one or an unknown one", async () => {
    const buyer = await newCustomer();
    const other = await newCustomer();
    const paid = await buyAndPay(buyer);
    const unpaidCheckout = await api(baseUrl, '/api/credits/checkout', {
      token: other.token,
      method: 'POST',
      body: { packageId: 'starter' },
    });
    const unpaid = [...stripeApi.sessions.values()].find((s) => s.url === unpaidCheckout.body.url);

    const attempts = await Promise.all(
      [paid.id, unpaid?.id, 'cs_test_unknown'].map((sessionId) =>
        api(baseUrl, '/api/credits/verify-payment', { token: other.token, method: 'POST', body: { sessionId } }),
      ),
    );

    for (const attempt of attempts) {
      expect(attempt.status).toBe(400);
      expect(attempt.body).toMatchObject({
        error: "Please contact support if credits weren't added to your account.",
        code: 'payment_verification_failed',
      });
    }
    expect((await balance(other.token)).paidCredits).toBe(0);
    expect((await balance(buyer.token)).paidCredits).toBe(0);
  });

  it('pages the usage history newest first, and refuses a cursor that is not a ledger position', async () => {
    const customer = await newCustomer();
    for (const packageId of ['starter', 'pro']) {
      const session = await buyAndPay(customer, packageId);
      await api(baseUrl, '/api/credits/verify-payment', {
        token: customer.token,
        method: 'POST',
        body: { sessionId: session.id },
      });
    }

    const first = await api(baseUrl, '/api/credits/transactions?limit=2', { token: customer.token });
    const cursor = encodeURIComponent(first.body.nextCursor);
    const second = await api(baseUrl, `/api/credits/transactions?limit=2&cursor=${cursor}`, { token: customer.token });
    const forged = await api(baseUrl, `/api/credits/transactions?cursor=${encodeURIComponent('PROFILE')}`, {
      token: customer.token,
    });

    expect(first.body.transactions.map((entry: { amount: number }) => entry.amount)).toEqual([250, 20]);
    expect(second.body.transactions.map((entry: { description: string }) => entry.description)).toEqual([
      'Free credits on sign-up',
    ]);
    expect(second.body.nextCursor).toBeUndefined();
    expect(forged.status).toBe(400);
  });

  it("answers 'Purchase Failed' when Stripe fails, changing nothing", async () => {
    const customer = await newCustomer();
    stripeApi.setFailing(true);
    try {
      const response = await api(baseUrl, '/api/credits/checkout', {
        token: customer.token,
        method: 'POST',
        body: { packageId: 'popular' },
      });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({
        error: 'Failed to create checkout session. Please try again.',
        code: 'payment_provider_failed',
      });
    } finally {
      stripeApi.setFailing(false);
    }
    expect((await balance(customer.token)).availableCredits).toBe(5);
  });
});

describe('free credits and spending, re-derived from the ledger', () => {
  it('spends exactly 5 credits on 20 concurrent generations', async () => {
    const customer = await newCustomer();
    const submitted = await Promise.all(
      Array.from({ length: 20 }, () =>
        submitGenerationJob(customer, { url: pipeline.articleUrl, tone: 'professional' }, new Date()),
      ),
    );
    const finished = [];
    for (const job of submitted) {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const state = await jobs.getJob(customer.userId, job.jobId);
        if (state?.status === 'succeeded' || state?.status === 'failed') {
          finished.push(state);
          break;
        }
        if (Date.now() > deadline) throw new Error(`job ${job.jobId} did not finish`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(finished.filter((job) => job.status === 'succeeded')).toHaveLength(5);
    const view = await balance(customer.token);
    expect(view).toMatchObject({ availableCredits: 0, usedCredits: 5 });
  }, 240_000);

  it('refreshes 5 for users and 100 for admins at midnight, once, run twice', async () => {
    const yesterday = new Date('2026-01-10T09:00:00Z');
    const user = await newCustomer(yesterday);
    const admin = { userId: `admin-${Math.random().toString(36).slice(2, 8)}`, email: 'admin@example.com' };
    await ensureAccount(admin, yesterday);
    await credits.consumeCreditForThread(user.userId, 'spent-thread');
    await credits.recordLedgerEntry({
      id: 'usage-spent-thread',
      userId: user.userId,
      type: 'usage',
      amount: -1,
      description: 'Thread generated',
      createdAt: yesterday.toISOString(),
      threadId: 'spent-thread',
    });
    const midnight = { time: '2026-01-11T00:00:00Z' } as never;

    await midnightJob(midnight, {} as never);
    await midnightJob(midnight, {} as never);

    expect(await credits.getCredits(user.userId)).toMatchObject({ freeCredits: 5, lastRefreshDate: '2026-01-11' });
    expect(await credits.getCredits(admin.userId)).toMatchObject({ freeCredits: 100, lastRefreshDate: '2026-01-11' });
    const refreshes = (await credits.listLedgerForUser(user.userId)).filter((entry) => entry.id.startsWith('free-'));
    expect(refreshes).toEqual([expect.objectContaining({ id: 'free-2026-01-11', amount: 1 })]);
  });

  it('finds every balance explained by its ledger after all of the above', async () => {
    const { checked, differences } = await auditCreditBalances();
    expect(checked).toBeGreaterThan(10);
    expect(differences).toEqual([]);
  });

  it('reports a balance changed without a ledger entry', async () => {
    const customer = await newCustomer();
    const { db, tableName } = await import('#functions/data/client');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#functions/data/keys');
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credits(customer.userId),
        UpdateExpression: 'ADD paidCredits :sneaky',
        ExpressionAttributeValues: { ':sneaky': 50 },
      }),
    );

    const { differences } = await auditCreditBalances();

    expect(differences).toEqual([
      { userId: customer.userId, storedAvailable: 55, ledgerAvailable: 5, storedUsed: 0, ledgerUsed: 0 },
    ]);
  });
});
