import { expect, type Page, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const main = (page: Page) => page.getByRole('main');

test('the landing page shows the hero, the three steps, the call to action and the four feature cards', async ({
  page,
}) => {
  await page.goto(`${stack.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transform long-form content into digestible threads',
  );
  await expect(main(page).getByText('Snip it • Shape it • Share it')).toBeVisible();
  const heroSteps = main(page).getByRole('list').filter({ hasText: 'Paste Article URL' }).first();
  for (const step of ['Paste Article URL', 'AI Generates Thread', 'Ready to Share']) {
    await expect(heroSteps).toContainText(step);
  }
  for (const feature of ['AI-Powered Summarization', 'Creator-First Approach', 'Audience Growth', 'Amplify Creators']) {
    await expect(main(page).getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(main(page).getByText(/Reddit, Mastodon, Bluesky and Discord/)).toBeVisible();

  await main(page).getByRole('link', { name: 'Create Thread Now' }).click();
  await expect(page).toHaveURL(`${stack.url}/create`);
});

test('the shared header and footer link the public pages and show the current year', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Create Thread' })).toBeVisible();
  await expect(nav).not.toContainText('My Threads');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ThreadSnip`);
  await expect(footer.getByRole('button', { name: 'Privacy settings' })).toBeVisible();
  await footer.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(`${stack.url}/terms`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(`${stack.url}/privacy`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(`${stack.url}/about`);
  await page.getByRole('banner').getByRole('link', { name: 'ThreadSnip' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
});

test('a route change scrolls back to the top', async ({ page }) => {
  await page.goto(`${stack.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { name: 'About ThreadSnip' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the About page states the mission and the three steps', async ({ page }) => {
  await page.goto(`${stack.url}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About ThreadSnip');
  await expect(main(page).getByRole('heading', { name: 'Our mission' })).toBeVisible();
  for (const step of ['Share an article', 'The AI creates threads', 'Share and support']) {
    await expect(main(page).getByRole('heading', { name: step })).toBeVisible();
  }
});

for (const legal of [
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms of Service' },
]) {
  test(`the ${legal.heading} page covers credits, attribution, Irish law and GDPR rights`, async ({ page }) => {
    await page.goto(`${stack.url}${legal.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.heading);
    const text = main(page);
    await expect(text).toContainText('GDPR');
    await expect(text).toContainText(/laws of Ireland/);
    await expect(text).toContainText(/no cash value/i);
    await expect(text).toContainText(/never expire/i);
    await expect(text).toContainText(/refund/i);
    await expect(text).toContainText(/attribut/i);
    await expect(text).toContainText(/account settings/i);
  });
}

test('/auth switches between sign in and sign up with their texts', async ({ page }) => {
  await page.goto(`${stack.url}/auth`);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Or continue with email')).toBeVisible();
  // The local stack configures no Google identity provider.
  await expect(page.getByText('Google Sign-In unavailable')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();

  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address first');

  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
  // Switching mode clears the error.
  await expect(page.getByText('Please enter your email address first')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Forgot your password?' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Why create an account?' })).toBeVisible();
  for (const benefit of [
    'Secure social connections',
    'Save your threads',
    'Track your credits',
    'Personalized experience',
  ]) {
    await expect(page.getByText(benefit, { exact: true })).toBeVisible();
  }

  const password = page.getByLabel('Password', { exact: true });
  await password.fill('visible-secret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: /show password/i }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('with a Google identity provider configured, the 280×44 button starts the hosted sign-in', async ({ page }) => {
  const cognitoDomain = 'threadsnip-test.auth.example.test';
  // The deployment's config.json names the Cognito domain; the hosted UI is answered here, never fetched.
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...config, googleSignIn: { cognitoDomain } } });
  });
  await page.route(`https://${cognitoDomain}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Hosted UI</title><h1>Google</h1>' }),
  );
  // Google's sign-in script, which the page checks it can load.
  await page.route('https://accounts.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto(`${stack.url}/auth`);
  const button = page.getByRole('button', { name: 'Sign in with Google' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box && { width: Math.round(box.width), height: Math.round(box.height) }).toEqual({ width: 280, height: 44 });

  await button.click();
  await page.waitForURL(`https://${cognitoDomain}/**`);
  const authorize = new URL(page.url());
  expect(authorize.pathname).toBe('/oauth2/authorize');
  expect(authorize.searchParams.get('identity_provider')).toBe('Google');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.url}/auth`);
});

test('with Google configured but blocked in the browser, the button area says so', async ({ page }) => {
  await page.route('**/config.json', async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...config, googleSignIn: { cognitoDomain: 'threadsnip-test.auth.example.test' } } });
  });
  // What a content blocker does to Google's script.
  await page.route('https://accounts.google.com/**', (route) => route.abort('blockedbyclient'));
  await page.goto(`${stack.url}/auth`);
  await expect(page.getByText('Google Sign-In blocked. Please disable ad blockers or allow cookies.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0);
  // Email sign-in is unaffected.
  await expect(page.getByLabel('Email')).toBeEditable();
});

test.describe('guards for signed-out visitors', () => {
  for (const target of ['/history', '/thread/01ABC', '/thread/01ABC/manual-share', '/admin', '/admin/users']) {
    test(`${target} sends a signed-out visitor to /auth with a redirect back`, async ({ page }) => {
      await page.goto(`${stack.url}${target}`);
      await expect(page).toHaveURL(`${stack.url}/auth?redirect=${encodeURIComponent(target)}`);
      await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    });
  }

  test('/credits asks a signed-out visitor to sign in', async ({ page }) => {
    await page.goto(`${stack.url}/credits`);
    await expect(page.getByText('Please sign in to access your credits')).toBeVisible();
    await main(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(`${stack.url}/auth?redirect=%2Fcredits`);
  });

  for (const target of ['/account-settings', '/account']) {
    test(`${target} shows 'Sign in required' with a link to /auth`, async ({ page }) => {
      await page.goto(`${stack.url}${target}`);
      await expect(page).toHaveURL(`${stack.url}/account-settings`);
      await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
      await main(page).getByRole('link', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount-settings$/);
    });
  }
});

test('a signed-in user who is not an admin is sent home from the admin portal', async ({ page }) => {
  await signUp(page, stack.url, 'not-an-admin@example.com');
  await page.goto(`${stack.url}/admin/settings`);
  await expect(page).toHaveURL(`${stack.url}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Transform long-form content into digestible threads',
  );
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const response = await page.goto(`${stack.url}/no/such/page`);
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
});

test.describe('the landing demo carousel', () => {
  const T0 = new Date('2026-03-02T09:00:00Z').getTime();

  /** The step the carousel shows, read from its visible 'Step n of 4' line. */
  const shows = (page: Page, step: number) =>
    expect(page.getByRole('group', { name: new RegExp(`^${step} of 4:`) })).toBeVisible();

  test.beforeEach(async ({ page }) => {
    // The clock runs normally while the page loads (React's Suspense reveal waits on a timer).
    await page.clock.install({ time: T0 });
    await page.goto(`${stack.url}/`);
    await page.getByRole('button', { name: /^Step 1:/ }).click();
    await page.getByRole('button', { name: 'Pause demo' }).click();
    // Then it stops: only runFor moves time, and Play arms step 1's dwell timer at a known instant.
    await page.clock.pauseAt(T0 + 3_600_000);
    await page.getByRole('button', { name: 'Play demo' }).click();
    await shows(page, 1);
  });

  test('advances after 2500, 1750, 4000 and 3500 ms, then wraps around', async ({ page }) => {
    for (const [from, dwell] of [
      [1, 2500],
      [2, 1750],
      [3, 4000],
      [4, 3500],
    ] as const) {
      await page.clock.runFor(dwell - 1);
      await shows(page, from);
      await page.clock.runFor(1);
      await shows(page, (from % 4) + 1);
    }
  });

  test('a numbered button jumps to its step and auto-play resumes after 10 s without interaction', async ({ page }) => {
    const stepThree = page.getByRole('button', { name: /^Step 3:/ });
    await stepThree.click();
    await shows(page, 3);
    await expect(stepThree).toHaveAttribute('aria-current', 'step');

    // Playing, step 3 would have moved on after 4000 ms; paused, it stays for the whole idle time.
    await page.clock.runFor(9_999);
    await shows(page, 3);
    await page.clock.runFor(1);
    // Resumed: step 3 now gets its full dwell time again.
    await page.clock.runFor(3_999);
    await shows(page, 3);
    await page.clock.runFor(1);
    await shows(page, 4);
  });

  test('Pause demo stops auto-play until Play demo', async ({ page }) => {
    await page.getByRole('button', { name: 'Pause demo' }).click();
    await page.clock.runFor(60_000);
    await shows(page, 1);
    await page.getByRole('button', { name: 'Play demo' }).click();
    await page.clock.runFor(2_500);
    await shows(page, 2);
  });
});
