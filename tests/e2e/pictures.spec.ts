import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startMastodonServer } from '../fakes/mastodon-server';
import { startTelegramServer } from '../fakes/telegram-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { expectNoSeriousViolations } from './support/axe';
import { openSharingPanel } from './support/sharing-panel';
import { telegramCuratorWithThread } from './support/telegram-curator';

// Pictures from the thread page to two platforms, in the production build on a whole local stack (its
// S3-compatible server included): a quote card of a post's passage and the curator's own picture,
// each with its alt text, saved, then published to the Telegram stand-in (no alt text field: it gets
// the bytes) and the Mastodon stand-in (each picture uploaded with its alt text as `description`).
let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
const TOKEN = '123456:PICTURES-token';
const CHAT = { id: '-1004', title: 'Harbour Pictures', username: 'harbourpictures' };
const PASSAGE = 'The ferry carried commuters across the estuary for forty years.';
/** The quote card's alt text: the passage and its credit, word for word. */
const CARD_ALT = `“${PASSAGE}” — Mara Lindqvist, The Coastal Ledger (news.example.com)`;
const PHOTO_ALT = 'The harbour at dawn, in blue';

test.beforeAll(async () => {
  telegram = await startTelegramServer({ token: TOKEN, botUsername: 'picturebot', chats: [CHAT] });
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

test('a quote card and an uploaded picture, with alt text, saved and published to Telegram and Mastodon: bytes and alt text arrive', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const thread = await telegramCuratorWithThread(page, stack, {
    name: 'pictures',
    botToken: TOKEN,
    chatId: CHAT.id,
    threadIndex: 3,
    mastodonInstance: mastodon.instance,
    overrides: {
      posts: [
        { id: 'post-0', content: 'A ferry becomes a floating library. 1/3', charCount: 39 },
        { id: 'post-1', content: 'It served the town for forty years. 2/3', charCount: 39, source: PASSAGE },
        {
          id: 'post-2',
          content: 'Thread created by localhost:3000. Read original article at: https://news.example.com/story-3',
          charCount: 90,
        },
      ],
      author: 'Mara Lindqvist',
      outlet: 'The Coastal Ledger',
    },
  });
  await page.goto(`${stack.url}/thread/${thread.id}`);

  // The quote card: only post 2 has a passage to quote.
  await expect(page.getByRole('button', { name: 'Quote card for post 1' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Quote card for post 2' }).click();
  await page.getByRole('button', { name: 'Add quote card' }).click();
  const pictures = page.getByRole('list', { name: 'Images of post 2' });
  await expect(pictures.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  await expect(pictures.getByRole('textbox').first()).toHaveValue(CARD_ALT);

  // The curator's own picture, through the presigned upload to the stack's S3 server.
  const photo = testInfo.outputPath('harbour.png');
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } })
    .png()
    .toFile(photo);
  await page.getByLabel('Image files for post 2').setInputFiles(photo);
  await expect(pictures.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await pictures.getByRole('textbox').nth(1).fill(PHOTO_ALT);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Thread saved', { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Images of post 2' }).getByRole('listitem')).toHaveCount(2);

  const telegramBox = await openSharingPanel(page, /Telegram/);
  await telegramBox.check();
  await page.getByRole('checkbox', { name: /Mastodon/ }).check();
  const messagesBefore = telegram.messages.length;
  const statusesBefore = mastodon.statuses.length;
  await page.getByRole('button', { name: 'Share to 2 platforms' }).click();
  for (const platform of ['telegram', 'mastodon']) {
    await expect(page.getByTestId(`publish-row-${platform}`)).toContainText('Successfully posted!', {
      timeout: 30_000,
    });
  }

  // Telegram: the album of post 2, captioned with its text.
  const album = telegram.messages.slice(messagesBefore).filter((message) => message.photo);
  expect(album).toHaveLength(2);
  expect(album[0]!.text).toBe('It served the town for forty years.');
  const telegramImages = await Promise.all(
    album.map(async (message) => sharp(Buffer.from(message.photo!.bytes)).metadata()),
  );
  expect(telegramImages.map(({ format, width, height }) => [format, width, height])).toEqual([
    ['png', 1200, 675],
    ['png', 320, 200],
  ]);

  // Mastodon: one status (500 characters may take several posts) carries both pictures, in order,
  // each uploaded as a PNG of its size with the alt text the curator wrote as its description.
  const withMedia = mastodon.statuses.slice(statusesBefore).filter((status) => (status.mediaIds ?? []).length > 0);
  expect(withMedia).toHaveLength(1);
  expect(withMedia[0]!.text).toContain('It served the town for forty years.');
  const attached = withMedia[0]!.mediaIds!.map((id) => mastodon.media.find((entry) => entry.id === id)!);
  expect(attached.map(({ mimeType, description }) => [mimeType, description])).toEqual([
    ['image/png', CARD_ALT],
    ['image/png', PHOTO_ALT],
  ]);
  const mastodonImages = await Promise.all(attached.map(async (entry) => sharp(Buffer.from(entry.bytes)).metadata()));
  expect(mastodonImages.map(({ format, width, height }) => [format, width, height])).toEqual([
    ['png', 1200, 675],
    ['png', 320, 200],
  ]);
});
