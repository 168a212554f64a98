import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type StartedStack, startStack } from '../helpers/local-stack';
import { seededThread, seedThreads } from '../helpers/seed-threads';
import {
  createTeamWorkspace,
  inviteToWorkspace,
  joinByInvitation,
  newCurator,
  workspaceSelect,
} from './support/workspaces';

let stack: StartedStack;

test.beforeAll(async () => {
  stack = await startStack({ web: 'prod' });
});

test.afterAll(async () => {
  await stack?.cleanup();
});

const historyCards = (page: Page) =>
  page
    .getByRole('list', { name: 'Your threads' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

test('an owner makes a team, invites an editor by email, and each sees the team’s threads only in the team', async ({
  browser,
}) => {
  const owner = await newCurator(browser, stack.url, 'owner');
  const editor = await newCurator(browser, stack.url, 'editor');

  // The owner creates a team workspace and is switched into it.
  const teamId = await createTeamWorkspace(owner.page, stack.url, 'Harbour Desk');

  // The invitation goes out by email, through the local mail catcher.
  const invitation = await inviteToWorkspace(owner.page, stack, editor.email, 'editor');
  expect(invitation.subject).toBe(`${owner.email} invited you to Harbour Desk on ThreadSnip`);

  // A thread of the team.
  await seedThreads(stack, [seededThread(teamId, 1, { id: randomUUID(), title: 'Team thread about ferries' })]);

  // The editor follows the link, joins, and lands in the team.
  await joinByInvitation(editor.page, invitation.link, 'Harbour Desk');
  await expect(editor.page.getByText('Team workspace · your role: Editor')).toBeVisible();
  await expect(editor.page.getByRole('list', { name: 'Members' })).toContainText(owner.email);
  // An editor manages no one: no invitation form.
  await expect(editor.page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await editor.page.goto(`${stack.url}/history`);
  await expect(historyCards(editor.page)).toHaveCount(1);
  await expect(historyCards(editor.page).first()).toContainText('Team thread about ferries');

  // The same thread is not in anyone's personal workspace.
  await workspaceSelect(editor.page).selectOption({ label: 'Personal' });
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
  await expect(workspaceSelect(editor.page).locator('option')).toHaveText(['Personal']);
});
