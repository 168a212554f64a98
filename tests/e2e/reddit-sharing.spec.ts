import { expect, test } from '@playwright/test';
import { freePort } from '../../local/ports';
import { type FakeSubreddit, startRedditServer } from '../fakes/reddit-server';
import { signIn as apiSignIn, signUp as apiSignUp } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import { E2E_PASSWORD, fillCredentials } from './support/accounts';

const CLIENT = { clientId: 'reddit-e2e-app', clientSecret: 'reddit-e2e-secret' };
// Six where the user may post (so the list gets its search box) and one where they only read.
const SUBREDDITS: FakeSubreddit[] = [
  { name: 'CuratedReads', title: 'Curated Reads', subscribers: 12_400, role: 'moderator' },
  { name: 'HarbourNews', title: 'Harbour News', subscribers: 2_300_000, role: 'contributor' },
  { name: 'boats', title: 'Boats', subscribers: 540, role: 'both' },
  { name: 'fishing', title: 'Fishing', subscribers: 88_000, role: 'moderator' },
  { name: 'tides', title: 'Tides', subscribers: 1_200, role: 'moderator' },
  { name: 'gulls', title: 'Gulls', subscribers: 3_000, role: 'contributor' },
  { name: 'AskHarbour', title: 'Ask the harbour', subscribers: 10, role: 'subscriber' },
];

let stack: StartedStack;
let reddit: Awaited<ReturnType<typeof startRedditServer>>;

test.beforeAll(async () => {
  // The consent screen sends the browser back to the stack's callback, so the stack's port is chosen first.
  const port = await freePort();
  reddit = await startRedditServer({
    ...CLIENT,
    redirectUri: `http://localhost:${port}/api/connections/reddit/callback`,
    username: 'curator',
    subreddits: SUBREDDITS,
  });
  stack = await startStack({
    web: 'prod',
    env: {
      PORT: String(port),
      REDDIT_API_URL: reddit.apiUrl,
      REDDIT_AUTH_URL: reddit.authUrl,
      REDDIT_CLIENT_ID: CLIENT.clientId,
      REDDIT_CLIENT_SECRET: CLIENT.clientSecret,
    },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await reddit?.close();
});

test('connects Reddit from the sharing panel, picks a subreddit and posts there', async ({ page }) => {
  const email = `reddit-${Date.now()}@example.com`;
  const { UserSub: userId } = await apiSignUp(stack.url, email, E2E_PASSWORD);
  await apiSignIn(stack.url, email, E2E_PASSWORD);
  const thread = seededThread(userId, 9);
  await seedThreads(stack, [thread]);
  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);

  await page.goto(`${stack.url}/thread/${thread.id}`);
  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('button', { name: 'Connect More Platforms' }).click();
  await page.getByRole('article', { name: 'Reddit connection' }).getByRole('button', { name: 'Connect' }).click();

  // Reddit's consent screen approves at once and returns here, to the sharing view.
  await expect(page.getByText('Reddit Connected!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/thread/${thread.id}`);
  const redditBox = page.getByRole('checkbox', { name: /Reddit/ });
  await redditBox.check();
  const share = page.getByRole('button', { name: /^Share to \d+ platforms?$/ });
  await expect(share).toBeDisabled();

  await expect(page.getByRole('radio')).toHaveCount(6);
  await expect(page.getByRole('radio', { name: /AskHarbour/ })).toHaveCount(0);
  await expect(page.getByText('2.3M members')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search subreddits' }).fill('harb');
  await expect(page.getByRole('radio')).toHaveCount(1);
  await page.getByRole('radio', { name: /r\/HarbourNews/ }).check();
  await expect(page.getByText('Subreddit Selected', { exact: true })).toBeVisible();
  await expect(share).toBeEnabled();
  await share.click();

  await expect(page.getByTestId('publish-row-reddit')).toContainText('Successfully posted!', { timeout: 20_000 });
  expect(reddit.submissions).toHaveLength(1);
  expect(reddit.submissions[0]).toMatchObject({ subreddit: 'HarbourNews', title: thread.title });

  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Reddit connection' });
  await expect(card.getByText('Selected subreddit: r/HarbourNews')).toBeVisible();
});
