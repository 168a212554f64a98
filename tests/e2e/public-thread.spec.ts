import { type Browser, expect, type Page, test } from '@playwright/test';
import { type ArticleServer, harbourArticlePage, startArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';
import { generateHarbourThreadToShareStep } from './support/harbour-thread';

// The article paints the passage a browser scrolls to (::target-text) in a colour nothing else uses,
// below a spacer taller than the window, so a highlight and a scroll can both be seen.
const MARK = { r: 255, g: 0, b: 255 };
const markedArticle = harbourArticlePage()
  .replace('</head>', '<style>::target-text{background-color:rgb(255,0,255);color:rgb(255,0,255)}</style></head>')
  .replace('<body>', '<body><div style="height:1600px"></div>');

let stack: StartedStack;
let articles: ArticleServer;

test.beforeAll(async () => {
  articles = await startArticleServer();
  articles.page('/harbour', markedArticle);
  stack = await startStack({ web: 'prod', env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host } });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await articles?.close();
});

/** How many pixels of the window show the highlight colour (the screenshot read back through a canvas). */
async function highlightedPixels(page: Page, browser: Browser): Promise<number> {
  const shot = (await page.screenshot()).toString('base64');
  const reader = await browser.newPage();
  const count = await reader.evaluate(
    async ({ data, mark }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      let found = 0;
      for (let index = 0; index < pixels.length; index += 4) {
        const near = (value: number | undefined, want: number) => Math.abs((value ?? 0) - want) < 24;
        if (near(pixels[index], mark.r) && near(pixels[index + 1], mark.g) && near(pixels[index + 2], mark.b))
          found += 1;
      }
      return found;
    },
    { data: shot, mark: MARK },
  );
  await reader.close();
  return count;
}

test('a public thread is read signed out, opens the original at its passage highlighted, and is gone once private', async ({
  page,
  browser,
}) => {
  const email = `public-${Date.now()}@example.com`;
  await signUp(page, stack.url, email);
  await generateHarbourThreadToShareStep(page, stack.url, articles);

  const panel = page.getByRole('region', { name: 'Public link' });
  await expect(panel.getByText('Only you can see this thread.')).toBeVisible();
  // Whole-thread reads (each a security event) from here on; the Webmention's state has its own route.
  const threadReads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /^\/api\/threads\/[^/]+$/.test(new URL(request.url()).pathname))
      threadReads.push(request.url());
  });
  await panel.getByRole('button', { name: 'Make Public' }).click();
  // The first Make Public asks for the name the page will show: never the email.
  const naming = page.getByRole('dialog', { name: 'Choose a display name' });
  await expect(naming).toBeVisible();
  await naming.getByRole('textbox', { name: 'Display name' }).fill(email);
  await naming.getByRole('button', { name: 'Make Public' }).click();
  await expect(naming.getByRole('alert')).toHaveText(
    'A display name cannot contain a web address or an email address.',
  );
  await naming.getByRole('textbox', { name: 'Display name' }).fill('  Quay   Notes ');
  await naming.getByRole('button', { name: 'Make Public' }).click();
  await expect(naming).toBeHidden();
  const link = panel.getByRole('textbox', { name: 'Public link' });
  await expect(link).toHaveValue(new RegExp(`^${stack.url}/t/[A-Za-z0-9_-]{22}$`));
  const publicUrl = await link.inputValue();
  // Where the mention to the author ended shows without a reload, polled through the status route.
  await expect(panel.getByRole('status')).toHaveText(/^Author (not )?notified/, { timeout: 15_000 });
  expect(threadReads).toEqual([]);

  const reader = await browser.newContext({ viewport: { width: 900, height: 600 } });
  const visitor = await reader.newPage();
  const response = await visitor.goto(publicUrl);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(/^Original article by Dana Reyes/)).toBeVisible();
  await expect(visitor.getByText('Drafted with AI, edited by Quay Notes', { exact: true })).toBeVisible();
  await expect(visitor.getByText('by Quay Notes · ThreadSnip')).toBeVisible();
  expect(await visitor.content()).not.toContain(email.split('@')[0]);
  expect(await visitor.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');

  // A new name in Account Settings is what the page shows from its next view on.
  const settings = await page.context().newPage();
  await settings.goto(`${stack.url}/account-settings`);
  const profile = settings.getByRole('region', { name: 'Public Profile' });
  await expect(profile.getByRole('textbox', { name: 'Display name' })).toHaveValue('Quay Notes');
  await profile.getByRole('textbox', { name: 'Display name' }).fill('Harbour Reader');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Display name saved')).toBeVisible();
  await settings.close();
  await visitor.goto(publicUrl);
  await expect(visitor.getByText('Drafted with AI, edited by Harbour Reader', { exact: true })).toBeVisible();

  const originals = visitor.getByRole('link', { name: 'Read this in the original' });
  expect(await originals.count()).toBeGreaterThan(0);
  const href = (await originals.last().getAttribute('href')) ?? '';
  expect(href).toContain(`${articles.url}/harbour#:~:text=`);
  await originals.last().click();
  await visitor.waitForURL(`${articles.url}/harbour**`);
  await visitor.waitForLoadState('load');

  // The browser scrolled past the spacer to the passage and painted it with ::target-text.
  await expect.poll(() => visitor.evaluate(() => window.scrollY), { timeout: 5_000 }).toBeGreaterThan(800);
  await expect.poll(() => highlightedPixels(visitor, browser), { timeout: 5_000 }).toBeGreaterThan(200);

  await panel.getByRole('button', { name: 'Make Private' }).click();
  await expect(panel.getByText('Only you can see this thread.')).toBeVisible();
  const gone = await visitor.goto(publicUrl);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Thread not found' })).toBeVisible();
  await reader.close();
});
