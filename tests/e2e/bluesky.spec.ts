import { randomUUID } from 'node:crypto';
import { AtpAgent } from '@atproto/api';
import { expect, test } from '@playwright/test';
import { type RunningPds, startPds } from '../bluesky-pds/pds';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

// Like the vitest suite: without the PDS install (the root postinstall does it) startPds throws, so
// these tests fail, never skip.

let pds: RunningPds;
let stack: StartedStack;
let articles: ArticleServer;

test.beforeAll(async () => {
  pds = await startPds();
  articles = await startHarbourArticle();
  stack = await startStack({
    web: 'prod',
    env: { BLUESKY_SERVICE_URL: pds.pdsUrl, ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${pds.allowedHosts}` },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await articles?.close();
  await pds?.stop();
});

test('connects Bluesky with an app password and publishes a generated thread to the PDS', async ({ page }) => {
  const handle = `e2e${randomUUID().slice(0, 8)}.test`;
  const bluesky = new AtpAgent({ service: pds.pdsUrl });
  await bluesky.createAccount({ handle, email: `${handle}@example.test`, password: `account-${randomUUID()}` });
  const appPassword = (await bluesky.com.atproto.server.createAppPassword({ name: 'ThreadSnip' })).data.password;

  await signUp(page, stack.url, `bsky-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Bluesky connection' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await card.getByLabel('Handle').fill(handle);
  await card.getByLabel('App password').fill('wrong-pass-word-here');
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Bluesky refused the connection: Invalid identifier or password')).toBeVisible();
  await card.getByLabel('App password').fill(appPassword);
  await card.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Bluesky Connected!', { exact: true })).toBeVisible();
  await expect(card.getByText(`Current connection: @${handle}`)).toBeVisible();
  expect(await page.content()).not.toContain(appPassword);

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Bluesky/ }).check();
  await expect(page.getByText(/Bluesky version: \d+ posts?/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const row = page.getByTestId('publish-row-bluesky');
  await expect(row).toContainText('Successfully posted!', { timeout: 20_000 });
  const records = (
    await bluesky.com.atproto.repo.listRecords({ repo: bluesky.session!.did, collection: 'app.bsky.feed.post' })
  ).data.records;
  const first = records.find((record) => !(record.value as { reply?: unknown }).reply)!;
  await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute(
    'href',
    `https://bsky.app/profile/${handle}/post/${first.uri.split('/').pop()}`,
  );
  const last = records[0]!.value as { text: string; embed?: { $type: string } };
  expect(last.text).toContain('Read original article at:');
  expect(last.embed?.$type).toBe('app.bsky.embed.external');
});
