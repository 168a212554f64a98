import { expect, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp, withAccountMenu } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const publicPages = [
  { path: '/', heading: 'Transform long-form content into digestible threads' },
  { path: '/about', heading: 'About ThreadSnip' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/auth', heading: 'Welcome Back' },
  { path: '/no/such/page', heading: 'Oops! Page not found' },
  { path: '/credits', heading: 'Credits' },
  { path: '/account-settings', heading: 'Sign in required' },
  { path: '/create', heading: null },
];

test.describe('axe-core finds no serious or critical violation', () => {
  // axe reads colours at one instant: a slide caught mid fade-in would be measured half transparent.
  test.use({ reducedMotion: 'reduce' });

  for (const { path, heading } of publicPages) {
    test(`signed out: ${path}`, async ({ page }) => {
      await page.goto(`${stack.url}${path}`);
      if (heading) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      else await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  }

  test('signed out: /auth in sign-up mode', async ({ page }) => {
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Why create an account?' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('signed out: /auth with an error and the mobile menu open at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${stack.url}/auth`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('signed out: the Privacy settings dialog', async ({ page }) => {
    await page.goto(`${stack.url}/about`);
    await page.getByRole('button', { name: 'Privacy settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Privacy settings' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('signed in: /create, /history, /scheduled, /credits, /account-settings, the user menu and the delete dialog', async ({
    page,
  }) => {
    const email = 'axe-reader@example.com';
    await signUp(page, stack.url, email);

    await withAccountMenu(page, email, () =>
      expect(page.getByRole('region', { name: 'Credit balance' })).toContainText('Available', { timeout: 2_000 }),
    );
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');

    for (const path of ['/create', '/history', '/scheduled', '/credits', '/account-settings']) {
      await page.goto(`${stack.url}${path}`);
      await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
      await test.step(path, () => expectNoSeriousViolations(page));
    }

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Account' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('keyboard use', () => {
  test('the skip link and the header are reachable by Tab, and the user menu closes on Esc', async ({ page }) => {
    const email = 'keyboard-user@example.com';
    await signUp(page, stack.url, email);
    await page.goto(`${stack.url}/about`);
    await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

    // Until focused, the skip link paints nothing into the page (not even its shadow).
    const skipLink = page.getByRole('link', { name: 'Skip to content' });
    const paint = () =>
      skipLink.evaluate((element) => ({
        bottom: element.getBoundingClientRect().bottom,
        top: element.getBoundingClientRect().top,
        shadow: getComputedStyle(element).boxShadow,
      }));
    expect(await paint()).toMatchObject({ shadow: 'none' });
    expect((await paint()).bottom).toBeLessThanOrEqual(0);
    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    expect((await paint()).top).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'ThreadSnip' })).toBeFocused();

    const menuButton = page.getByRole('button', { name: `Account menu for ${email}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Credits' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });

  test('a dialog keeps focus inside while open, closes on Esc and gives focus back', async ({ page }) => {
    await page.goto(`${stack.url}/terms`);
    const opener = page.getByRole('button', { name: 'Privacy settings' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Privacy settings' });
    await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused();

    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});
