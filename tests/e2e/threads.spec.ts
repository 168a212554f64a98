import { expect, test } from '@playwright/test';
import { startTelegramServer } from '../fakes/telegram-server';
import { startThreadsServer } from '../fakes/threads-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

const APP = { appId: 'e2e-threads-app', appSecret: 'e2e-threads-secret' };
const BOT_TOKEN = '434343:e2e-threads-bot';
let stack: StartedStack;
let threads: Awaited<ReturnType<typeof startThreadsServer>>;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  threads = await startThreadsServer({ ...APP, redirectUris: [], user: { id: '7770007', username: 'harbour.dana' } });
  telegram = await startTelegramServer({
    token: BOT_TOKEN,
    botUsername: 'snipbot',
    chats: [{ id: '-1001', title: 'Curated Reads', username: 'curatedreads' }],
  });
  articles = await startHarbourArticle();
  stack = await startStack({
    web: 'prod',
    env: {
      THREADS_API_URL: threads.apiUrl,
      THREADS_AUTHORIZE_URL: threads.authorizeUrl,
      THREADS_APP_ID: APP.appId,
      THREADS_APP_SECRET: APP.appSecret,
      TELEGRAM_API_URL: telegram.url,
      ALLOW_PRIVATE_FETCH_HOSTS: articles.host,
    },
  });
  threads.allowRedirectUri(`${stack.url}/api/connections/threads/callback`);
});

test.afterAll(async () => {
  await stack?.cleanup();
  await threads?.close();
  await telegram?.close();
  await articles?.close();
});

test('connects Threads through its Authorization Window and publishes a thread to it with Telegram', async ({
  page,
}) => {
  await signUp(page, stack.url, `threads-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Threads connection' });
  await expect(card.getByText('Publish posts on your behalf')).toBeVisible();
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'Allow ThreadSnip to access your Threads profile?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Threads Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText('Current connection: @harbour.dana')).toBeVisible();

  const telegramCard = page.getByRole('article', { name: 'Telegram connection' });
  await telegramCard.getByRole('button', { name: 'Connect' }).click();
  await telegramCard.getByLabel('Bot token').fill(BOT_TOKEN);
  await telegramCard.getByLabel('Chat ID').fill('-1001');
  await telegramCard.getByRole('button', { name: 'Connect' }).click();
  await expect(telegramCard.getByText('@snipbot')).toBeVisible();

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Threads/ }).check();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  const [mediaBefore, messagesBefore] = [threads.media.length, telegram.messages.length];
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const threadsRow = page.getByTestId('publish-row-threads');
  await expect(threadsRow).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByTestId('publish-row-telegram')).toContainText('Successfully posted!', { timeout: 30_000 });
  await expect(page.getByText('All Platforms Posted!')).toBeVisible();

  const made = threads.media.slice(mediaBefore);
  expect(made.length).toBeGreaterThan(0);
  expect(made.map((item) => item.replyToId)).toEqual([null, ...made.slice(0, -1).map((item) => item.id)]);
  expect(made.at(-1)!.text).toContain(`Read original article at: ${articles.url}/harbour`);
  expect(telegram.messages.length).toBeGreaterThan(messagesBefore);
  await expect(threadsRow.getByRole('link', { name: 'View' })).toHaveAttribute('href', made[0]!.permalink);
});
