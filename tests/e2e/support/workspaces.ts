import { type Browser, expect, type Page } from '@playwright/test';
import type { StartedStack } from '../../helpers/local-stack';
import { mailCatcher } from '../../helpers/mail-catcher';
import { signUp } from './accounts';

/** A role an invitation can give (the /workspace page's Role options). */
export type InvitedRole = 'admin' | 'editor' | 'reviewer';

/** The header's workspace switcher. */
export const workspaceSelect = (page: Page) => page.getByRole('combobox', { name: 'Workspace' }).first();

/** A new user signed up in a browser context of their own (`name` starts the email). */
export async function newCurator(
  browser: Browser,
  stackUrl: string,
  name: string,
): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = `${name}-${Date.now()}@example.com`;
  await signUp(page, stackUrl, email);
  return { page, email };
}

/** Creates a team workspace on /workspace (the page switches into it) and returns its id. */
export async function createTeamWorkspace(page: Page, stackUrl: string, name: string): Promise<string> {
  await page.goto(`${stackUrl}/workspace`);
  await expect(page.getByRole('heading', { name: 'Personal' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText(`${name} created. You are its owner.`)).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(workspaceSelect(page)).toHaveValue(/^ws_/);
  return workspaceSelect(page).inputValue();
}

/**
 * Invites `email` as `role` from the /workspace page the inviter is on, and returns the join link of
 * the mail the local mail catcher received, pointed at the stack (the mail names the public URL).
 */
export async function inviteToWorkspace(
  page: Page,
  stack: StartedStack,
  email: string,
  role: InvitedRole,
): Promise<{ link: string; subject: string }> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(email);
  const mail = await mailCatcher(stack.mailCatcherUrl).waitForMail(email);
  const link = mail.links.find((found) => found.includes('/join?token='));
  expect(link, `the invitation mail to ${email} has a join link`).toBeTruthy();
  return { link: link!.replace(/^https?:\/\/[^/]+/, stack.url), subject: mail.subject };
}

/** Follows an invitation's join link, signed in as the invited person, and waits until they are in the team. */
export async function joinByInvitation(page: Page, link: string, workspaceName: string): Promise<void> {
  await page.goto(link);
  await expect(page.getByText(`You joined ${workspaceName}.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: workspaceName })).toBeVisible();
}
