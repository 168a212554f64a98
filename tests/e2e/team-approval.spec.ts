import { expect, type Locator, type Page, test } from '@playwright/test';
import { WAITING_FOR_APPROVAL_TEXT } from '#shared/messages/scheduling';
import { workspaceMessages } from '#shared/messages/workspaces';
import { startMastodonServer } from '../fakes/mastodon-server';
import type { ArticleServer } from '../helpers/article-server';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { generateHarbourThreadToShareStep, startHarbourArticle } from './support/harbour-thread';
import { openSharingPanel } from './support/sharing-panel';
import { nextWholeMinute, wallClock } from './support/wall-clock';
import { createTeamWorkspace, inviteToWorkspace, joinByInvitation, newCurator } from './support/workspaces';

const TEAM = 'Harbour Desk';
const ZONE = 'Europe/Dublin';

let stack: StartedStack;
type MastodonServer = Awaited<ReturnType<typeof startMastodonServer>>;
// The team has an account on each of two Mastodon servers; the thread goes to the second only.
let firstServer: MastodonServer;
let mastodon: MastodonServer;
let articles: ArticleServer;

// The schedule picker reads the browser's zone; the page speaks en-US, as the assertions read it.
test.use({ timezoneId: ZONE, locale: 'en-US', reducedMotion: 'reduce' });

