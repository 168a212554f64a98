import { expect, type Page, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { E2E_PASSWORD, fillCredentials, signOut, signUp, withAccountMenu } from './support/accounts';
import { localUserPoolId, readConfirmationCode, waitForNewConfirmationCode } from './support/local-cognito';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const INVALID_CREDENTIALS = 'Invalid email or password. Please check your credentials and try again.';

/** Signs in on /auth and waits for the redirect home. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText("You've successfully signed in.")).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);
}

/** Tries to sign in and expects the spec's invalid-credentials message, staying on /auth. */
async function expectSignInRefused(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).not.toHaveCount(0);
  await expect(page).toHaveURL(`${stack.url}/auth`);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toHaveCount(0);
}

test.describe('the mobile menu at 375 px', () => {
  test('signed out it offers the navigation and Sign In, and closes after navigating', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${stack.url}/`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu).not.toContainText('My Threads');
    await menu.getByRole('link', { name: 'Create Thread' }).click();
    await expect(page).toHaveURL(`${stack.url}/create`);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test("signed in it shows 'Signed in as' with the email, closes after navigation and after sign-out", async ({
    page,
  }) => {
    const email = 'mobile-menu@example.com';
    await signUp(page, stack.url, email);
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toContainText(`Signed in as ${email}`);
    await expect(menu.getByRole('region', { name: 'Credit balance' })).toContainText('Available');
    await menu.getByRole('link', { name: 'My Threads' }).click();
    await expect(page).toHaveURL(`${stack.url}/history`);
    await expect(menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(`${stack.url}/account-settings`);
    await expect(menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(menu).toHaveCount(0);
    await expect(page.getByText("You've been successfully signed out.")).toBeVisible();
    // Signed out on a signed-in page: moved to /auth.
    await expect(page).toHaveURL(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).not.toContainText('Signed in as');
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test('forgot password: the e-mailed code sets a new password that signs in; the old one no longer works', async ({
  page,
}) => {
  const email = 'forgetful@example.com';
  const newPassword = 'brand-new-pass-2';
  await signUp(page, stack.url, email);
  await signOut(page, email);
  const signUpCode = readConfirmationCode(stack, await localUserPoolId(stack), email);

  await page.goto(`${stack.url}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password reset email sent! Check your inbox' }),
  ).toBeVisible();
  await expect(page.getByText('Please check your email for the password reset link.')).toBeVisible();
  const code = await waitForNewConfirmationCode(stack, email, signUpCode);

  // A wrong code is refused with a readable message, and the form stays on the reset step.
  const wrongCode = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Reset code').fill(wrongCode);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid or expired code' })).toBeVisible();

  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("You've successfully signed in.")).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

  await signOut(page, email);
  await signIn(page, email, newPassword);
  await signOut(page, email);
  await expectSignInRefused(page, email, E2E_PASSWORD);
});

