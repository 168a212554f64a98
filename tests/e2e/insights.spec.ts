import { expect, type Page, test } from '@playwright/test';
import type { Thread } from '#shared/schemas/thread';
import { startMastodonServer } from '../fakes/mastodon-server';
import { startTelegramServer } from '../fakes/telegram-server';
import { api, signIn as apiSignIn, signUp as apiSignUp, connectMastodon } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import { E2E_PASSWORD, signInOnPage, signUp } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';
import { openSharingPanel } from './support/sharing-panel';

const TOKEN = '737373:insights-bot-token';
const CHAT = { id: '-1007', title: 'Insight Reads', username: 'insightreads' };

let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;

// The user has no posting queue, so /insights counts days in UTC: the browser's zone too, so 'today' agrees.
test.use({ locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });

test.beforeAll(async () => {
  telegram = await startTelegramServer({ token: TOKEN, botUsername: 'insightsbot', chats: [CHAT] });
  mastodon = await startMastodonServer();
  stack = await startStack({
    web: 'prod',
    // The local Mastodon instance is allowed as host:port, as docs/configuration.md says an operator may.
    env: { TELEGRAM_API_URL: telegram.url, ALLOW_PRIVATE_FETCH_HOSTS: mastodon.instance },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await telegram?.close();
  await mastodon?.close();
});

/** A fresh curator with Telegram and Mastodon connected through the API and one saved thread, signed in on the page. */
async function curatorOnBothPlatforms(page: Page, name: string, threadIndex: number): Promise<Thread> {
  const email = `${name}-${Date.now()}@example.com`;
  const { UserSub: userId } = await apiSignUp(stack.url, email, E2E_PASSWORD);
  const { idToken: token } = await apiSignIn(stack.url, email, E2E_PASSWORD);
  const telegramConnected = await api(stack.url, '/api/connections/telegram', {
    token,
    method: 'POST',
    body: { botToken: TOKEN, chatId: CHAT.id },
  });
  expect(telegramConnected.status).toBe(200);
  await connectMastodon(stack.url, token, mastodon.instance);
  const thread = seededThread(userId, threadIndex);
  await seedThreads(stack, [thread]);
  await signInOnPage(page, stack.url, email);
  return thread;
}

/** Shares the open thread to Telegram and Mastodon from its sharing panel and waits for both to post. */
async function publishToBoth(page: Page, thread: Thread): Promise<void> {
  await page.goto(`${stack.url}/thread/${thread.id}`);
  const telegramBox = await openSharingPanel(page, /Telegram/);
  await telegramBox.check();
  await page.getByRole('checkbox', { name: /Mastodon/ }).check();
  await page.getByRole('button', { name: 'Share to 2 platforms' }).click();
  for (const platform of ['telegram', 'mastodon']) {
    await expect(page.getByTestId(`publish-row-${platform}`)).toContainText('Successfully posted!', {
      timeout: 30_000,
    });
  }
  await page.getByRole('button', { name: '← Back to thread' }).click();
}

test('Performance on a published thread: Telegram says it reports nothing, Mastodon shows its figures after Refresh Now', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const thread = await curatorOnBothPlatforms(page, 'performance', 31);
  const statusesBefore = mastodon.statuses.length;
  await publishToBoth(page, thread);
  // Mastodon's 500 characters take short posts together: count the statuses it made, not the thread's posts.
  const statusesMade = mastodon.statuses.length - statusesBefore;

  const section = page.getByRole('region', { name: 'Performance' });
  await expect(section.getByRole('article', { name: 'Telegram performance' })).toContainText(
    'Telegram does not report engagement',
  );
  const mastodonFigures = section.getByRole('article', { name: 'Mastodon performance' });
  await expect(mastodonFigures).toBeVisible();
  await expectNoSeriousViolations(page);

  const refresh = section.getByRole('button', { name: 'Refresh Now' });
  await refresh.click();
  await expect(page.getByText('Figures refreshed')).toBeVisible({ timeout: 30_000 });
  await expect(mastodonFigures).toContainText('Read on request');
  // Mastodon reports favourites, reblogs and replies for every status: one row per status, each with a figure.
  const rows = mastodonFigures.getByRole('row');
  await expect(rows).toHaveCount(statusesMade + 1);
  await expect(mastodonFigures.getByRole('columnheader', { name: 'Likes' })).toBeVisible();
  // Credit reach compares the attribution with the first post: one status holding both has none.
  await expect(mastodonFigures.getByText('Credit reach')).toHaveCount(statusesMade > 1 ? 1 : 0);
  await expect(section.getByRole('article', { name: 'Telegram performance' }).getByRole('table')).toHaveCount(0);

  // At most once per 10 minutes: the button waits, saying for how long, and still does after a reload.
  await expect(refresh).toBeDisabled();
  await expect(section.getByText('Available again in 10 minutes')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Performance' }).getByRole('button', { name: 'Refresh Now' }),
  ).toBeDisabled();
  await expectNoSeriousViolations(page);
});

test('/insights before any figure: the header link, the empty state saying what will appear and when, axe clean', async ({
  page,
}) => {
  await signUp(page, stack.url, `insights-empty-${Date.now()}@example.com`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No figures yet' })).toBeVisible();
  await expect(page.getByText(/Figures appear about an hour after your first thread is published/)).toBeVisible();
  await expectNoSeriousViolations(page);
});

// The reading 'Refresh Now' takes is rolled up at once: it is what /insights counts today.
test('/insights with figures: a chart read day by day with the keyboard, its table fallback, top threads, comparisons with sample sizes and the credit comparisons', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const thread = await curatorOnBothPlatforms(page, 'insights-data', 32);
  await publishToBoth(page, thread);
  await page.getByRole('region', { name: 'Performance' }).getByRole('button', { name: 'Refresh Now' }).click();
  await expect(page.getByText('Figures refreshed')).toBeVisible({ timeout: 30_000 });

  await page.goto(`${stack.url}/insights`);
  await page.getByRole('radio', { name: '7 days' }).check();
  const chart = page.getByRole('slider', { name: 'Engagement per day, last 7 days' });
  await expect(chart).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No figures yet' })).toHaveCount(0);

  // The chart is one keyboard stop; arrows move the readout a day at a time, Home/End to the ends.
  const today = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(),
  );
  await chart.focus();
  await expect(chart).toHaveAttribute('aria-valuetext', new RegExp(`^${today}: \\d+ engagements?$`));
  await page.keyboard.press('ArrowLeft');
  await expect(chart).toHaveAttribute('aria-valuenow', '5');
  await page.keyboard.press('Home');
  await expect(chart).toHaveAttribute('aria-valuenow', '0');

  // The same figures as a table: one row per day, today's included.
  const table = page.getByRole('table', { name: 'Engagement per day, last 7 days' });
  await page.getByRole('button', { name: 'Show as Table' }).click();
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table.getByRole('rowheader', { name: today })).toBeVisible();

  const top = page.getByRole('region', { name: 'Top threads' });
  await expect(top.getByRole('link', { name: thread.title })).toHaveAttribute('href', `/thread/${thread.id}`);
  const byPlatform = page.getByRole('region', { name: 'By platform' });
  await expect(byPlatform).toContainText('Mastodon');
  await expect(byPlatform).toContainText(/n = \d+ threads?/);
  await expect(page.getByRole('region', { name: /^By hour of publishing/ })).toContainText(/n = \d+ threads?/);

  // One thread cannot say which credit works: each comparison says how many threads it still needs.
  const credit = page.getByRole('region', { name: 'What works for your audience' });
  const placement = credit.getByRole('region', { name: 'Link placement on Mastodon' });
  await expect(placement.getByText(/^Not enough threads yet to compare \([01] of 5\)$/)).toBeVisible();
  await expect(placement.getByRole('rowheader', { name: 'Link in the credit post' })).toBeVisible();
  await expect(credit.getByRole('region', { name: "Quoting the author's own post" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
