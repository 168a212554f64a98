import { expect, type Page, test } from '@playwright/test';
import { PLATFORMS, type Platform } from '../../shared/schemas/thread';
import { startTelegramServer } from '../fakes/telegram-server';
import { api, signIn as apiSignIn } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { expectNoSeriousViolations } from './support/axe';
import { telegramCuratorWithThread } from './support/telegram-curator';

const TOKEN = '515151:panel-bot-token';
const CHAT = { id: '-1002', title: 'Panel Reads', username: 'panelreads' };
const ADMIN = { email: 'admin@threadsnip.local', password: 'threadsnip-admin' };

let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  telegram = await startTelegramServer({ token: TOKEN, botUsername: 'panelbot', chats: [CHAT] });
  stack = await startStack({ web: 'prod', env: { TELEGRAM_API_URL: telegram.url } });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await telegram?.close();
});

/** A fresh user with Telegram connected and one saved thread, signed in on the page. */
function curatorWithThread(page: Page, name: string) {
  return telegramCuratorWithThread(page, stack, { name, botToken: TOKEN, chatId: CHAT.id, threadIndex: 7 });
}

async function setPlatforms(platforms: readonly Platform[], enabled: boolean) {
  const { idToken } = await apiSignIn(stack.url, ADMIN.email, ADMIN.password);
  for (const platform of platforms) {
    const answer = await api(stack.url, `/api/admin/platforms/${platform}`, {
      token: idToken,
      method: 'PUT',
      body: { enabled },
    });
    expect(answer.status, platform).toBe(200);
  }
}

test('the sharing panel on /thread/{id} publishes to Telegram and shows Successfully posted!', async ({ page }) => {
  const thread = await curatorWithThread(page, 'panel');
  await page.goto(`${stack.url}/thread/${thread.id}`);
  await page.getByRole('button', { name: 'Share Thread' }).click();

  const telegramBox = page.getByRole('checkbox', { name: /Telegram/ });
  await expect(telegramBox).toBeVisible();
  await expect(page.getByText('@panelbot')).toBeVisible();
  const share = page.getByRole('button', { name: /^Share to \d+ platforms?$/ });
  await expect(share).toBeDisabled();
  await page
    .getByRole('button', { name: 'Connect More Platforms' })
    .or(page.getByText('All available platforms are already connected!'))
    .first()
    .waitFor();
  await expectNoSeriousViolations(page);
  await telegramBox.check();
  await expect(share).toHaveText('Share to 1 platform');
  const before = telegram.messages.length;
  await share.click();

  await expect(page.getByRole('heading', { name: 'Posting Results' })).toBeVisible();
  const row = page.getByTestId('publish-row-telegram');
  await expect(row).toContainText('Successfully posted!', { timeout: 20_000 });
  await expect(page.getByText('Posts Successful')).toBeVisible();
  const sent = telegram.messages.slice(before);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.at(-1)!.text).toContain(`Read original article at: ${thread.sourceUrl}`);
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `https://t.me/${CHAT.username}/${sent[0]!.messageId}`,
  );

  // Connect Platforms: the platforms not connected yet, on demand; none once every available one is.
  await page.getByRole('button', { name: 'Connect More Platforms' }).click();
  await expect(page.getByRole('article', { name: 'Mastodon connection' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide Platform Setup' }).click();
  await expect(page.getByRole('article', { name: 'Mastodon connection' })).toHaveCount(0);
  await setPlatforms(
    PLATFORMS.filter((platform) => platform !== 'telegram'),
    false,
  );
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Share Thread' }).click();
    await expect(page.getByText('All available platforms are already connected!')).toBeVisible();
  } finally {
    await setPlatforms(PLATFORMS, true);
  }
});

test('publishing again to a platform that has the thread asks first, on the panel and on /create', async ({ page }) => {
  const thread = await curatorWithThread(page, 'again');
  await page.goto(`${stack.url}/thread/${thread.id}`);
  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  const share = page.getByRole('button', { name: 'Share to 1 platform' });
  const before = telegram.messages.length;
  await share.click();
  const row = page.getByTestId('publish-row-telegram');
  await expect(row).toContainText('Successfully posted!', { timeout: 20_000 });
  const posted = telegram.messages.length;
  const perCopy = posted - before;
  expect(perCopy).toBeGreaterThan(0);
  const postedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  const question = `Already posted to Telegram on ${postedOn}. Post it again?`;

  // The panel: Cancel posts nothing.
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Post Again?' });
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Successfully posted!');
  await page.waitForTimeout(1_500);
  expect(telegram.messages.length).toBe(posted);

  // /create's share step asks too; the platform's version keeps the blank line after the title.
  await page.goto(
    `${stack.url}/create?step=share&tone=professional&threadId=${thread.id}&selectedPlatforms=telegram&hasContent=true`,
  );
  const firstPost = page.locator('details li').first();
  await expect(firstPost).toHaveCSS('white-space', 'pre-wrap');
  expect(await firstPost.innerText()).toContain(`${thread.title}\n\n`);
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();
  await expect(dialog).toContainText(question);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Thread' })).toBeVisible();
  expect(telegram.messages.length).toBe(posted);

  // Post Again posts the thread a second time.
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();
  await dialog.getByRole('button', { name: 'Post Again' }).click();
  await expect(page.getByTestId('publish-row-telegram')).toContainText('Successfully posted!', { timeout: 20_000 });
  await expect.poll(() => telegram.messages.length).toBe(posted + perCopy);
});

test('an OAuth error return shows its notice and the parameters are cleared', async ({ page }) => {
  const thread = await curatorWithThread(page, 'oauth');
  await page.goto(`${stack.url}/account-settings?reddit_oauth_error=true&message=Access%20denied%20by%20the%20user`);
  await expect(page.getByText('Reddit Connection Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Access denied by the user')).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/account-settings`);

  // Back on a thread after Refresh Connection: the notice, and straight to the sharing view.
  await page.goto(`${stack.url}/thread/${thread.id}?discord_oauth_error=true`);
  await expect(page.getByText('Discord Connection Failed', { exact: true })).toBeVisible();
  await expect(page.getByText('An error occurred during the connection process.')).toBeVisible();
  await expect(page).toHaveURL(`${stack.url}/thread/${thread.id}`);
  await expect(page.getByRole('heading', { name: 'Share to Platforms' })).toBeVisible();
});

test('a platform the admin disables disappears from the picker and from account settings', async ({ page }) => {
  const thread = await curatorWithThread(page, 'disabled');
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Telegram connection' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(card.getByRole('button', { name: 'Update Connection' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await setPlatforms(['telegram'], false);
  try {
    await page.goto(`${stack.url}/thread/${thread.id}`);
    await page.getByRole('button', { name: 'Share Thread' }).click();
    await expect(page.getByRole('group', { name: 'Connected Accounts' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Telegram/ })).toHaveCount(0);
    await page.goto(`${stack.url}/account-settings`);
    await expect(page.getByRole('heading', { name: 'Social Platform Connections' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Telegram connection' })).toHaveCount(0);

    await setPlatforms(PLATFORMS, false);
    await page.reload();
    await expect(page.getByText('No platforms are currently available for connection.')).toBeVisible();
  } finally {
    await setPlatforms(PLATFORMS, true);
  }
});
