import { expect, type Page, test } from '@playwright/test';
import { signUp as apiSignUp } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { E2E_PASSWORD, fillCredentials } from './support/accounts';

const ADMIN = { email: 'admin@threadsnip.local', password: 'threadsnip-admin' };

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
}

/** A fresh regular account signed in on this page. */
async function signedInUser(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  await apiSignUp(stack.url, email, E2E_PASSWORD);
  await signIn(page, email, E2E_PASSWORD);
  return email;
}

test('a regular user typing /admin (or an admin subpage) lands on /', async ({ page }) => {
  await signedInUser(page, 'curious');

  for (const path of ['/admin', '/admin/users', '/admin/settings']) {
    await page.goto(`${stack.url}${path}`);
    await expect(page).toHaveURL(`${stack.url}/`);
  }
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('the admin reaches the admin portal', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto(`${stack.url}/admin`);

  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/admin`);
});
