import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApprovalMode } from '#shared/workspaces/approval';
import { PUBLIC_CHAT, TELEGRAM_TOKEN } from './publishing-harness';
import { callRoute, type RouteAnswer, type RouteHandler, type RouteRequest } from './route-call';
import { addTeamMember } from './team-members';

/**
 * A team with an owner, an editor and a reviewer, the local Telegram chat connected, and its approval
 * setting saved through the settings route (`putSettings`, as the owner). `call` calls a route as one
 * of them in the team's workspace. Imports the services late, after the test set the table's environment.
 */
export async function teamWithApproval(
  putSettings: RouteHandler,
  { name, approval = 'all', graceHours = 24 }: { name: string; approval?: ApprovalMode; graceHours?: number },
) {
  const { createTeamWorkspace } = await import('#functions/services/workspaces/workspaces');
  const { connectTelegram } = await import('#functions/services/connections/connections');
  const owner = `owner-${randomUUID()}`;
  const editor = `editor-${randomUUID()}`;
  const reviewer = `reviewer-${randomUUID()}`;
  const workspace = await createTeamWorkspace({ userId: owner, email: `${owner}@example.com` }, name, new Date());
  await addTeamMember(workspace, editor, 'editor');
  await addTeamMember(workspace, reviewer, 'reviewer');
  await connectTelegram(workspace.id, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  const call = (route: RouteHandler, userId: string, request: RouteRequest = {}): Promise<RouteAnswer> =>
    callRoute(route, { userId }, { ...request, headers: { 'x-workspace-id': workspace.id } });
  const saved = await call(putSettings, owner, {
    params: { workspaceId: workspace.id },
    body: { approval, graceHours },
  });
  expect(saved.status).toBe(200);
  return { workspaceId: workspace.id, owner, editor, reviewer, call };
}
