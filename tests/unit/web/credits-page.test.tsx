// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreditsPage } from '#web/features/credits/routes/credits-page';
import { LOCAL_RUNTIME_CONFIG, LocationProbe, renderRoutes, signedInAuth, testProfile } from './test-utils';

vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token' } }),
  mayHaveSession: () => false,
}));

const PACKAGES = [
  { id: 'ten', name: 'Ten', credits: 10, priceCents: 100, isActive: true, sortOrder: 1 },
  { id: 'popular', name: 'Popular', credits: 100, priceCents: 799, isActive: true, sortOrder: 2 },
  { id: 'big', name: 'Big', credits: 250, priceCents: 1799, isActive: true, sortOrder: 3 },
];

const fetchMock = vi.fn<typeof fetch>();
let checkoutAnswer: () => Promise<Response>;
let verifyAnswer: () => Response;

beforeEach(() => {
  fetchMock.mockReset();
  checkoutAnswer = async () => Response.json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
  verifyAnswer = () => Response.json({ credits: 100 });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    if (url === '/api/me') return Response.json(testProfile(true));
    if (url === '/api/credit-packages') return Response.json({ packages: PACKAGES });
    if (url === '/api/credits/checkout') return checkoutAnswer();
    if (url === '/api/credits/verify-payment') return verifyAnswer();
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCredits(entry = '/credits') {
  return renderRoutes(
    [
      { path: '/credits', element: <CreditsPage /> },
      { path: '*', element: <LocationProbe /> },
    ],
    { auth: signedInAuth(), initialEntries: [entry] },
  );
}

/** Answers the checkout request with `answer`, clicks Buy on /credits and returns the tab Buy opened. */
async function buyWith(answer: () => Promise<Response>) {
  checkoutAnswer = answer;
  const tab = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  renderCredits();
  await screen.findByRole('radio', { name: /100 credits/ });
  await userEvent.click(screen.getByRole('button', { name: 'Buy' }));
  return tab;
}

describe('/credits', () => {
  it('shows the balance, the Admin badge, and the 100 pack preselected as Most Popular with prices', async () => {
    renderCredits();
    const popular = await screen.findByRole('radio', { name: /100 credits/ });
    expect((popular as HTMLInputElement).checked).toBe(true);
    const popularRow = popular.closest('label') as HTMLElement;
    expect(within(popularRow).getByText('Most Popular')).toBeTruthy();
    expect(within(popularRow).getByText('€7.99')).toBeTruthy();
    expect(within(popularRow).getByText('€0.80 per 10 credits')).toBeTruthy();
    expect(within(popularRow).getByText('Save 20%')).toBeTruthy();
    // A package at the baseline price saves nothing, so it has no badge.
    const ten = screen.getByRole('radio', { name: /^Ten/ }).closest('label') as HTMLElement;
    expect(within(ten).queryByText(/Save/)).toBeNull();
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByTestId('free-credits').textContent).toBe('4');
    expect(screen.getByTestId('paid-credits').textContent).toBe('5');
    expect(screen.getByTestId('total-credits').textContent).toBe('9');
    expect(screen.getByText('Low')).toBeTruthy();
  });

  it('opens the checkout in a new tab, with Buy disabled while it opens', async () => {
    let release: () => void = () => undefined;
    checkoutAnswer = () =>
      new Promise((resolve) => {
        release = () => resolve(Response.json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
      });
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderCredits();
    await screen.findByRole('radio', { name: /100 credits/ });

    await userEvent.click(screen.getByRole('button', { name: 'Buy' }));

    const opening = await screen.findByRole('button', { name: 'Opening checkout…' });
    expect((opening as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(tab.location.href).toBe('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/api/credits/checkout')?.[1]?.body));
    expect(body).toEqual({ packageId: 'popular' });
  });

  it("opens the local test checkout's path on the origin this page is on", async () => {
    const tab = await buyWith(async () =>
      Response.json({ url: '/credits/test-checkout?package_id=popular&session_id=test_1' }),
    );

    await waitFor(() =>
      expect(tab.location.href).toBe(
        `${window.location.origin}/credits/test-checkout?package_id=popular&session_id=test_1`,
      ),
    );
  });

  it("refuses a checkout address on another host given as '//host' and says 'Purchase Failed'", async () => {
    const tab = await buyWith(async () => Response.json({ url: '//evil.example/credits/test-checkout' }));

    expect(await screen.findByText('Purchase Failed')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });

  it("says 'Purchase Failed' and closes the tab when the checkout cannot be made", async () => {
    const tab = await buyWith(async () =>
      Response.json(
        { error: 'Failed to create checkout session. Please try again.', code: 'payment_provider_failed' },
        { status: 502 },
      ),
    );

    expect(await screen.findByText('Purchase Failed')).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
  });

  it('verifies the payment return once, announces it and removes the parameters', async () => {
    const { router } = renderCredits('/credits?success=true&session_id=cs_test_1');

    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/credits');
    expect(screen.getByText('100 credits have been added to your account.')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/credits/verify-payment')).toHaveLength(1),
    );
    const body = JSON.parse(
      String(fetchMock.mock.calls.find(([url]) => url === '/api/credits/verify-payment')?.[1]?.body),
    );
    expect(body).toEqual({ sessionId: 'cs_test_1' });
  });

  it("says 'Payment Verification Failed' when the session is not the caller's paid one", async () => {
    verifyAnswer = () =>
      Response.json(
        {
          error: "Please contact support if credits weren't added to your account.",
          code: 'payment_verification_failed',
        },
        { status: 400 },
      );
    renderCredits('/credits?success=true&session_id=cs_test_other');

    expect(await screen.findByText('Payment Verification Failed')).toBeTruthy();
  });
});
