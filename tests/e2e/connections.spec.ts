import { expect, test } from '@playwright/test';
import { startMastodonServer } from '../fakes/mastodon-server';
import { startTelegramServer } from '../fakes/telegram-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

const TOKEN = '424242:e2e-bot-token';
let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  telegram = await startTelegramServer({
    token: TOKEN,
    botUsername: 'snipbot',
    chats: [{ id: '-1001', title: 'Curated Reads', username: 'curatedreads' }],
  });
  articles = await startHarbourArticle();
  mastodon = await startMastodonServer();
  stack = await startStack({
    web: 'prod',
    // The local Mastodon instance is allowed as host:port, as docs/configuration.md says an operator may.
    env: { TELEGRAM_API_URL: telegram.url, ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${mastodon.instance}` },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await telegram?.close();
  await mastodon?.close();
  await articles?.close();
});

test('connects Mastodon on an allowed host:port instance; a loopback one not allowed is refused by the server, clearly', async ({
  page,
}) => {
  await signUp(page, stack.url, `masto-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Mastodon connection' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByLabel('Server').selectOption('Other');
  await card.getByLabel('Username').fill('alice');

  // The form lets host:port through; the server's guard says why it will not reach this one.
  await card.getByLabel('Instance').fill('localhost:1');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Mastodon Connection Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'The instance localhost:1 points to a loopback (this machine) address, which cannot be reached for security reasons.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Please enter a valid Mastodon instance (e.g., mastodon.social)')).toHaveCount(0);

  await card.getByLabel('Instance').fill(mastodon.instance);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Mastodon Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText(`@alice@${mastodon.instance}`, { exact: true })).toBeVisible();
});

test('connects Telegram from account settings, refuses bad details, and disconnects', async ({ page }) => {
  const email = `conn-${Date.now()}@example.com`;
  await signUp(page, stack.url, email);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Telegram connection' });
  await card.getByRole('button', { name: 'Connect' }).click();

  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Bot Details Required')).toBeVisible();

  await card.getByLabel('Bot token').fill('wrong-token');
  await card.getByLabel('Chat ID').fill('-1001');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Telegram Connection Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Telegram refused the connection: Unauthorized')).toBeVisible();

  await card.getByLabel('Bot token').fill(TOKEN);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Telegram Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText('@snipbot')).toBeVisible();
  await expect(card.getByText('Current connection: Curated Reads')).toBeVisible();
  // The token never reaches the page.
  expect(await page.content()).not.toContain(TOKEN);

  await card.getByRole('button', { name: 'Disconnect' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm Disconnect' }).click();
  await expect(page.getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Connect' })).toBeVisible();
});

test('publishes a generated thread to Telegram from /create and shows the live row reach Successfully posted!', async ({
  page,
}) => {
  const email = `pub-${Date.now()}@example.com`;
  await signUp(page, stack.url, email);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Telegram connection' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByLabel('Bot token').fill(TOKEN);
  await card.getByLabel('Chat ID').fill('-1001');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(card.getByText('@snipbot')).toBeVisible();

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  await expect(page.getByText(/Telegram version: 1 post/)).toBeVisible();
  const before = telegram.messages.length;
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const row = page.getByTestId('publish-row-telegram');
  await expect(row).toContainText('Successfully posted!', { timeout: 20_000 });
  await expect(page.getByText('All Platforms Posted!')).toBeVisible();
  const sent = telegram.messages.slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.text).toContain('Read original article at:');
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `https://t.me/curatedreads/${sent[0]!.messageId}`,
  );
  await page.getByRole('link', { name: 'View Thread Details' }).click();
  await expect(page).toHaveURL(/\/thread\//);
});