test('deleting the account asks for the email, signs out, goes home, and the credentials stop working', async ({
  page,
}) => {
  const email = 'leaving@example.com';
  await signUp(page, stack.url, email);
  await withAccountMenu(page, email, () =>
    page.getByRole('banner').getByRole('link', { name: 'Account Settings' }).click({ timeout: 2_000 }),
  );
  await expect(page).toHaveURL(`${stack.url}/account-settings`);

  const dangerZone = page.getByRole('region', { name: 'Danger Zone' });
  await dangerZone.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  await expect(dialog).toBeVisible();
  const confirmInput = dialog.getByLabel('Type your email address to confirm');
  const deleteButton = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirmInput).toBeFocused();
  await expect(deleteButton).toBeDisabled();
  await confirmInput.fill('leaving@example.co');
  await expect(deleteButton).toBeDisabled();
  await confirmInput.fill('someone-else@example.com');
  await expect(deleteButton).toBeDisabled();

  // Cancel keeps the account; the dialog opens empty again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await dangerZone.getByRole('button', { name: 'Delete Account' }).click();
  await expect(confirmInput).toHaveValue('');

  // The check ignores case, as the server's does.
  await confirmInput.fill(email.toUpperCase());
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();
  await expect(page.getByText('Account Deleted')).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toHaveCount(0);

  await expectSignInRefused(page, email, E2E_PASSWORD);

  // The Cognito user is gone too: the same email now signs up as a brand-new account.
  await page.getByRole('button', { name: 'Sign up' }).click();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/`);
});

test.describe('bad input on /auth gives the spec messages, never a raw error', () => {
  test('an unknown email is refused like a wrong password', async ({ page }) => {
    await expectSignInRefused(page, 'nobody-here@example.com', E2E_PASSWORD);
  });

  test('a weak sign-up password rejected by Cognito names the 6-character rule', async ({ page }) => {
    // cognito-local does not enforce the pool's password policy, so answer as Cognito does.
    await page.route('**/local-auth', async (route) => {
      if (!route.request().headers()['x-amz-target']?.endsWith('.SignUp')) return route.continue();
      await route.fulfill({
        status: 400,
        headers: { 'x-amzn-errortype': 'InvalidPasswordException:' },
        contentType: 'application/x-amz-json-1.1',
        body: JSON.stringify({
          __type: 'InvalidPasswordException',
          message: 'Password did not conform with policy: Password not long enough',
        }),
      });
    });
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await fillCredentials(page, 'short-password@example.com', 'abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Password requirements not met. Please ensure your password is at least 6 characters long.',
      }),
    ).not.toHaveCount(0);
    await expect(page.getByText('Sign up failed')).toBeVisible();
    await expect(page).toHaveURL(`${stack.url}/auth`);
  });

  test('an unreachable sign-in service is reported as a connection problem', async ({ page }) => {
    await signUp(page, stack.url, 'offline@example.com');
    await signOut(page, 'offline@example.com');
    await page.goto(`${stack.url}/auth`);
    await page.route('**/local-auth', (route) => route.abort('internetdisconnected'));
    await fillCredentials(page, 'offline@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unable to reach the sign-in service.' })).not.toHaveCount(
      0,
    );
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  test('signing out while the server call fails still signs out on this device', async ({ page }) => {
    const email = 'sign-out-offline@example.com';
    await signUp(page, stack.url, email);
    await page.route('**/local-auth', (route) => route.abort('internetdisconnected'));
    await signOut(page, email);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.unroute('**/local-auth');
    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toHaveCount(0);
  });
});

test.describe('session renewal in local mode', () => {
  /**
   * Makes the stored tokens look expired to Amplify (as if the server clock were two days ahead), as
   * the next page starts and before the app's scripts run: the page signed in on may still be storing
   * its session (Amplify loads after first paint) and would otherwise write the clock drift back.
   */
  async function ageStoredSession(page: Page, options: { revokeRefreshToken: boolean }): Promise<void> {
    await page.addInitScript(({ revokeRefreshToken }) => {
      for (const key of Object.keys(localStorage)) {
        if (key.endsWith('.clockDrift')) localStorage.setItem(key, String(48 * 3600 * 1000));
        if (revokeRefreshToken && key.endsWith('.refreshToken')) localStorage.setItem(key, 'revoked');
      }
    }, options);
  }

  test('an expired session is renewed with the refresh token and the user stays signed in', async ({ page }) => {
    const email = 'long-session@example.com';
    await signUp(page, stack.url, email);
    await ageStoredSession(page, { revokeRefreshToken: false });

    const refresh = page.waitForRequest(
      (request) => request.url().endsWith('/local-auth') && /REFRESH_TOKEN_AUTH/.test(request.postData() ?? ''),
    );
    const me = page.waitForResponse((response) => response.url().endsWith('/api/me'));
    await page.goto(`${stack.url}/history`);
    await refresh;
    expect((await me).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'My Threads' })).toBeVisible();
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  });

  test('a session whose refresh token is refused ends signed out, sent to /auth', async ({ page }) => {
    await signUp(page, stack.url, 'refused-refresh@example.com');
    await ageStoredSession(page, { revokeRefreshToken: true });
    await page.goto(`${stack.url}/history`);
    await expect(page).toHaveURL(`${stack.url}/auth?redirect=%2Fhistory`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
