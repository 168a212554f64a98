import { expect, test } from '@playwright/test';
import { startTelegramServer } from '../fakes/telegram-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { expectNoSeriousViolations } from './support/axe';
import { telegramCuratorWithThread } from './support/telegram-curator';
import { nextWholeMinute, wallClock } from './support/wall-clock';

const TOKEN = '626262:schedule-bot-token';
const CHAT = { id: '-1003', title: 'Scheduled Reads', username: 'scheduledreads' };
const ZONE = 'Europe/Dublin';

let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;

// The browser's zone is the queue's default; the page speaks en-US, as the assertions read it.
test.use({ timezoneId: ZONE, locale: 'en-US', reducedMotion: 'reduce' });

test.beforeAll(async () => {
  telegram = await startTelegramServer({ token: TOKEN, botUsername: 'schedulebot', chats: [CHAT] });
  // A short minimum lead, so a time picked to the minute, at least 20 s ahead, is always accepted.
  stack = await startStack({ web: 'prod', env: { TELEGRAM_API_URL: telegram.url, SCHEDULE_MIN_LEAD_SECONDS: '5' } });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await telegram?.close();
});

test('set weekly slots, Add to Queue, see it on /scheduled, reschedule it to the next minute and watch it publish once', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const thread = await telegramCuratorWithThread(page, stack, {
    name: 'scheduler',
    botToken: TOKEN,
    chatId: CHAT.id,
    threadIndex: 11,
  });

  // Account settings: the posting queue in the browser's zone, Mon 09:00 and Fri 17:30.
  await page.goto(`${stack.url}/account-settings`);
  const queue = page.getByRole('region', { name: 'Posting Queue' });
  await expect(queue.getByLabel('Time zone')).toHaveValue(ZONE);
  await queue.getByRole('button', { name: 'Add Slot' }).click();
  await queue.getByRole('button', { name: 'Add Slot' }).click();
  await queue.getByLabel('Slot 2 day').selectOption('fri');
  await queue.getByLabel('Slot 2 time').fill('17:30');
  await expectNoSeriousViolations(page);
  await queue.getByRole('button', { name: 'Save Queue' }).click();
  await expect(page.getByText('Posting queue saved')).toBeVisible();
  await page.reload();
  await expect(queue.getByLabel('Slot 1 day')).toHaveValue('mon');
  await expect(queue.getByLabel('Slot 1 time')).toHaveValue('09:00');
  await expect(queue.getByLabel('Slot 2 day')).toHaveValue('fri');
  await expect(queue.getByLabel('Slot 2 time')).toHaveValue('17:30');

  // Add to Queue from the thread's sharing panel: the next Monday 09:00 or Friday 17:30 in Dublin.
  await page.goto(`${stack.url}/thread/${thread.id}`);
  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  await page.getByRole('button', { name: 'Add to Queue' }).click();
  const slotText = /Scheduled for (Mon, .* 9:00 AM|Fri, .* 5:30 PM) GMT/;
  await expect(page.getByText('Added to Queue')).toBeVisible();
  await expect(page.getByText(slotText).first()).toBeVisible();
  await page.getByRole('button', { name: '← Back to thread' }).click();
  await expect(page.getByRole('region', { name: 'Scheduled publishing' })).toContainText('Telegram');

  // My Threads' card says so too.
  await page.goto(`${stack.url}/history`);
  await expect(page.locator(`li[data-thread-id="${thread.id}"]`)).toContainText(slotText);

  // /scheduled, from the header.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scheduled' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled' })).toBeVisible();
  await expect(page.getByText(`Times are shown in ${ZONE}.`)).toBeVisible();
  const row = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').filter({ hasText: thread.title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Telegram');
  await expect(row).toContainText(/9:00 AM|5:30 PM/);
  await expectNoSeriousViolations(page);

  // Reschedule to the next whole minute (the picker's unit) at least 20 s away: the stack's minimum
  // lead is 5 s, so this is the shortest wait that still leaves the page time to show the change.
  const due = nextWholeMinute(20_000);
  await row.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule' });
  await expect(dialog.getByLabel('Date and time')).toBeFocused();
  await dialog.getByLabel('Date and time').fill(wallClock(due, ZONE));
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText('Rescheduled', { exact: true })).toBeVisible();
  const dueTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: ZONE }).format(due);
  await expect(row).toContainText(dueTime);
  const before = telegram.messages.length;

  // Nothing goes out early; then the page moves it to Past with Telegram's outcome, without a reload.
  await page.waitForTimeout(Math.max(0, due.getTime() - Date.now() - 5_000));
  expect(telegram.messages.length).toBe(before);
  const outcome = page
    .getByRole('region', { name: 'Past 30 Days' })
    .getByRole('listitem')
    .filter({ hasText: thread.title })
    .getByTestId('outcome-telegram');
  await expect(outcome).toContainText('Posted', { timeout: 120_000 });
  await expect(row).toHaveCount(0);
  const sent = telegram.messages.slice(before);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.at(-1)!.text).toContain(`Read original article at: ${thread.sourceUrl}`);
  await expect(outcome.getByRole('link', { name: /^View on Telegram/ })).toHaveAttribute(
    'href',
    `https://t.me/${CHAT.username}/${sent[0]!.messageId}`,
  );

  // Published once: no second run follows.
  const posted = telegram.messages.length;
  await page.waitForTimeout(10_000);
  expect(telegram.messages.length).toBe(posted);
  await page.goto(`${stack.url}/thread/${thread.id}`);
  await expect(page.getByRole('heading', { level: 1, name: thread.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scheduled publishing' })).toHaveCount(0);
});
