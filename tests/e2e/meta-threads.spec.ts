import { expect, test } from '@playwright/test';
import { startMetaThreadsServer } from '../fakes/meta-threads-server';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep } from './support/harbour-thread';
import {
  connectTelegramCard,
  type PlatformWithTelegram,
  publishAndSeeBothRows,
  startPlatformWithTelegram,
} from './support/oauth-platform-with-telegram';

const APP = { appId: 'e2e-threads-app', appSecret: 'e2e-threads-secret' };
const BOT_TOKEN = '434343:e2e-threads-bot';
let setup: PlatformWithTelegram;
let threads: Awaited<ReturnType<typeof startMetaThreadsServer>>;

test.beforeAll(async () => {
  threads = await startMetaThreadsServer({
    ...APP,
    redirectUris: [],
    user: { id: '7770007', username: 'harbour.dana' },
  });
  setup = await startPlatformWithTelegram(
    'threads',
    threads,
    {
      THREADS_API_URL: threads.apiUrl,
      THREADS_AUTHORIZE_URL: threads.authorizeUrl,
      THREADS_APP_ID: APP.appId,
      THREADS_APP_SECRET: APP.appSecret,
    },
    BOT_TOKEN,
  );
});

test.afterAll(async () => {
  await setup?.stop();
});

test('connects Threads through its Authorization Window and publishes a thread to it with Telegram', async ({
  page,
}) => {
  const { stack, telegram, articles } = setup;
  await signUp(page, stack.url, `threads-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Threads connection' });
  await expect(card.getByText('Publish posts on your behalf')).toBeVisible();
  await card.getByRole('button', { name: 'Connect' }).click();

  await expect(page.getByRole('heading', { name: 'Allow ThreadSnip to access your Threads profile?' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Threads Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText('Current connection: @harbour.dana')).toBeVisible();

  await connectTelegramCard(page, BOT_TOKEN);

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Threads/ }).check();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  const [mediaBefore, messagesBefore] = [threads.media.length, telegram.messages.length];
  await publishAndSeeBothRows(page, 'threads');
  const threadsRow = page.getByTestId('publish-row-threads');

  const made = threads.media.slice(mediaBefore);
  expect(made.length).toBeGreaterThan(0);
  expect(made.map((item) => item.replyToId)).toEqual([null, ...made.slice(0, -1).map((item) => item.id)]);
  expect(made.at(-1)!.text).toContain(`Read original article at: ${articles.url}/harbour`);
  expect(telegram.messages.length).toBeGreaterThan(messagesBefore);
  await expect(threadsRow.getByRole('link', { name: 'View' })).toHaveAttribute('href', made[0]!.permalink);
});
