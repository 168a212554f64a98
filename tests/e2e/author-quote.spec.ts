import { expect, test } from '@playwright/test';
import { startMastodonServer } from '../fakes/mastodon-server';
import type { ArticleServer } from '../helpers/article-server';
import { connectMastodon, newUser } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { authorStatus, MASTODON_AUTHOR_HANDLES } from '../helpers/mastodon-author';
import { signInOnPage } from './support/accounts';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';

// The article's author has shared it on Mastodon: the share step finds that status, says it will quote
// it, and the credit the Mastodon stand-in receives quotes it (`quoted_status_id`), link kept.
let stack: StartedStack;
let mastodon: Awaited<ReturnType<typeof startMastodonServer>>;
let articles: ArticleServer;

test.beforeAll(async () => {
  mastodon = await startMastodonServer();
  articles = await startHarbourArticle({ fediverseCreator: MASTODON_AUTHOR_HANDLES.fediverse });
  stack = await startStack({
    web: 'prod',
    // The article host and the local instance are allowed as host:port, as an operator may.
    env: { ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${mastodon.instance}` },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await mastodon?.close();
  await articles?.close();
});

test("the share step quotes the author's own Mastodon post, and the credit made quotes it", async ({ page }) => {
  test.setTimeout(120_000);
  const articleUrl = `${articles.url}/harbour`;
  const announcement = authorStatus(mastodon, { link: articleUrl, createdAt: '2026-11-01T09:00:00.000Z' });
  const curator = await newUser(stack.url, 'quoting');
  await connectMastodon(stack.url, curator.tokens.idToken, mastodon.instance);
  await signInOnPage(page, stack.url, curator.email, curator.password);

  await generateHarbourThreadToShareStep(page, stack.url, articles);
  await page.getByRole('checkbox', { name: /Mastodon/ }).check();

  const quoting = page.getByRole('link', { name: "Quoting @carol@example.social's post from Nov 1, 2026" });
  await expect(quoting).toBeVisible({ timeout: 20_000 });
  await expect(quoting).toHaveAttribute('href', `https://example.social/@carol/${announcement}`);
  await expect(page.getByRole('checkbox', { name: "Quote the author's post in the credit" })).toBeChecked();
  const before = mastodon.statuses.length;
  await page.getByRole('button', { name: 'Continue to Publishing' }).click();

  const row = page.getByTestId('publish-row-mastodon');
  await expect(row).toContainText('Successfully posted!', { timeout: 30_000 });
  const made = mastodon.statuses.slice(before);
  expect(made.length).toBeGreaterThan(1);
  expect(made.slice(0, -1).map((status) => status.quotedStatusId ?? null)).toEqual(made.slice(0, -1).map(() => null));
  expect(made.at(-1)).toMatchObject({
    text: expect.stringContaining(`Read original article at: ${articleUrl}`),
    quotedStatusId: announcement,
  });
});
