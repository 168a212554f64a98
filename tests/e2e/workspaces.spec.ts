import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { mailCatcher } from '../helpers/mail-catcher';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import { signUp } from './support/accounts';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const workspaceSelect = (page: Page) => page.getByRole('combobox', { name: 'Workspace' }).first();

async function newCurator(browser: Browser, name: string): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = `${name}-${Date.now()}@example.com`;
  await signUp(page, stack.url, email);
  return { page, email };
}

const historyCards = (page: Page) =>
  page
    .getByRole('list', { name: 'Your threads' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

test('an owner makes a team, invites an editor by email, and each sees the team’s threads only in the team', async ({
  browser,
}) => {
  const owner = await newCurator(browser, 'owner');
  const editor = await newCurator(browser, 'editor');

  // The owner creates a team workspace and is switched into it.
  await owner.page.goto(`${stack.url}/workspace`);
  await expect(owner.page.getByRole('heading', { name: 'Personal' })).toBeVisible();
  await owner.page.getByLabel('Name').fill('Harbour Desk');
  await owner.page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(owner.page.getByText('Harbour Desk created. You are its owner.')).toBeVisible();
  await expect(owner.page.getByRole('heading', { name: 'Harbour Desk' })).toBeVisible();
  await expect(workspaceSelect(owner.page)).toHaveValue(/^ws_/);
  const teamId = await workspaceSelect(owner.page).inputValue();

  // The invitation goes out by email, through the local mail catcher.
  await owner.page.getByLabel('Email address').fill(editor.email);
  await owner.page.getByLabel('Role', { exact: true }).selectOption('editor');
  await owner.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.page.getByText(`Invitation sent to ${editor.email}.`)).toBeVisible();
  await expect(owner.page.getByRole('list', { name: 'Pending invitations' })).toContainText(editor.email);
  const mail = await mailCatcher(stack.mailCatcherUrl).waitForMail(editor.email);
  expect(mail.subject).toBe(`${owner.email} invited you to Harbour Desk on ThreadSnip`);
  const link = mail.links.find((found) => found.includes('/join?token='));
  expect(link).toBeTruthy();

  // A thread of the team.
  await seedThreads(stack, [seededThread(teamId, 1, { id: randomUUID(), title: 'Team thread about ferries' })]);

  // The editor follows the link, joins, and lands in the team.
  await editor.page.goto(link!.replace(/^https?:\/\/[^/]+/, stack.url));
  await expect(editor.page.getByText('You joined Harbour Desk.')).toBeVisible();
  await expect(editor.page.getByRole('heading', { name: 'Harbour Desk' })).toBeVisible();
  await expect(editor.page.getByText('Team workspace · your role: Editor')).toBeVisible();
  await expect(editor.page.getByRole('list', { name: 'Members' })).toContainText(owner.email);
  // An editor manages no one: no invitation form.
  await expect(editor.page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await editor.page.goto(`${stack.url}/history`);
  await expect(historyCards(editor.page)).toHaveCount(1);
  await expect(historyCards(editor.page).first()).toContainText('Team thread about ferries');

  // The same thread is not in anyone's personal workspace.
  await editor.page.getByRole('combobox', { name: 'Workspace' }).first().selectOption({ label: 'Personal' });
  await expect(editor.page.getByRole('heading', { name: 'No threads yet' })).toBeVisible();
  await expect(historyCards(editor.page)).toHaveCount(0);

  // The owner removes the editor; the team disappears from the editor's switcher at once.
  await owner.page.goto(`${stack.url}/workspace`);
  const editorRow = owner.page
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ hasText: editor.email });
  await editorRow.getByRole('button', { name: 'Remove' }).click();
  await expect(owner.page.getByRole('list', { name: 'Members' })).not.toContainText(editor.email);
  await editor.page.reload();
  await expect(editor.page.getByRole('combobox', { name: 'Workspace' }).first().locator('option')).toHaveText([
    'Personal',
  ]);
});
