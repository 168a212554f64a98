import { expect, type Page, test } from '@playwright/test';
import { type ArticleServer, articlePage, startArticleServer } from '../helpers/article-server';
import { type FakeOpenAi, startFakeOpenAi } from '../helpers/fake-openai-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { fillCredentials, signOut, signUp } from './support/accounts';

const HEAT_ARTICLE = articlePage({
  title: 'Why cities run hot: the science of urban heat islands',
  paragraphs: [
    'Cities are measurably warmer than the countryside around them, a pattern scientists call the urban heat island. In Valmont the difference reached 7.2 degrees Celsius on the hottest night of last summer, according to the city climate office.',
    'Asphalt and concrete absorb sunlight during the day and release it slowly after dark. Dark roofs can reach 80 degrees in direct sun, while a white roof on the same street stays close to the air temperature.',
    'Trees help in two ways: their shade keeps surfaces cool, and the water they release cools the air. A survey of 40 streets found that blocks with a full canopy were 3.1 degrees cooler at street level than bare ones.',
    'The council planted 12,000 trees between 2019 and 2024 and painted 600 roofs white. Officials say the programme cost 18 million euros and will be extended to the northern districts next year.',
    'Researchers caution that cooling one neighbourhood can shift heat elsewhere if wind patterns change. They recommend measuring before and after every project, and publishing the data so other cities can learn from it.',
    'Residents in the pilot districts report fewer sleepless nights, and the local hospital recorded 14 percent fewer heat-related admissions during the last heatwave than during the one before the programme began.',
  ],
});

const SENSITIVE_ARTICLE = articlePage({
  title: 'Harbour shooting inquiry hears police took 14 minutes to arrive',
  paragraphs: [
    'The public inquiry into the harbour shooting, in which a gunman killed three people and wounded five, opened on Monday with evidence on how long armed police took to arrive.',
    'Witnesses described hearing gunfire near the ferry terminal shortly after nine in the evening. The first armed officers reached the quay 14 minutes after the first emergency call, the inquiry heard.',
    'Lawyers for the families asked why the gunman had been allowed to keep a firearm licence after two complaints about his behaviour were made to police in the year before the shooting.',
    'The chief constable said the force had reviewed its licensing procedures and that every pending firearm application would now be checked by a senior officer before approval.',
    'The inquiry is expected to sit for six weeks and will hear from more than 40 witnesses, including paramedics, ferry staff and the officers who first reached the scene.',
  ],
});

// A German article on a page that (wrongly) declares lang="en": the text decides the thread's language.
const GERMAN_ARTICLE = articlePage({
  title: 'Hamburg baut 40 Windräder im Hafen',
  author: 'Anna Müller',
  paragraphs: [
    'Hamburg baut in diesem Jahr 40 neue Windräder im Hafen, teilte der Senat am Dienstag mit. Die Energiewende in der Stadt kommt damit schneller voran als geplant.',
    'Nach Angaben der Umweltbehörde sollen die Anlagen bis 2026 rund 120.000 Haushalte mit Strom versorgen. Die Kosten liegen bei etwa 300 Millionen Euro.',
    'Umweltsenator Jens Kerstan sprach von einem wichtigen Schritt für den Klimaschutz. Die Windräder seien ein Zeichen, dass Hamburg seine Ziele ernst nehme.',
    'Kritik kommt von Anwohnern in Finkenwerder. Sie befürchten Lärm und fordern einen größeren Abstand zu den Wohnhäusern.',
    'Die Hafenbehörde prüft derzeit, ob die Anlagen den Schiffsverkehr beeinträchtigen könnten. Ein Gutachten soll im Frühjahr vorliegen.',
    'Bis 2030 will Hamburg seinen Strombedarf zur Hälfte aus erneuerbaren Quellen decken. Derzeit liegt der Anteil bei knapp einem Drittel.',
  ],
});

/** The balance the /create header shows. */
function availableCredits(page: Page) {
  return page.getByRole('region', { name: 'Your credits' }).getByTestId('available-credits');
}