test.beforeAll(async () => {
  articles = await startHarbourArticle();
  firstServer = await startMastodonServer();
  mastodon = await startMastodonServer();
  stack = await startStack({
    web: 'prod',
    // A short minimum lead, so a time picked to the minute, at least 20 s ahead, is always accepted.
    env: {
      ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${firstServer.instance},${mastodon.instance}`,
      SCHEDULE_MIN_LEAD_SECONDS: '5',
    },
  });
});

test.afterAll(async () => {
  await stack?.cleanup();
  await mastodon?.close();
  await firstServer?.close();
  await articles?.close();
});

const SECOND_ACCOUNT = 'Harbour Desk on the second server';

/**
 * Chooses the account the thread publishes to, on the share step or the thread page's open sharing
 * panel: Mastodon, and of the team's two Mastodon accounts the second.
 */
async function chooseAccountToPublishTo(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /Mastodon/ }).check();
  await page
    .getByRole('group', { name: 'Choose the Mastodon account' })
    .getByLabel(SECOND_ACCOUNT, { exact: true })
    .check();
}

/** Fills the Mastodon connect form in `scope` for an account on `server`, and sends it with `submit`. */
async function fillMastodonForm(scope: Locator, server: MastodonServer, submit: string): Promise<void> {
  await scope.getByLabel('Server').selectOption('Other');
  await scope.getByLabel('Username').fill(server.account.username);
  await scope.getByLabel('Instance').fill(server.instance);
  await scope.getByRole('button', { name: submit }).click();
}

/**
 * Connects an account on each Mastodon stand-in on /account-settings, in the workspace the page is in:
 * the first from the platform's card, the second with Add another account, then named.
 */
async function connectTwoMastodonAccounts(page: Page): Promise<void> {
  await page.goto(`${stack.url}/account-settings`);
  const card = page.getByRole('article', { name: 'Mastodon connection' });
  await card.getByRole('button', { name: 'Connect' }).click();
  await fillMastodonForm(card, firstServer, 'Connect');
  await expect(page.getByText('Mastodon Connected!', { exact: true })).toBeVisible();
  const handle = (server: MastodonServer) => `@${server.account.username}@${server.instance}`;
  await expect(card.getByText(handle(firstServer), { exact: true })).toBeVisible();

  const accounts = page.getByRole('region', { name: 'Mastodon accounts' });
  await accounts.getByRole('button', { name: 'Add another account' }).click();
  await fillMastodonForm(accounts, mastodon, 'Add another account');
  const second = accounts.getByRole('article').filter({ hasText: handle(mastodon) });
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Rename' }).click();
  await second.getByRole('textbox', { name: 'Account name' }).fill(SECOND_ACCOUNT);
  await second.getByRole('button', { name: 'Save name' }).click();
  await expect(accounts.getByRole('article', { name: `Mastodon connection: ${SECOND_ACCOUNT}` })).toBeVisible();
  await expect(accounts.getByRole('article')).toHaveCount(2);
}

/** Buys the 100 pack for the workspace the page is in, through the local test checkout. */
async function buyCredits(page: Page): Promise<void> {
  await page.goto(`${stack.url}/credits`);
  await expect(page.getByText(`The credits of the team workspace ${TEAM}`)).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/credits\/test-checkout\?/);
  await checkout.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(checkout.getByTestId('paid-credits')).toHaveText('100');
  await checkout.close();
}

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review', exact: true });

test('an editor’s thread goes through a reviewer and a client’s review link, then its waiting schedule publishes to the team’s account', async ({
  browser,
}) => {
  // Up to a minute of it waits for the schedule's time to come (the picker counts whole minutes).
  test.setTimeout(300_000);
  const owner = await newCurator(browser, stack.url, 'owner');
  const editor = await newCurator(browser, stack.url, 'editor');
  const reviewer = await newCurator(browser, stack.url, 'reviewer');

  // 1. The owner makes the team, turns approval on, and invites an editor and a reviewer by email.
  await createTeamWorkspace(owner.page, stack.url, TEAM);
  const approval = owner.page.getByRole('region', { name: 'Approval' });
  await approval.getByLabel('Threads need approval before publishing').selectOption({ label: 'On every platform' });
  await approval.getByRole('button', { name: 'Save approval settings' }).click();
  await expect(owner.page.getByText('Approval settings saved')).toBeVisible();
  const editorInvitation = await inviteToWorkspace(owner.page, stack, editor.email, 'editor');
  const reviewerInvitation = await inviteToWorkspace(owner.page, stack, reviewer.email, 'reviewer');

  // 2. Each accepts through the link in their mail, in their own browser.
  await joinByInvitation(editor.page, editorInvitation.link, TEAM);
  await expect(editor.page.getByText('Team workspace · your role: Editor')).toBeVisible();
  await joinByInvitation(reviewer.page, reviewerInvitation.link, TEAM);
  await expect(reviewer.page.getByText('Team workspace · your role: Reviewer')).toBeVisible();

  // The owner connects the team's two Mastodon accounts and buys the team's credits.
  await connectTwoMastodonAccounts(owner.page);
  await buyCredits(owner.page);

  // 3. The editor generates a thread in the team; publishing it unapproved is refused.
  await generateHarbourThreadToShareStep(editor.page, stack.url, articles);
  const threadId = new URL(editor.page.url()).searchParams.get('threadId');
  expect(threadId).toBeTruthy();
  await chooseAccountToPublishTo(editor.page);
  await editor.page.getByRole('button', { name: 'Continue to Publishing' }).click();
  await expect(editor.page.getByText(workspaceMessages.approvalRequired).first()).toBeVisible();
  expect(mastodon.statuses).toHaveLength(0);

  // It is scheduled for the next minute instead, and sent for review.
  await editor.page.goto(`${stack.url}/thread/${threadId}`);
  const title = await editor.page.getByRole('heading', { level: 1 }).innerText();
  await openSharingPanel(editor.page, /Mastodon/);
  await chooseAccountToPublishTo(editor.page);
  await editor.page.getByRole('button', { name: 'Schedule', exact: true }).click();
  const due = nextWholeMinute(20_000);
  const picker = editor.page.getByRole('dialog', { name: 'Schedule Publishing' });
  await picker.getByLabel('Date and time').fill(wallClock(due, ZONE));
  await picker.getByRole('button', { name: 'Schedule', exact: true }).click();
  // The toast's title: the header's Scheduled link has the same text.
  await expect(
    editor.page.getByRole('region', { name: 'Notifications' }).getByText('Scheduled', { exact: true }),
  ).toBeVisible();
  await editor.page.getByRole('button', { name: '← Back to thread' }).click();
  await reviewPanel(editor.page).getByRole('button', { name: 'Send for review' }).click();
  await expect(reviewPanel(editor.page).getByText('In review', { exact: true })).toBeVisible();

  // 4. The reviewer comments on post 2 and requests changes.
  const comment = 'Post 2: say which market this is, the auction hall is not named.';
  const changes = 'Please fix post 2 before this goes out.';
  await reviewer.page.goto(`${stack.url}/thread/${threadId}`);
  const reviewerPanel = reviewPanel(reviewer.page);
  await expect(reviewerPanel.getByText('In review', { exact: true })).toBeVisible();
  await reviewerPanel.getByLabel('Comment on').selectOption({ label: 'Post 2' });
  await reviewerPanel.getByLabel('Comment', { exact: true }).fill(comment);
  await reviewerPanel.getByRole('button', { name: 'Add comment' }).click();
  await expect(reviewer.page.getByText('Comment added', { exact: true })).toBeVisible();
  await reviewerPanel.getByLabel('Comment', { exact: true }).fill(changes);
  await reviewerPanel.getByRole('button', { name: 'Request changes' }).click();
  await expect(reviewerPanel.getByText('Changes requested', { exact: true })).toBeVisible();

  // 5. The editor sees the comment on post 2, fixes that post, saves, sends it again and makes a client link.
  await editor.page.reload();
  const editorPanel = reviewPanel(editor.page);
  await expect(editorPanel.getByText('Changes requested', { exact: true })).toBeVisible();
  const comments = editorPanel.getByRole('list', { name: 'Review comments' }).getByRole('listitem');
  await expect(comments.filter({ hasText: comment })).toContainText('on post 2');
  await expect(comments.filter({ hasText: changes })).toContainText('on the thread');
  const fixed = 'Paragraph 2: the boats sell their catch at the harbour auction hall before sunrise.';
  await editor.page.getByRole('button', { name: 'Edit post 2' }).click();
  const postEditor = editor.page.getByRole('textbox', { name: /^Post 2 of \d+$/ });
  await postEditor.fill(fixed);
  await postEditor.press('Control+Enter');
  await expect(editor.page.getByTestId('thread-post').nth(1)).toContainText(fixed);
  await editor.page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.page.getByText('Thread saved', { exact: true })).toBeVisible();
  await editorPanel.getByRole('button', { name: 'Send for review' }).click();
  await expect(editorPanel.getByText('In review', { exact: true })).toBeVisible();
  await editor.page.getByRole('button', { name: 'Create client review link' }).click();
  const created = editor.page.getByText(/\/review\/\S+/).first();
  await expect(created).toBeVisible();
  const reviewLink = /https?:\/\/\S+\/review\/\S+/.exec(await created.innerText())![0];

  // Its time has come without approval: the schedule waits, and says so; nothing was posted.
  await editor.page.goto(`${stack.url}/scheduled`);
  const upcoming = editor.page
    .getByRole('region', { name: 'Upcoming' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(upcoming).toContainText(WAITING_FOR_APPROVAL_TEXT, { timeout: 90_000 });
  expect(mastodon.statuses).toHaveLength(0);

  // 6. A client without an account opens the link: the thread as it will post on Mastodon as the account
  // it is scheduled for (the second), each status beside the passages and checks of the posts it carries.
  const client = await (await browser.newContext()).newPage();
  await client.goto(reviewLink.replace(/^https?:\/\/[^/]+/, stack.url));
  await expect(client.getByRole('heading', { name: 'Review this thread' })).toBeVisible();
  const onMastodon = client.getByRole('region', { name: `On Mastodon as ${SECOND_ACCOUNT}`, exact: true });
  await expect(onMastodon).toBeVisible();
  await expect(client.getByRole('region', { name: /^On / })).toHaveCount(1);
  const rendered = await onMastodon.locator('.client-review__text').allTextContents();
  expect(rendered.length).toBeGreaterThanOrEqual(1);
  expect(rendered.join('\n')).toContain(fixed);
  // Every thread post is shown once (the whole thread may fit one status), beside the status carrying
  // it: its passage linked into the article and its check; the credit has neither.
  const sources = onMastodon.locator('[data-source-post]');
  const count = await sources.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < count; index++) {
    const source = sources.nth(index);
    await expect(source).toHaveAttribute('data-source-post', `post-${index}`);
    if (index === count - 1) {
      await expect(source).toContainText('No source passage');
      continue;
    }
    await expect(source.getByRole('link', { name: 'Open the passage in the article' })).toHaveAttribute(
      'href',
      new RegExp(`^${articles.url}/harbour#:~:text=`),
    );
    await expect(source.locator('[data-check]')).toHaveText(
      index === 1 ? '✓ Checked, then edited by hand' : '✓ Checked against the article',
    );
  }
  await expect(onMastodon.getByRole('listitem').last()).toContainText('Read original article at:');
  await client.getByLabel('Your name (optional)').fill('Morgan');
  await client.getByRole('button', { name: 'Approve' }).click();
  await expect(client.getByText('Thank you: you approved this thread.')).toBeVisible();

  // 7. The approval fires the waiting schedule at once: /scheduled moves it to Past, posted.
  const past = editor.page
    .getByRole('region', { name: 'Past 30 Days' })
    .getByRole('listitem')
    .filter({ hasText: title })
    .getByTestId('outcome-mastodon');
  await expect(past).toContainText('Posted', { timeout: 30_000 });
  await expect(upcoming).toHaveCount(0);
  // The second account got exactly the statuses the client reviewed, in order, as one thread; the
  // first got nothing.
  expect(firstServer.statuses).toHaveLength(0);
  const statuses = mastodon.statuses;
  expect(statuses.map((status) => status.text)).toEqual(rendered);
  for (const [index, status] of statuses.entries())
    expect(status.inReplyToId).toBe(index === 0 ? null : statuses[index - 1]!.id);
  await expect(past.getByRole('link')).toHaveAttribute(
    'href',
    `${mastodon.url}/@${mastodon.account.username}/${statuses[0]!.id}`,
  );

  // The thread stands approved by the client, and the team's activity log tells the story.
  await editor.page.goto(`${stack.url}/thread/${threadId}`);
  await expect(reviewPanel(editor.page).getByText('Approved', { exact: true })).toBeVisible();
  await expect(reviewPanel(editor.page)).toContainText('Approved by Client (via review link): Morgan');
  await owner.page.goto(`${stack.url}/workspace`);
  const activity = owner.page.getByRole('list', { name: 'Activity' });
  for (const step of [
    `${editor.email} sent a thread for review: ${title}`,
    `${reviewer.email} commented: ${title}`,
    `${reviewer.email} requested changes: ${title}`,
    `${editor.email} made a client review link: ${title}`,
    `Client (via review link): Morgan approved a thread: ${title}`,
  ])
    await expect(activity).toContainText(step);
});
