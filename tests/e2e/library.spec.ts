import { expect, type Page, test } from '@playwright/test';
import { copyAllText } from '../../shared/copy';
import { type ArticleServer, articlePage, startArticleServer } from '../helpers/article-server';
import { signUp as apiSignUp } from '../helpers/auth-client';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import { E2E_PASSWORD, fillCredentials } from './support/accounts';
import { expectNoSeriousViolations } from './support/axe';

const ARTICLE = articlePage({
  title: 'How night trains came back to Europe',
  paragraphs: [
    'Night trains nearly vanished from Europe a decade ago, when budget airlines undercut them on price and operators cut the routes that lost money.',
    'Since 2016 the Austrian railway has revived more than twenty sleeper routes, buying the rolling stock other operators were retiring and filling the trains within months.',
    'Travellers say the appeal is simple: you board in one capital in the evening and wake up in another, with no airport transfer and a bed instead of a seat.',
    'New operators have joined since, and governments now subsidise some routes to cut emissions from short flights, which produce several times more carbon per passenger.',
    'The obstacles remain real: track access charges differ from country to country, and a shortage of sleeper carriages keeps fares high on the busiest nights.',
  ],
});

let stack: StartedStack;
let articles: ArticleServer;

test.beforeAll(async () => {
  articles = await startArticleServer();
  articles.page('/night-trains', ARTICLE);
  stack = await startStack({ web: 'prod', env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host } });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await articles?.close();
});