async function pasteUrl(page: Page, url: string) {
  await page.getByLabel('Article URL').fill(url);
}

test.describe('with the offline generator', () => {
  let stack: StartedStack;
  let articles: ArticleServer;

  test.beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/heat', HEAT_ARTICLE);
    articles.page('/harbour', SENSITIVE_ARTICLE);
    articles.page('/windraeder', GERMAN_ARTICLE);
    // The same article from a publisher that reserves text and data mining (TDMRep header).
    articles.page('/reserved-heat', HEAT_ARTICLE, undefined, { 'tdm-reservation': '1' });
    stack = await startStack({ web: 'prod', env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host } });
  });

  test.afterAll(async () => {
    await stack?.cleanup();
    await articles?.close();
  });

  test("writes a German article's thread in German, the attribution as the spec words it", async ({ page }) => {
    await signUp(page, stack.url, 'kurator@example.com');
    await page.goto(`${stack.url}/create`);
    await pasteUrl(page, `${articles.url}/windraeder`);
    await page.getByRole('button', { name: /Generate Thread/ }).click();
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });

    const posts = page.getByTestId('thread-post');
    await expect(page.getByTestId('thread-language')).toContainText('Written in German');
    // The professional hook credits the author in German, with no English phrase anywhere.
    await expect(posts.first()).toContainText('Anna Müller (Test Gazette) berichtet:');
    const total = await posts.count();
    for (let index = 0; index < total - 1; index++) {
      await expect(posts.nth(index)).not.toContainText(/reports in|In short|The takeaway|what to know/);
    }
    await expect(posts.last()).toContainText('Read original article at:');
  });

  test('generate, edit, add a post, save, and find it all again after a reload', async ({ page }) => {
    await signUp(page, stack.url, 'creator@example.com');
    await page.goto(`${stack.url}/create`);
    await expect(availableCredits(page)).toHaveText('5');
    await expect(page.getByRole('navigation', { name: 'Thread creation progress' })).toBeVisible();

    await pasteUrl(page, `${articles.url}/heat/`);
    await page.getByRole('button', { name: /Generate Thread/ }).click();
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('You have 4 credits remaining.')).toBeVisible();
    await expect(page).toHaveURL(/step=preview/);
    await expect(page).toHaveURL(/threadId=/);
    // The trailing slash was removed before submission.
    await expect(page.getByText(`${articles.url}/heat`, { exact: true })).toBeVisible();

    const posts = page.getByTestId('thread-post');
    const total = await posts.count();
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(posts.first()).toContainText(`1/${total}`);
    await expect(posts.last().getByRole('button', { name: /Attribution Protected/ })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit post ${total}` })).toHaveCount(0);
    // Every post but the attribution was checked against the article at generation.
    await expect(page.getByTestId('post-check')).toHaveCount(total - 1);
    for (let index = 0; index < total - 1; index++) {
      await expect(posts.nth(index).getByTestId('post-check')).toHaveText('✓ Checked against the source');
    }
    await expect(posts.last().getByTestId('post-check')).toHaveCount(0);

    // Edit post 2 and save it with Ctrl+Enter.
    const edited = 'Shade from a full tree canopy kept whole blocks 3.1 degrees cooler at street level.';
    await page.getByRole('button', { name: 'Edit post 2' }).click();
    const editor = page.getByRole('textbox', { name: `Post 2 of ${total}` });
    await expect(page.getByText('Editing Mode')).toBeVisible();
    await editor.fill(edited);
    await editor.press('Control+Enter');
    await expect(page.getByText('Post Updated')).toBeVisible();
    await expect(posts.nth(1)).toContainText(edited);
    await expect(posts.nth(1).getByTestId('post-check')).toHaveText('Edited, not checked against the source');
    await expect(posts.nth(0).getByTestId('post-check')).toHaveText('✓ Checked against the source');

    // An edit over the limit cannot be saved.
    await page.getByRole('button', { name: 'Edit post 2' }).click();
    await editor.fill('Too long. '.repeat(30));
    await expect(page.getByRole('alert').filter({ hasText: 'Post exceeds character limit' })).toBeVisible();
    await expect(posts.nth(1).getByTestId('char-count')).toContainText('over limit');
    await editor.press('Control+Enter');
    await expect(editor).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await editor.press('Escape');
    await page
      .getByRole('dialog', { name: 'Discard Changes?' })
      .getByRole('button', { name: 'Discard Changes' })
      .click();
    await expect(editor).toHaveCount(0);
    await expect(posts.nth(1)).toContainText(edited);

    // Add Post opens an empty post just before the attribution.
    await page.getByRole('button', { name: /Add Post/ }).click();
    const added = 'Other cities can copy the approach: measure first, then plant and paint.';
    const newPost = page.getByRole('textbox', { name: `Post ${total} of ${total + 1}` });
    await newPost.fill(added);
    await newPost.press('Control+Enter');
    await expect(page.getByText('Post Updated')).toBeVisible();
    await expect(posts).toHaveCount(total + 1);
    await expect(posts.nth(total - 1)).toContainText(added);
    await expect(posts.last()).toContainText('Read original article at:');

    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await expect(page.getByText('Changes Saved')).toBeVisible();
    // With a thread id, Save & Continue leads to the share step.
    await expect(page.getByRole('heading', { name: 'Share Your Thread' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue to Publishing' })).toBeDisabled();
    await page.getByRole('button', { name: 'Back to Preview' }).click();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible();
    await expect(page.getByText('Thread Restored')).toBeVisible();
    await expect(posts).toHaveCount(total + 1);
    await expect(posts.nth(1)).toContainText(edited);
    await expect(posts.nth(total - 1)).toContainText(added);
    // The server kept the marks: the edited and the added post are no longer vouched for.
    await expect(posts.nth(1).getByTestId('post-check')).toHaveText('Edited, not checked against the source');
    await expect(posts.nth(total - 1).getByTestId('post-check')).toHaveText('Edited, not checked against the source');
    await expect(posts.nth(0).getByTestId('post-check')).toHaveText('✓ Checked against the source');
    await expect(availableCredits(page)).toHaveText('4');
  });

  test('Save & Continue on a slowed-down page lands on the share step every time', async ({ page }) => {
    test.setTimeout(300_000);
    await signUp(page, stack.url, 'throttled@example.com');
    await page.goto(`${stack.url}/create`);
    await pasteUrl(page, `${articles.url}/heat/`);
    await page.getByRole('button', { name: /Generate Thread/ }).click();
    const preview = page.getByRole('heading', { name: 'Thread Preview' });
    await expect(preview).toBeVisible({ timeout: 30_000 });
    const threadId = new URL(page.url()).searchParams.get('threadId');
    expect(threadId).toBeTruthy();

    // A slow machine widens the gap between a state change and the router showing its address.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const share = page.getByRole('heading', { name: 'Share Your Thread' });
    for (let round = 1; round <= 20; round += 1) {
      await page.getByRole('button', { name: 'Save & Continue' }).click();
      await expect(share, `round ${round}`).toBeVisible({ timeout: 20_000 });
      // The bug sent the page back to the URL step within about 0.7 s of landing here.
      await page.waitForTimeout(1_000);
      await expect(share, `round ${round}`).toBeVisible();
      const search = new URL(page.url()).searchParams;
      expect(search.get('step'), `round ${round}`).toBe('share');
      expect(search.get('threadId'), `round ${round}`).toBe(threadId);
      await page.getByRole('button', { name: 'Back to Preview' }).click();
      await expect(preview).toBeVisible();
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a casual thread of sensitive content asks for the professional tone', async ({ page }) => {
    await signUp(page, stack.url, 'sensitive@example.com');
    await page.goto(`${stack.url}/create`);
    await pasteUrl(page, `${articles.url}/harbour`);
    await page.getByLabel('Thread Tone').selectOption('casual');
    await page.getByRole('button', { name: /Generate Thread/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Sensitive Content Detected' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('list', { name: 'Sensitive categories' })).toContainText(/violence/i);
    await dialog.getByRole('button', { name: 'Use Professional Tone' }).click();

    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/tone=professional/);
    await expect(page.getByText('Sensitive content', { exact: true })).toBeVisible();
  });

  test('a signed-out Generate goes through sign-in and then starts by itself', async ({ page }) => {
    await signUp(page, stack.url, 'returning@example.com');
    await signOut(page, 'returning@example.com');

    await page.goto(`${stack.url}/create`);
    // One of the app's own sample articles ("Try an example").
    await page.getByRole('button', { name: /Why cities run hot/ }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fcreate&url=.*urban-heat-islands\.html&tone=professional$/);
    await expect(page.getByText('Sign in to continue generating your thread')).toBeVisible();

    await fillCredentials(page, 'returning@example.com');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/create\?/);
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('You have 4 credits remaining.')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Why cities run hot/ })).toBeVisible();
    // The sample's posts were checked against it: numbers, quotes and names all found.
    const first = page.getByTestId('thread-post').first().getByTestId('post-check');
    await expect(first).toHaveText('✓ Checked against the source');
    await expect(first).toHaveAttribute('title', /found in the article\.$|^No numbers, quotes or names to check\.$/);
  });

  test('a page whose publisher reserves TDM is written in short-quote mode, with the badge naming the signal', async ({
    page,
  }) => {
    const badge = 'The publisher limits AI use: short-quote mode (tdm-reservation: 1)';
    await signUp(page, stack.url, 'reserved@example.com');
    await page.goto(`${stack.url}/create`);
    await pasteUrl(page, `${articles.url}/reserved-heat`);
    await page.getByRole('button', { name: /Generate Thread/ }).click();
    await expect(page.getByRole('heading', { name: 'Thread Preview' })).toBeVisible({ timeout: 30_000 });

    await expect(page.getByTestId('short-quote-badge')).toContainText(badge);
    // A hook, at most two posts and the attribution.
    expect(await page.getByTestId('thread-post').count()).toBeLessThanOrEqual(4);

    await page.goto(`${stack.url}/history`);
    await expect(page.locator('.thread-card').getByTestId('short-quote-badge')).toHaveText(badge);
  });
});

test.describe('with a busy AI service', () => {
  let stack: StartedStack;
  let articles: ArticleServer;
  let openai: FakeOpenAi;

  test.beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/heat', HEAT_ARTICLE);
    openai = await startFakeOpenAi();
    openai.setChatBehaviour({ kind: 'error', status: 503 });
    stack = await startStack({
      web: 'prod',
      env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host, OPENAI_API_KEY: openai.apiKey, OPENAI_BASE_URL: openai.url },
    });
  });

  test.afterAll(async () => {
    await stack?.cleanup();
    await openai?.close();
    await articles?.close();
  });

  test('shows the busy screen with the retry counter and spends no credit', async ({ page }) => {
    await signUp(page, stack.url, 'busy@example.com');
    await page.goto(`${stack.url}/create`);
    await expect(availableCredits(page)).toHaveText('5');
    await pasteUrl(page, `${articles.url}/heat`);
    await page.getByRole('button', { name: /Generate Thread/ }).click();

    await expect(page.getByRole('heading', { name: 'Service Temporarily Busy' })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('retry-counter')).toHaveText('Retry attempts: 1/3');
    await expect(page.getByText('no credits were consumed')).toBeVisible();
    await expect(page.getByText('You can try again in a moment')).toBeVisible();

    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('retry-counter')).toHaveText('Retry attempts: 2/3', { timeout: 45_000 });
    await expect(page.getByText('Please wait a few minutes before retrying.')).toBeVisible();

    await page.reload();
    await expect(availableCredits(page)).toHaveText('5');
    // A reload never resumes a generation: the flow is back on the input step with the URL kept.
    await expect(page.getByLabel('Article URL')).toHaveValue(`${articles.url}/heat`);
  });
});
