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

// An advice column whose passages all open with words that occur earlier on the page: two letters
// start 'DEAR ABBY: My husband', a teaser list and a caption repeat openings, and one phrase is used
// three times. Every word is its own <span>, so the highlighted words can be read back one by one.
const words = (text: string) =>
  text
    .split(' ')
    .map((word) => `<span>${word}</span>`)
    .join(' ');
const LETTERS = [
  'DEAR ABBY: My husband snores so loudly that I have moved into the guest room, and now his mother tells everyone at church that I am ruining our marriage of twenty years. — SLEEPLESS IN SALEM',
  'DEAR SLEEPLESS: Earplugs cost far less than a divorce lawyer. Every marriage needs rest. Tell your mother-in-law that the guest room is a truce, not a separation, and that the subject is closed.',
  'DEAR ABBY: My husband and I disagree about whether our son should pay rent now that he earns a full salary at the shipyard and still lives in his old bedroom. — DIVIDED IN DOVER',
  'DEAR DIVIDED: Every marriage needs rest, and every household needs rules. A modest rent of 200 dollars a month teaches your son to budget; save it quietly and return it when he moves out.',
  'DEAR ABBY: My neighbour has let his hedge grow so tall that our vegetable garden gets no sun after noon, and he ignores the three polite notes I have left in his mailbox. — SHADED IN SHREWSBURY',
  'DEAR SHADED: Every marriage needs rest, and so does every feud between neighbours. Knock on his door with a plate of cookies, and ask him to trim the hedge by the first week of June.',
];
const TEASERS = [
  'A modest rent of 200 dollars for a grown son?',
  'Tell your mother-in-law that the guest room is off limits.',
  'DEAR DIVIDED: Every marriage needs rest, says Abby.',
  'DEAR SHADED: Every marriage has its feuds.',
  'My neighbour has let his hedge grow so tall.',
];
// The <title> is not on the page: a post written from it must get no link.
const columnArticle = `<!doctype html><html lang="en"><head><title>Ask Abby: snoring, rent and a neighbour's hedge | Test Gazette</title>
<meta name="author" content="Abigail Van Buren"><meta property="og:site_name" content="Test Gazette">
<style>body{background:#fff;color:#000;font:18px/1.6 sans-serif}::target-text{background-color:rgb(255,0,255);color:rgb(255,0,255)}</style></head>
<body><header><nav><a href="/">Home</a> <a href="/advice">Advice</a></nav></header>
<aside><h2>${words('In this column')}</h2><ul>${TEASERS.map((teaser) => `<li>${words(teaser)}</li>`).join('')}</ul></aside>
<article><h1>${words('Dear Abby')}</h1><p class="byline">By Abigail Van Buren</p>
<figure><figcaption>${words('My husband snores so loudly that I have moved into the guest room. Photo: Getty')}</figcaption></figure>
${LETTERS.map((letter) => `<p>${words(letter)}</p>`).join('\n')}
</article><footer>© Test Gazette</footer></body></html>`;
const columnText = [...TEASERS, ...LETTERS, 'Dear Abby', 'In this column'].join(' ').toLowerCase();

let stack: StartedStack;
let articles: ArticleServer;

test.beforeAll(async () => {
  articles = await startArticleServer();
  articles.page('/harbour', markedArticle);
  articles.page('/column', columnArticle);
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

/** The words of the page painted with the highlight colour, read from a full-page screenshot at each word's centre. */
async function highlightedWords(page: Page, browser: Browser): Promise<string> {
  const spans = await page.evaluate(() =>
    [...document.querySelectorAll('span')].map((span) => {
      // A word broken over two lines (mother-in-law) is read on its first line.
      const box = span.getClientRects()[0] ?? span.getBoundingClientRect();
      return {
        text: span.textContent ?? '',
        x: Math.round(box.left + window.scrollX + box.width / 2),
        y: Math.round(box.top + window.scrollY + box.height / 2),
      };
    }),
  );
  const shot = (await page.screenshot({ fullPage: true })).toString('base64');
  const reader = await browser.newPage();
  const painted = await reader.evaluate(
    async ({ data, points, mark }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.drawImage(image, 0, 0);
      const near = (value: number | undefined, want: number) => Math.abs((value ?? 0) - want) < 24;
      return points.map(({ x, y }) => {
        const [r, g, b] = context.getImageData(x, y, 1, 1).data;
        return near(r, mark.r) && near(g, mark.g) && near(b, mark.b);
      });
    },
    { data: shot, points: spans, mark: MARK },
  );
  await reader.close();
  return spans
    .filter((_, index) => painted[index])
    .map((span) => span.text)
    .join(' ');
}

test('on a page of repeated openings, every passage link highlights exactly its passage, and a passage not on the page gets none', async ({
  page,
  browser,
}) => {
  // A generation, then one visit of the article per linked post, each read back from a screenshot.
  test.setTimeout(180_000);
  await signUp(page, stack.url, `passages-${Date.now()}@example.com`);
  await page.goto(`${stack.url}/create`);
  await page.getByLabel('Article URL').fill(`${articles.url}/column`);
  await page.getByRole('button', { name: /Generate Thread/ }).click();
  await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
  // Each post's text and the passage it was written from, as the preview shows them.
  const drafted = await page.locator('li:has(.post__text)').evaluateAll((items) =>
    items.map((item) => ({
      content: item.querySelector('.post__text')?.textContent ?? '',
      source: item.querySelector('.post__source blockquote')?.textContent ?? null,
    })),
  );
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Share Your Thread' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Public link' });
  await panel.getByRole('button', { name: 'Make Public' }).click();
  const naming = page.getByRole('dialog', { name: 'Choose a display name' });
  await naming.getByRole('textbox', { name: 'Display name' }).fill('Column Reader');
  await naming.getByRole('button', { name: 'Make Public' }).click();
  const link = panel.getByRole('textbox', { name: 'Public link' });
  await expect(link).toHaveValue(new RegExp(`^${stack.url}/t/`));
  const publicUrl = await link.inputValue();

  const reader = await browser.newContext({ viewport: { width: 900, height: 600 } });
  const visitor = await reader.newPage();
  await visitor.goto(publicUrl);
  const shown = await visitor.locator('main li').evaluateAll((items) =>
    items.map((item) => ({
      content: item.querySelector('p')?.textContent ?? '',
      linked: item.querySelector('a.original') !== null,
    })),
  );
  const passages = shown.map((post) => ({
    ...post,
    source: drafted.find((draft) => draft.content === post.content)?.source ?? null,
  }));
  const linked = passages.filter((post) => post.linked);
  expect(linked.length).toBeGreaterThanOrEqual(3);

  for (const [index, post] of linked.entries()) {
    const passage = (post.source ?? '').replace(/\s+/g, ' ').trim();
    expect(passage).not.toBe('');
    await visitor.goto(publicUrl);
    await visitor.getByRole('link', { name: 'Read this in the original' }).nth(index).click();
    await visitor.waitForURL(`${articles.url}/column**`);
    await visitor.waitForLoadState('load');
    await expect.poll(() => highlightedWords(visitor, browser), { timeout: 8_000 }).toBe(passage);
  }
  // A post without a link is one whose passage the page does not show.
  for (const post of passages.filter((entry) => !entry.linked && entry.source)) {
    expect(columnText).not.toContain((post.source ?? '').replace(/\s+/g, ' ').trim().toLowerCase());
  }
  await reader.close();
});
