import { expect, test } from '@playwright/test';
import { startLinkedInServer } from '../fakes/linkedin-server';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep } from './support/harbour-thread';
import {
  connectTelegramCard,
  type PlatformWithTelegram,
  publishAndSeeBothRows,
  startPlatformWithTelegram,
} from './support/oauth-platform-with-telegram';

const APP = { clientId: 'e2e-li-client', clientSecret: 'e2e-li-secret' };
const TOKEN = '424242:e2e-li-bot-token';
let linkedin: Awaited<ReturnType<typeof startLinkedInServer>>;
let setup: PlatformWithTelegram;

test.beforeAll(async () => {
  linkedin = await startLinkedInServer({
    ...APP,
    redirectUris: [],
    member: { sub: 'e2eMember42', name: 'Dana Curator' },
    today: new Date('2026-11-15T00:00:00Z'),
  });
  setup = await startPlatformWithTelegram(
    'linkedin',
    linkedin,
    {
      LINKEDIN_API_URL: linkedin.apiUrl,
      LINKEDIN_AUTHORIZE_URL: linkedin.authorizeUrl,
      LINKEDIN_TOKEN_URL: linkedin.tokenUrl,
      LINKEDIN_CLIENT_ID: APP.clientId,
      LINKEDIN_CLIENT_SECRET: APP.clientSecret,
      LINKEDIN_VERSION: '202610',
    },
    TOKEN,
  );
});

test.afterAll(async () => {
  await setup?.stop();
});

test('connects LinkedIn through its consent page and publishes a thread to it and Telegram, every row complete', async ({
  page,
}) => {
  const { stack, telegram, articles } = setup;
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

  await connectTelegramCard(page, TOKEN);

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /LinkedIn/ }).check();
  await page.getByRole('checkbox', { name: /Telegram/ }).check();
  await expect(page.getByText(/LinkedIn version: 1 post$/)).toBeVisible();
  const postsBefore = linkedin.posts.length;
  const messagesBefore = telegram.messages.length;
  await publishAndSeeBothRows(page, 'linkedin');
  const linkedinRow = page.getByTestId('publish-row-linkedin');
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
