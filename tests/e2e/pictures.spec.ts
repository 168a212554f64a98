import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { startTelegramServer } from '../fakes/telegram-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { expectNoSeriousViolations } from './support/axe';
import { telegramCuratorWithThread } from './support/telegram-curator';

// Pictures from the thread page to a platform, in the production build on a whole local stack (its
// S3-compatible server included): a quote card of a post's passage and the curator's own picture,
// each with its alt text, saved, then published to the Telegram stand-in, which gets their bytes.
let stack: StartedStack;
let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
const TOKEN = '123456:PICTURES-token';
const CHAT = { id: '-1004', title: 'Harbour Pictures', username: 'harbourpictures' };
const PASSAGE = 'The ferry carried commuters across the estuary for forty years.';

test.beforeAll(async () => {
  telegram = await startTelegramServer({ token: TOKEN, botUsername: 'picturebot', chats: [CHAT] });
  stack = await startStack({ web: 'prod', env: { TELEGRAM_API_URL: telegram.url } });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await telegram?.close();
});

test('a quote card and an uploaded picture, with alt text, saved and published to Telegram with their bytes', async ({
  page,
}, testInfo) => {
  const thread = await telegramCuratorWithThread(page, stack, {
    name: 'pictures',
    botToken: TOKEN,
    chatId: CHAT.id,
    threadIndex: 3,
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
  await expect(pictures.getByRole('textbox').first()).toHaveValue(
    `“${PASSAGE}” — Mara Lindqvist, The Coastal Ledger (news.example.com)`,
  );

  // The curator's own picture, through the presigned upload to the stack's S3 server.
  const photo = testInfo.outputPath('harbour.png');
  await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } })
    .png()
    .toFile(photo);
  await page.getByLabel('Image files for post 2').setInputFiles(photo);
  await expect(pictures.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await pictures.getByRole('textbox').nth(1).fill('The harbour at dawn, in blue');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Thread saved', { exact: false }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Images of post 2' }).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  const before = telegram.messages.length;
  await page.getByRole('button', { name: 'Share to 1 platform' }).click();
  await expect(page.getByTestId('publish-row-telegram')).toContainText('Successfully posted!', { timeout: 30_000 });

  const album = telegram.messages.slice(before).filter((message) => message.photo);
  expect(album).toHaveLength(2);
  expect(album[0]!.text).toBe('It served the town for forty years.');
  const sizes = await Promise.all(album.map(async (message) => sharp(Buffer.from(message.photo!.bytes)).metadata()));
  expect(sizes.map(({ width, height }) => [width, height])).toEqual([
    [1200, 675],
    [320, 200],
  ]);
});
