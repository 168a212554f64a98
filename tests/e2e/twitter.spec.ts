import { expect, test } from '@playwright/test';
import { startTwitterServer } from '../fakes/twitter-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

const CLIENT = { clientId: 'e2e-x-client', clientSecret: 'e2e-x-secret' };
let stack: StartedStack;
let twitter: Awaited<ReturnType<typeof startTwitterServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  twitter = await startTwitterServer({
    ...CLIENT,
    redirectUris: [],
    account: { id: '2244994945', username: 'harbourcurator', name: 'Harbour Curator' },
  });
  articles = await startHarbourArticle({ twitterCreator: '@danareyes' });
  stack = await startStack({
    web: 'prod',
    env: {
      TWITTER_API_URL: twitter.url,
      TWITTER_AUTHORIZE_URL: twitter.authorizeUrl,
      TWITTER_CLIENT_ID: CLIENT.clientId,
      TWITTER_CLIENT_SECRET: CLIENT.clientSecret,
      ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
    },
  });
  twitter.allowRedirectUri(`${stack.url}/api/connections/twitter/callback`);
});

test.afterAll(async () => {
  await stack?.cleanup();
  await twitter?.close();
  await articles?.close();
});

test('cancelling on the consent page says so in plain words and connects nothing', async ({ page }) => {
  await signUp(page, stack.url, `x-cancel-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Twitter/X connection' });
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'ThreadSnip wants to access your X account' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByText('Twitter/X Connection Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('You cancelled the connection on Twitter/X. Nothing was connected.')).toBeVisible();
  await expect(page.getByText('access_denied')).toHaveCount(0);
  await expect(page).toHaveURL(`${stack.url}/account-settings`);
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
  await expect(card.getByText(/Current connection/)).toHaveCount(0);
});

test('connects X through its consent page, publishes a thread crediting the author, and refuses a replayed callback', async ({
  page,
}) => {
  await signUp(page, stack.url, `x-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Twitter/X connection' });
  const callbackRequest = page.waitForRequest((request) => request.url().includes('/api/connections/twitter/callback'));
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'ThreadSnip wants to access your X account' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize app' }).click();

  await expect(page.getByText('Twitter/X Connected!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/account-settings`);
  await expect(card.getByText('Current connection: @harbourcurator')).toBeVisible();
  const callbackUrl = (await callbackRequest).url();

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Twitter\/X/ }).check();
  // Where X's link goes, why, and what X charges for it, beside the placement select.
  await expect(page.getByLabel('Twitter/X link placement')).toHaveValue('credit-post');
  await expect(
    page.getByText(
      'X shows posts with links to fewer people, so the hook has no link and the credit reply carries it.',
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      /^X's API charges \$0\.200 for a post with a link against \$0\.015 without one: this thread costs \$\d\.\d{3} to post\.$/,
    ),
  ).toBeVisible();
  const before = twitter.tweets.length;
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const row = page.getByTestId('publish-row-twitter');
  await expect(row).toContainText('Successfully posted!', { timeout: 30_000 });
  const sent = twitter.tweets.slice(before);
  expect(sent.length).toBeGreaterThan(1);
  sent.forEach((tweet, index) => {
    expect(tweet.inReplyTo).toBe(index === 0 ? null : sent[index - 1]!.id);
  });
  // The hook credits the author in its frame, whole, with its hashtags (a hook filling a post of its
  // own would send the title alone before it: the X publishing integration test covers that case).
  const hook = sent[0]!.text === 'The harbour at dawn' ? sent[1]! : sent[0]!;
  expect(hook.text).toMatch(/^Dana Reyes reports in the Test Gazette: .+\.\n\n#\w+(?: #\w+)*$/s);
  expect(sent.at(-1)!.text).toContain(`Read original article at: ${articles.url}/harbour`);
  expect(sent.at(-1)!.text).toContain('Author: @danareyes');
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `https://x.com/harbourcurator/status/${sent[0]!.id}`,
  );

  // The provider's redirect replayed: its state is spent, so the app shows the error notice.
  await page.goto(callbackUrl);
  await expect(page.getByText('Twitter/X Connection Failed', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/account-settings`);
});
