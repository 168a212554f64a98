import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { signUp } from './support/accounts';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const SAMPLE = 'urban-heat-islands';
const urlField = (page: Page) => page.getByLabel('Article URL');

test('the installable app: a linked manifest served as application/manifest+json, with PNG icons that load', async ({
  page,
}) => {
  await page.goto(`${stack.url}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const response = await page.request.get(`${stack.url}${href}`);
  expect(response.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'ThreadSnip',
    short_name: 'ThreadSnip',
    display: 'standalone',
    start_url: '/create',
    scope: '/',
    id: '/',
    share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } },
  });
  for (const icon of manifest.icons as { src: string; type: string }[]) {
    const image = await page.request.get(`${stack.url}${icon.src}`);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('Chromium finds the app installable, as Lighthouse asks it: the manifest parses without a warning', async ({
  launchOptions,
}) => {
  // Test contexts are incognito, where nothing is installable: this one gets a real profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'threadsnip-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, launchOptions);
  try {
    const page = await context.newPage();
    await page.goto(`${stack.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([]);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the share target (/share) opens /create with the shared URL filled in, also from text with a URL among words or a url alone, and never generates by itself', async ({
  page,
}) => {
  await signUp(page, stack.url, 'sharer@example.com');
  const article = `${stack.url}/samples/${SAMPLE}.html`;
  const apiRequests: string[] = [];
  page.on('request', async (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const headers = await request.allHeaders();
    apiRequests.push(`${request.url()} ${headers.referer ?? ''} ${request.postData() ?? ''}`);
  });

  // As Android's Share menu opens the app: the manifest's GET share_target with title, text and url.
  await page.goto(`${stack.url}/share?${new URLSearchParams({ title: 'Heat', text: 'Cities run hot', url: article })}`);
  await expect(page).toHaveURL(/\/create\?/);
  await expect(urlField(page)).toHaveValue(article);
  // The shared words are shown beside the field, as its description.
  await expect(urlField(page)).toHaveAccessibleDescription('From the page Cities run hot');
  await expect(page.getByRole('button', { name: /Generate Thread/ })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Generating your thread' })).toHaveCount(0);
  await expect(page).toHaveURL(/step=input/);
  // The page asked the API for the account (its credits), and never sent it the shared words.
  expect(apiRequests.some((request) => request.includes('/api/me'))).toBe(true);
  expect(apiRequests.filter((request) => /Cities(%20|\+| )run/.test(request))).toEqual([]);

  // Many apps put the link in the text only, among words.
  await page.goto(
    `${stack.url}/share?${new URLSearchParams({ title: '', text: `Worth a read: ${article}. Via a friend` })}`,
  );
  await expect(urlField(page)).toHaveValue(article);
  await expect(urlField(page)).toHaveAccessibleDescription('From the page Worth a read: . Via a friend');
  await expect(page.getByRole('heading', { name: 'Generating your thread' })).toHaveCount(0);

  // A share with a url alone (no text, no title) reads as the sign-in redirect's /create?url=… would,
  // were it sent there: through /share it only fills in the field, and no credit is spent.
  const generations = apiRequests.length;
  await page.goto(`${stack.url}/share?${new URLSearchParams({ url: article })}`);
  await expect(urlField(page)).toHaveValue(article);
  await expect(page).toHaveURL(/step=input/);
  await expect(page.getByRole('button', { name: /Generate Thread/ })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Generating your thread' })).toHaveCount(0);
  expect(apiRequests.slice(generations).filter((request) => request.includes('/api/generation-jobs'))).toEqual([]);
});

test('the bookmarklet, clicked on an article, opens /create with that page’s URL and the selected text as a hint', async ({
  page,
}) => {
  await page.goto(`${stack.url}/create`);
  const link = page.getByRole('link', { name: 'Thread this page' });
  await expect(link).toHaveAttribute('href', /^javascript:/);
  const bookmarklet = (await link.getAttribute('href')) ?? '';

  const article = `${stack.url}/samples/${SAMPLE}.html?from=feed`;
  await page.goto(article);
  const selected = await page.evaluate((href) => {
    const paragraph = document.querySelector('article p, main p, p');
    if (!paragraph) throw new Error('the sample article has no paragraph');
    window.getSelection()?.selectAllChildren(paragraph);
    // A bookmark in the bar runs its javascript: URL in the page, as a link with that href does.
    const bookmark = document.createElement('a');
    bookmark.href = href;
    bookmark.textContent = 'Bookmark: Thread this page';
    document.body.prepend(bookmark);
    return String(window.getSelection()).replace(/\s+/g, ' ').trim();
  }, bookmarklet);
  await page.getByRole('link', { name: 'Bookmark: Thread this page' }).click();

  await expect(page).toHaveURL(/\/create\?/);
  await expect(urlField(page)).toHaveValue(article);
  const start = selected.slice(0, 100).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(urlField(page)).toHaveAccessibleDescription(new RegExp(`^From the page ${start}`));
});

test('the service worker controls the page after a reload, caches the shell only (no /api), and serves the shell offline', async ({
  page,
  context,
}) => {
  await page.goto(`${stack.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${stack.url}/sw.js`);

  // An API answer through the controlled page is never stored.
  const health = await page.evaluate(async () => (await fetch('/api/health')).status);
  expect(health).toBe(200);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);
  expect(cached.some((path) => /^\/assets\/.+\.css$/.test(path))).toBe(true);
  expect(cached).toContain('/icons/icon-192.png');
  expect(cached.filter((path) => path.startsWith('/api') || path === '/config.json')).toEqual([]);

  // Offline, a page load gets the cached shell instead of the browser's error page.
  await context.setOffline(true);
  await page.goto(`${stack.url}/create`);
  await expect(page).toHaveTitle(/ThreadSnip/);
  await context.setOffline(false);
});
