import { expect, test } from '@playwright/test';
import { type FeedServer, startFeedServer } from '../fakes/feed-server';
import { type ArticleServer, articlePage, startArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';

const BRIDGE_ARTICLE = articlePage({
  title: 'The old swing bridge reopens after two years of repairs',
  paragraphs: [
    'The swing bridge over the river Aln reopened on Saturday after two years of repairs that cost the county 4.2 million euros, engineers said at the ceremony.',
    'Built in 1896, the bridge turns on a central pier to let tall ships pass. Its original machinery was restored piece by piece in a workshop in the harbour, and two of its gears had to be cast again.',
    'Traffic engineers expect about 6,000 crossings a day once the summer season starts, and the bridge will swing open twice a day for river traffic, at ten in the morning and at four in the afternoon.',
    'Local shopkeepers said the closure had cut their trade by a third, and the council has promised a market on the bridge every first Sunday of the month to bring visitors back.',
    'The engineers said the restored mechanism should last another fifty years with yearly maintenance, and that the bridge will be inspected again in the spring.',
  ],
});

test.describe('the feed inbox', () => {
  let stack: StartedStack;
  let articles: ArticleServer;
  let feeds: FeedServer;

  test.beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/bridge', BRIDGE_ARTICLE);
    feeds = await startFeedServer();
    feeds.feed('/river.xml', {
      title: 'River Gazette',
      entries: [
        {
          guid: 'bridge',
          link: `${articles.url}/bridge`,
          title: 'The old swing bridge reopens',
          summary: 'After two years of repairs the bridge turns again.',
          published: '2026-03-04T09:00:00Z',
        },
        {
          guid: 'ferry',
          link: `${articles.url}/ferry`,
          title: 'Ferry timetable changes',
          summary: 'The winter timetable starts on Monday.',
          published: '2026-03-03T09:00:00Z',
        },
      ],
    });
    feeds.page('/', [{ href: '/river.xml', type: 'application/rss+xml' }]);
    stack = await startStack({
      web: 'prod',
      env: { ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${feeds.host}` },
    });
  });

  test.afterAll(async () => {
    await stack?.cleanup();
    await feeds?.close();
    await articles?.close();
  });

  test("add a site's feed, see its items newest first, and make a thread from one", async ({ page }) => {
    await signUp(page, stack.url, 'reader@example.com');
    await page.getByRole('link', { name: 'Inbox' }).first().click();
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();

    // A site's address: its feed is found from the page's <link rel="alternate">.
    await page.getByLabel('Feed or site address').fill(`${feeds.url}/`);
    await page.getByRole('button', { name: 'Add Feed' }).click();

    const feedRow = page.getByRole('list', { name: 'Your feeds' }).getByRole('listitem', { name: 'River Gazette' });
    await expect(feedRow).toContainText('OK');
    await expect(feedRow).toContainText(`${feeds.url}/river.xml`);
    const items = page.getByRole('list', { name: 'Inbox articles' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('The old swing bridge reopens');
    await expect(items.first()).toContainText('River Gazette');
    await expect(items.first()).toContainText('After two years of repairs the bridge turns again.');
    await expect(items.first().getByRole('link', { name: 'Open original' })).toHaveAttribute(
      'href',
      `${articles.url}/bridge`,
    );

    // Dismiss hides an item.
    await items.nth(1).getByRole('button', { name: 'Dismiss' }).click();
    await expect(items).toHaveCount(1);

    // An address with no feed is refused with its reason.
    await page.getByLabel('Feed or site address').fill(`${articles.url}/bridge`);
    await page.getByRole('button', { name: 'Add Feed' }).click();
    await expect(page.getByRole('alert')).toHaveText('No feed found at this address');

    // Make Thread is the normal flow: the URL filled in (the title beside it), nothing spent until Generate.
    await items.first().getByRole('link', { name: 'Make Thread' }).click();
    await expect(page.getByLabel('Article URL')).toHaveValue(`${articles.url}/bridge`);
    await expect(page.getByText('The old swing bridge reopens', { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paste an article link' })).toBeVisible();
    await page.getByLabel('Thread Tone').selectOption('casual');
    await page.getByRole('button', { name: /Generate Thread/ }).click();
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('You have 4 credits remaining.')).toBeVisible();
    await expect(page.getByText(`${articles.url}/bridge`, { exact: true })).toBeVisible();
  });
});
