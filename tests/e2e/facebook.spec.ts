import { expect, test } from '@playwright/test';
import { startFacebookServer } from '../fakes/facebook-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

const APP = { appId: 'e2e-fb-app', appSecret: 'e2e-fb-secret' };
let stack: StartedStack;
let facebook: Awaited<ReturnType<typeof startFacebookServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  facebook = await startFacebookServer({
    ...APP,
    redirectUris: [],
    user: { id: '9990009', name: 'Dana Curator' },
    pages: [
      { id: '1110001', name: 'Harbour Gazette' },
      { id: '2220002', name: 'Quay Notes' },
    ],
  });
  articles = await startHarbourArticle();
  stack = await startStack({
    web: 'prod',
    env: {
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      FACEBOOK_DIALOG_URL: facebook.dialogUrl,
      FACEBOOK_APP_ID: APP.appId,
      FACEBOOK_APP_SECRET: APP.appSecret,
      ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
    },
  });
  facebook.allowRedirectUri(`${stack.url}/api/connections/facebook/callback`);
});

test.afterAll(async () => {
  await stack?.cleanup();
  await facebook?.close();
  await articles?.close();
});

test('connects Facebook with two Pages, picks one, and publishes a thread to it', async ({ page }) => {
  await signUp(page, stack.url, `fb-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Facebook connection' });
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'ThreadSnip is requesting access to your Pages' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Facebook Connected!', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Facebook Page').selectOption({ label: 'Quay Notes' });
  await expect(page.getByText('Page Selected', { exact: true })).toBeVisible();
  await expect(card.getByText('Current connection: Quay Notes')).toBeVisible();

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Facebook/ }).check();
  const before = facebook.posts.length;
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const row = page.getByTestId('publish-row-facebook');
  await expect(row).toContainText('Successfully posted!', { timeout: 30_000 });
  const [post, ...comments] = facebook.posts.slice(before);
  expect(post).toMatchObject({ pageId: '2220002', link: `${articles.url}/harbour`, parentId: null });
  expect(comments.every((comment) => comment.parentId === post!.id)).toBe(true);
  expect([post!, ...comments].at(-1)!.message).toContain(`Read original article at: ${articles.url}/harbour`);
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('href', `https://www.facebook.com/${post!.id}`);
});
