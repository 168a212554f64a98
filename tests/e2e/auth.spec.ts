import { expect, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { fillCredentials, signOut, signUp, withAccountMenu } from './support/accounts';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

test('sign up, see the email in the user menu, sign out, sign in again', async ({ page }) => {
  const email = 'new-curator@example.com';
  await signUp(page, stack.url, email);
  const menuButton = page.getByRole('button', { name: `Account menu for ${email}` });
  await withAccountMenu(page, email, () =>
    expect(page.getByText(email, { exact: true })).toBeVisible({ timeout: 2_000 }),
  );
  await expect(page.getByRole('region', { name: 'Credit balance' })).toContainText('Available');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText("You've been successfully signed out.")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).not.toContainText('My Threads');

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You've successfully signed in.")).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);
  await expect(menuButton).toBeVisible();

  // The session survives a reload (tokens in storage, Amplify loaded after first paint).
  await page.reload();
  await expect(menuButton).toBeVisible();
});

test('a wrong password is reported without the raw error', async ({ page }) => {
  await signUp(page, stack.url, 'wrong-password@example.com');
  await signOut(page, 'wrong-password@example.com');

  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, 'wrong-password@example.com', 'not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password. Please check your credentials and try again.' }),
  ).not.toHaveCount(0);
  await expect(page).toHaveURL(/\/auth$/);
});

test('after sign-in a pending url and tone lead to /create', async ({ page }) => {
  await signUp(page, stack.url, 'pending-url@example.com');
  await signOut(page, 'pending-url@example.com');

  await page.goto(`${stack.url}/auth?url=${encodeURIComponent('https://example.com/story')}&tone=casual`);
  await expect(page.getByText('Sign in to continue generating your thread')).toBeVisible();
  await fillCredentials(page, 'pending-url@example.com');
  await page.getByRole('button', { name: 'Sign In' }).click();
  // /create then mirrors its own flow state (step=…) into the same query.
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/create' &&
      url.searchParams.get('url') === 'https://example.com/story' &&
      url.searchParams.get('tone') === 'casual',
  );
});

test('a signed-out visit to a signed-in page returns there after sign-in', async ({ page }) => {
  await signUp(page, stack.url, 'redirect-back@example.com');
  await signOut(page, 'redirect-back@example.com');

  await page.goto(`${stack.url}/history`);
  await expect(page).toHaveURL(`${stack.url}/auth?redirect=%2Fhistory`);
  await fillCredentials(page, 'redirect-back@example.com');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${stack.url}/history`);
  await expect(page.getByRole('heading', { name: 'My Threads' })).toBeVisible();
});

test('signing up with an existing email signs in with those credentials', async ({ page }) => {
  await signUp(page, stack.url, 'twice@example.com');
  await signOut(page, 'twice@example.com');

  await page.goto(`${stack.url}/auth`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await fillCredentials(page, 'twice@example.com');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText("You've been signed in successfully.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for twice@example.com' })).toBeVisible();
});

test('the Admin Portal link shows for the local admin only', async ({ page }) => {
  await signUp(page, stack.url, 'not-admin@example.com');
  await expect(page.getByRole('button', { name: 'Account menu for not-admin@example.com' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('My Threads');
  await expect(page.getByRole('navigation', { name: 'Main' })).not.toContainText('Admin Portal');
  await signOut(page, 'not-admin@example.com');

  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, 'admin@threadsnip.local', 'threadsnip-admin');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Portal' }),
  ).toBeVisible();
});