/** A fresh account (made through the API, so its user id is known) signed in on this page. */
async function signedInUser(page: Page, name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  const { UserSub } = await apiSignUp(stack.url, email, E2E_PASSWORD);
  await page.goto(`${stack.url}/auth`);
  await fillCredentials(page, email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${stack.url}/`);
  return UserSub;
}

function cards(page: Page) {
  return page
    .getByRole('list', { name: 'Your threads' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });
}

test('My Threads: newest first, Load More, filters, sort by title, and delete', async ({ page }) => {
  const userId = await signedInUser(page, 'historian');
  await seedThreads(
    stack,
    Array.from({ length: 20 }, (_, index) =>
      seededThread(userId, index, {
        themes: index % 5 === 0 ? ['climate', 'rail', 'travel'] : ['seeding'],
        tone: index % 4 === 0 ? 'casual' : 'professional',
      }),
    ),
  );

  await page.goto(`${stack.url}/history`);
  await expect(page.getByRole('heading', { name: 'My Threads' })).toBeVisible();
  await expect(cards(page)).toHaveCount(15);
  await expect(cards(page).first()).toContainText('Seeded thread 019');
  await expect(cards(page).first()).toContainText('3 posts');
  await page.getByRole('button', { name: 'Load More Threads' }).click();
  await expect(cards(page)).toHaveCount(20);
  await expect(cards(page).last()).toContainText('Seeded thread 000');
  await expect(page.getByRole('button', { name: 'Load More Threads' })).toHaveCount(0);

  // Theme: a case-insensitive substring; tone: an exact match. The panel opens on request.
  await expect(page.getByLabel('Theme', { exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Filter & Sort' }).click();
  await expect(page.getByRole('button', { name: 'Filter & Sort' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Theme', { exact: true }).fill('CLIM');
  await expect(cards(page)).toHaveCount(4);
  await expect(cards(page).first()).toContainText('#climate');
  await expect(cards(page).first()).toContainText('+1');
  await page.getByLabel('Tone', { exact: true }).selectOption('casual');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Seeded thread 000');
  await page.getByLabel('Theme', { exact: true }).fill('');
  await page.getByLabel('Tone', { exact: true }).selectOption('');

  await page.getByLabel('Sort by').selectOption('title');
  await expect(cards(page).first()).toContainText('Seeded thread 000');
  await page.getByLabel('Order', { exact: true }).selectOption('desc');
  await expect(cards(page).first()).toContainText('Seeded thread 019');

  const doomed = cards(page).first();
  await doomed.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this thread?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The thread has been permanently deleted.')).toBeVisible();
  await expect(cards(page).first()).toContainText('Seeded thread 018');
  await page.reload();
  await expect(cards(page).first()).toContainText('Seeded thread 018');
  await expect(page.getByText('Seeded thread 019')).toHaveCount(0);
});

test('thread page: edit a post, Save, and the edit is there after a reload; a foreign id is not found', async ({
  page,
}) => {
  const userId = await signedInUser(page, 'editor');
  const thread = seededThread(userId, 1);
  await seedThreads(stack, [thread]);

  await page.goto(`${stack.url}/thread/${thread.id}`);
  await expect(page.getByRole('heading', { name: thread.title })).toBeVisible();
  await page.getByRole('button', { name: 'Edit post 2' }).click();
  const edited = 'Sleeper routes came back because travellers wanted a bed, not a seat. 2/3';
  await page.getByRole('textbox', { name: 'Post 2 of 3' }).fill(edited);
  await page.getByRole('textbox', { name: 'Post 2 of 3' }).press('Control+Enter');
  await expect(page.getByText('Post Updated')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Thread saved')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('thread-post').nth(1)).toContainText('Sleeper routes came back');

  const foreign = seededThread('someone-else-entirely', 2);
  await seedThreads(stack, [foreign]);
  await page.goto(`${stack.url}/thread/${foreign.id}`);
  await expect(page.getByRole('heading', { name: 'Thread not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to your threads' }).click();
  await expect(page).toHaveURL(`${stack.url}/history`);
});

test('manual share: Copy All puts every post on the clipboard, numbering stripped, blank-line separated', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url });
  const userId = await signedInUser(page, 'sharer');
  const thread = seededThread(userId, 3);
  await seedThreads(stack, [thread]);

  await page.goto(`${stack.url}/thread/${thread.id}`);
  await page.getByRole('button', { name: 'Copy as Markdown' }).click();
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain(
    `# ${thread.title}\n\nSource: <${thread.sourceUrl}>\n\n1. Opening post of seeded thread 3.\n2.`,
  );

  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('button', { name: 'Back to thread' }).click();
  await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Share Thread' }).click();
  await page.getByRole('link', { name: 'Start Manual Sharing' }).click();
  await expect(page).toHaveURL(`${stack.url}/thread/${thread.id}/manual-share`);
  await expect(page.getByText('Post 1 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Copy All' }).click();
  await expect(page.getByText('All posts copied!')).toBeVisible();

  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(copyAllText(thread.posts));
  expect(clipboard).toContain(
    `Opening post of seeded thread 3.\n\nThe middle of seeded thread 3.\n\nThread created by`,
  );
  await expect(page.getByText('✓ All posts copied')).toBeVisible();

  // Inline edit: every post but the attribution; the edit is saved to the thread.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Post 1 of 3' });
  await editor.fill('A sharper opening for seeded thread 3. 1/3');
  await editor.press('Control+Enter');
  await expect(page.getByText('Post Updated')).toBeVisible();
  await expect(page.getByText('A sharper opening for seeded thread 3.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Post 3 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('A sharper opening for seeded thread 3.', { exact: true })).toBeVisible();
});

test("a thread generated in a second tab appears in the first tab's history within 5 seconds", async ({
  page,
  context,
}) => {
  await signedInUser(page, 'two-tabs');
  await page.goto(`${stack.url}/history`);
  await expect(page.getByRole('heading', { name: 'No threads yet' })).toBeVisible();

  const second = await context.newPage();
  await second.goto(`${stack.url}/create`);
  await second.getByLabel('Article URL').fill(`${articles.url}/night-trains`);
  await second.getByRole('button', { name: /Generate Thread/ }).click();
  await expect(second.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });

  await expect(cards(page)).toHaveCount(1, { timeout: 5_000 });
});

test('axe-core finds no serious violation on My Threads, a thread page and manual share', async ({ page }) => {
  const userId = await signedInUser(page, 'axe-library');
  const threads = Array.from({ length: 3 }, (_, index) =>
    seededThread(userId, index, { isSensitiveContent: index === 1, postedToX: index === 2 }),
  );
  await seedThreads(stack, threads);

  await page.goto(`${stack.url}/history`);
  await expect(cards(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Filter & Sort' }).click();
  await test.step('/history', () => expectNoSeriousViolations(page));

  await page.goto(`${stack.url}/thread/${threads[0]!.id}`);
  await expect(page.getByRole('heading', { name: threads[0]!.title })).toBeVisible();
  await test.step('/thread/{id}', () => expectNoSeriousViolations(page));

  await page.goto(`${stack.url}/thread/${threads[0]!.id}/manual-share`);
  await expect(page.getByText('Post 1 of 3')).toBeVisible();
  await test.step('/thread/{id}/manual-share', () => expectNoSeriousViolations(page));
});
