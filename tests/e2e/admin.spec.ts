import { expect, type Page, test } from '@playwright/test';
import { api, signIn as apiSignIn, signUp as apiSignUp } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import { E2E_PASSWORD, fillCredentials } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

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

test('the admin walks the portal by keyboard and the sidebar, and toggles a user role', async ({ page }) => {
  const { UserSub: promotedId } = await apiSignUp(stack.url, `promoted-${Date.now()}@example.com`, E2E_PASSWORD);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  // On a wide screen the sidebar stands beside the page, with no drawer button.
  await expect(page.getByRole('button', { name: 'Admin menu' })).toBeHidden();
  await expect(sidebar).toContainText('credits');
  await expect(page.getByRole('definition').first()).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByRole('heading', { name: 'Recent Users' })).toBeVisible();
  await expect(page.getByText(/^promoted-\d+/)).toBeVisible();
  await expectNoSeriousViolations(page);

  await sidebar.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'Transactions', exact: true })).toBeVisible();
  await expect(page.getByText('Total Transactions')).toBeVisible();
  await expectNoSeriousViolations(page);
  await sidebar.getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
  await expect(page.getByText('Total Orders')).toBeVisible();
  await expectNoSeriousViolations(page);

  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText('99.9%')).toBeVisible();
  const mastodon = page.getByRole('checkbox', { name: /^Mastodon/ });
  await expect(mastodon).toBeChecked();
  // The toggle shows the server's state, so it changes once the update is saved: click, then wait.
  await mastodon.click();
  await expect(page.getByRole('checkbox', { name: 'Mastodon disabled' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Mastodon disabled' })).not.toBeChecked();
  await expectNoSeriousViolations(page);
  await page.getByRole('checkbox', { name: 'Mastodon disabled' }).click();
  await expect(page.getByRole('checkbox', { name: 'Mastodon enabled' })).toBeChecked();

  await sidebar.getByRole('link', { name: 'Users' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${stack.url}/admin/users`);
  const row = page.getByRole('row').filter({ hasText: promotedId.slice(0, 8) });
  await expect(row).toContainText('promoted-');
  await expect(row.getByRole('cell', { name: 'user', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await row.getByRole('button', { name: /^Make Admin/ }).click();
  await expect(page.getByText('User role updated')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Remove Admin/ }).click();
  await expect(row.getByRole('cell', { name: 'user', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Make Admin/ })).toBeVisible();
});

test('the admin views and deletes any user’s thread from the Threads page', async ({ page }) => {
  const stamp = Date.now();
  const { UserSub: ownerId } = await apiSignUp(stack.url, `owner-${stamp}@example.com`, E2E_PASSWORD);
  const thread = seededThread(ownerId, 1, { title: `Admin-visible thread ${stamp}`, isSensitiveContent: true });
  await seedThreads(stack, [thread]);
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto(`${stack.url}/admin`);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Threads' }).click();
  const row = page.getByRole('row').filter({ hasText: thread.title });
  await expect(row).toContainText(`owner-${stamp}`);
  await expect(row).toContainText('Sensitive');
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: `View: ${thread.title}` }).click();
  await expect(page.getByRole('heading', { name: thread.title })).toBeVisible();
  await expect(page.getByText(thread.posts[0]!.content)).toBeVisible();
  await page.getByRole('link', { name: 'Back to threads' }).click();

  await row.getByRole('button', { name: `Delete: ${thread.title}` }).click();
  await expect(page.getByText('Thread deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('below 768 px the admin sidebar is a drawer opened by its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/admin`);
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar).toBeHidden();

  await page.getByRole('button', { name: 'Admin menu' }).click();
  await expect(sidebar).toBeVisible();
  await expectNoSeriousViolations(page);
  await sidebar.getByRole('link', { name: 'Users' }).click();

  await expect(page).toHaveURL(`${stack.url}/admin/users`);
  await expect(sidebar).toBeHidden();
});

test('the admin reads the security log by keyboard, filtered by type and user, and loads more', async ({ page }) => {
  // A regular user whose header asked is_admin 51 times: 51 refused checks, one more than a page.
  const email = `prober-${Date.now()}@example.com`;
  const { UserSub: proberId } = await apiSignUp(stack.url, email, E2E_PASSWORD);
  const { idToken } = await apiSignIn(stack.url, email, E2E_PASSWORD);
  for (let batch = 0; batch < 51; batch += 17) {
    const checks = Array.from({ length: 17 }, () => api(stack.url, '/api/me/is-admin', { token: idToken }));
    for (const check of await Promise.all(checks)) expect(check.body).toEqual({ isAdmin: false });
  }
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/admin`);

  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  await sidebar.getByRole('link', { name: 'Security' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  // Newest first: the admin's own checks of this very visit are on top.
  await expect(page.getByRole('row').nth(1)).toContainText('admin_access_check');

  await page.getByLabel('Event type').focus();
  await page.getByLabel('Event type').selectOption('admin_access_check_failed');
  await page.keyboard.press('Tab');
  await page.keyboard.type(proberId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/security\?type=admin_access_check_failed&userId=/);
  await expect(page.getByText('50 events, newest first')).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'admin_access_check_failed' });
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText(proberId.slice(0, 8));
  await expect(rows.first()).toContainText('GET /api/me/is-admin');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Load More Events' }).click();
  await expect(page.getByText('51 events, newest first')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load More Events' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(`${stack.url}/admin/security`);
  await expect(page.getByLabel('User ID')).toHaveValue('');
});

test('the admin refreshes admin credits from Settings and sees every credit package', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/admin/settings`);

  const packages = page.getByRole('region', { name: 'Credit packages table' });
  const hundredPack = packages.getByRole('row').filter({ has: page.getByRole('cell', { name: '100', exact: true }) });
  await expect(hundredPack).toContainText('Active');
  await expect(packages.getByRole('row')).toHaveCount(5);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Refresh Admin Credits' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Free credits set to 100 for \d+ admins?\.$/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toContainText(/\d{3,} credits/);
});

test('the admin finds a new team on the Workspaces page with its owner, members and balance', async ({ page }) => {
  const email = `team-owner-${Date.now()}@example.com`;
  await apiSignUp(stack.url, email, E2E_PASSWORD);
  const { idToken } = await apiSignIn(stack.url, email, E2E_PASSWORD);
  const name = `Harbour desk ${Date.now()}`;
  const created = await api(stack.url, '/api/workspaces', { token: idToken, method: 'POST', body: { name } });
  expect(created.status).toBe(201);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto(`${stack.url}/admin`);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Workspaces' }).click();

  await expect(page).toHaveURL(`${stack.url}/admin/workspaces`);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expect(row).toContainText('0 paid · 0 free · 0 used');
  await expect(row).toContainText('No threads yet');
  await row.getByText('1 member', { exact: true }).click();
  await expect(row.getByRole('list', { name: `Members of ${name}` })).toHaveText(`${email} Owner`);
  await expectNoSeriousViolations(page);
});
