import { expect, type Page } from '@playwright/test';

/** The password every e2e account uses. */
export const E2E_PASSWORD = 'curator-pass-1';

/** Fills the /auth form's email and password. */
export async function fillCredentials(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Signs in on /auth and waits for the redirect home that follows. */
export async function signInOnPage(page: Page, baseUrl: string, email: string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
}

/** Signs up on /auth (the local stack confirms at once) and waits for the redirect home that follows. */
export async function signUp(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`${baseUrl}/`);
}

/**
 * Opens the user menu and returns once `ready` passes inside it. The menu closes on navigation: one
 * that lands just after it opened (the sign-in redirect finishing on a slow machine) closes it
 * again, so it is opened until `ready` passes.
 */
export async function withAccountMenu(page: Page, email: string, ready: () => Promise<void>): Promise<void> {
  const menu = page.getByRole('button', { name: `Account menu for ${email}` });
  await expect(async () => {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await ready();
  }).toPass({ timeout: 30_000 });
}

/** Signs out through the user menu and waits for the confirmation toast. */
export async function signOut(page: Page, email: string): Promise<void> {
  await withAccountMenu(page, email, () => page.getByRole('button', { name: 'Sign Out' }).click({ timeout: 2_000 }));
  await expect(page.getByText("You've been successfully signed out.")).toBeVisible();
}
