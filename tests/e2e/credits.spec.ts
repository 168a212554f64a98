import { expect, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';

let stack: StartedStack;

test.beforeAll(async () => {
  // No Stripe key: Buy opens the app's own test checkout, fulfilled by the same code as Stripe's.
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

test('buys the 100 pack through the local test checkout, once, however often the return page loads', async ({
  page,
}) => {
  const email = `buyer-${Date.now()}@example.com`;
  await signUp(page, stack.url, email);
  await page.goto(`${stack.url}/credits`);
  await expect(page.getByTestId('free-credits')).toHaveText('5');
  await expect(page.getByTestId('paid-credits')).toHaveText('0');
  const popular = page.getByRole('radio', { name: /100 credits/ });
  await expect(popular).toBeChecked();
  await expect(page.locator('label', { has: popular })).toContainText('Most Popular');

  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/credits\/test-checkout\?/);
  await expect(checkout.getByText('TEST MODE · no real payment is taken')).toBeVisible();
  await expect(checkout.getByText('€7.99')).toBeVisible();
  const sessionId = new URL(checkout.url()).searchParams.get('session_id');
  await checkout.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(checkout.getByText('Payment Successful!')).toBeVisible();
  await expect(checkout.getByText('100 credits have been added to your account.')).toBeVisible();
  await expect(checkout).toHaveURL(`${stack.url}/credits`);
  await expect(checkout.getByTestId('paid-credits')).toHaveText('100');
  await expect(checkout.getByTestId('total-credits')).toHaveText('105');

  await checkout.getByRole('button', { name: 'View Usage History' }).click();
  const purchase = checkout.getByRole('listitem').filter({ hasText: 'Purchased 100 credits' });
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText('+100');

  // Reloading the success URL verifies the same session again and adds nothing.
  await checkout.goto(`${stack.url}/credits?success=true&session_id=${sessionId}`);
  await expect(checkout).toHaveURL(`${stack.url}/credits`);
  await expect(checkout.getByText('Payment Successful!').first()).toBeVisible();
  await checkout.reload();
  await expect(checkout.getByTestId('paid-credits')).toHaveText('100');
  await checkout.getByRole('button', { name: 'View Usage History' }).click();
  await expect(checkout.getByRole('listitem').filter({ hasText: 'Purchased 100 credits' })).toHaveCount(1);

  // Cancel on the test checkout returns to /credits without buying.
  await page.reload();
  const secondPopup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const cancelled = await secondPopup;
  await cancelled.waitForURL(/\/credits\/test-checkout\?/);
  // The page is ready once its session is shown; a Cancel clicked while it still loads can be lost.
  await expect(cancelled.getByRole('button', { name: 'Complete test payment' })).toBeVisible();
  await cancelled.getByRole('link', { name: 'Cancel' }).click();
  await expect(cancelled).toHaveURL(`${stack.url}/credits`);
  await expect(cancelled.getByTestId('paid-credits')).toHaveText('100');
});

test('Buy on http://127.0.0.1 opens the test checkout on that same origin, where a made-up session is refused', async ({
  page,
}) => {
  // The stack knows itself as localhost (APP_PUBLIC_URL); the user opened it by IP, another origin.
  const origin = stack.url.replace('//localhost:', '//127.0.0.1:');
  expect(origin).not.toBe(stack.url);
  await signUp(page, origin, `ip-buyer-${Date.now()}@example.com`);

  // A checkout this user was never issued adds nothing and says why.
  await page.goto(`${origin}/credits/test-checkout?package_id=agency&session_id=test_made-up-by-hand`);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(
    page.getByText('This checkout was not found. Please start your purchase again from Credits.'),
  ).toBeVisible();

  await page.goto(`${origin}/credits`);
  await expect(page.getByTestId('paid-credits')).toHaveText('0');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/credits\/test-checkout\?/);

  expect(new URL(checkout.url()).origin).toBe(origin);
  await checkout.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(checkout.getByText('100 credits have been added to your account.')).toBeVisible();
  await expect(checkout).toHaveURL(`${origin}/credits`);
  await expect(checkout.getByTestId('paid-credits')).toHaveText('100');
});
