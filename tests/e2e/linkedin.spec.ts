import { expect, test } from '@playwright/test';
import { startLinkedInServer } from '../fakes/linkedin-server';
import { startTelegramServer } from '../fakes/telegram-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

const APP = { clientId: 'e2e-li-client', clientSecret: 'e2e-li-secret' };
const TOKEN = '424242:e2e-li-bot-token';
let stack: StartedStack;
let linkedin: Awaited<ReturnType<typeof startLinkedInServer>>;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  linkedin = await startLinkedInServer({
    ...APP,
    redirectUris: [],
    member: { sub: 'e2eMember42', name: 'Dana Curator' },
    today: new Date('2026-11-15T00:00:00Z'),
  });
  telegram = await startTelegramServer({
    token: TOKEN,
    botUsername: 'snipbot',
    chats: [{ id: '-1001', title: 'Curated Reads', username: 'curatedreads' }],
  });
  articles = await startHarbourArticle();
  stack = await startStack({
    web: 'prod',
    env: {
      LINKEDIN_API_URL: linkedin.apiUrl,
      LINKEDIN_AUTHORIZE_URL: linkedin.authorizeUrl,
      LINKEDIN_TOKEN_URL: linkedin.tokenUrl,
      LINKEDIN_CLIENT_ID: APP.clientId,
      LINKEDIN_CLIENT_SECRET: APP.clientSecret,
      LINKEDIN_VERSION: '202610',
      TELEGRAM_API_URL: telegram.url,
      ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
    },
  });
  linkedin.allowRedirectUri(`${stack.url}/api/connections/linkedin/callback`);
});

test.afterAll(async () => {
  await stack?.cleanup();
  await linkedin?.close();
  await telegram?.close();
  await articles?.close();
});

test('connects LinkedIn through its consent page and publishes a thread to it and Telegram, every row complete', async ({
  page,
}) => {
  await signUp(page, stack.url, `li-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'LinkedIn connection' });
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(
    page.getByRole('heading', { name: 'ThreadSnip would like to access your LinkedIn account' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByText('LinkedIn Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText('Current connection: Dana Curator')).toBeVisible();
  await expect(card.getByText(/^Access expires on .+\. LinkedIn does not renew it/)).toBeVisible();

  const telegramCard = page.getByRole('article', { name: 'Telegram connection' });
  await telegramCard.getByRole('button', { name: 'Connect' }).click();
  await telegramCard.getByLabel('Bot token').fill(TOKEN);
  await telegramCard.getByLabel('Chat ID').fill('-1001');
  await telegramCard.getByRole('button', { name: 'Connect' }).click();
  await expect(telegramCard.getByText('@snipbot')).toBeVisible();

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /LinkedIn/ }).check();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  await expect(page.getByText(/LinkedIn version: 1 post$/)).toBeVisible();
  const postsBefore = linkedin.posts.length;
  const messagesBefore = telegram.messages.length;
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const linkedinRow = page.getByTestId('publish-row-linkedin');
  await expect(linkedinRow).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByTestId('publish-row-telegram')).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByText('All Platforms Posted!')).toBeVisible();
  const [post, ...more] = linkedin.posts.slice(postsBefore);
  expect(more).toEqual([]);
  expect(post!.text.endsWith(`${articles.url}/harbour`)).toBe(true);
  expect(post!.article?.source).toBe(`${articles.url}/harbour`);
  expect(telegram.messages.length).toBeGreaterThan(messagesBefore);
  await expect(linkedinRow.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/feed/update/${post!.id}/`,
  );
});
