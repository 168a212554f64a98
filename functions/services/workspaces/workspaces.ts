/**
 * Workspaces and their members: every user has a personal workspace (its id is the user's, its data
 * the user's own partition, so nothing moved when workspaces came); a user may create team
 * workspaces, invite people by email and give each a role (shared/workspaces/roles.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { workspaceMessages } from '#shared/messages/workspaces';
import {
  isTeamWorkspaceId,
  roleAllows,
  roleLabels,
  rolesManageableBy,
  TEAM_WORKSPACE_PREFIX,
  type WorkspaceAccess,
  type WorkspaceRole,
} from '#shared/workspaces/roles';
import { createTeamCreditsIfMissing } from '../../data/account-repository';
import {
  addMember,
  changeMemberRole,
  claimInvitation,
  createWorkspace,
  deleteInvitation,
  findInvitationByTokenHash,
  findMembership,
  findWorkspace,
  type InvitationRecord,
  listInvitations,
  listMembers,
  listMembershipsOfUser,
  type MemberChange,
  type MembershipRecord,
  putInvitation,
  removeMember,
} from '../../data/workspace-repository';
import { sendMail } from '../../lib/aws/mail';
import { config } from '../../lib/config';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../lib/errors';
import { notify, notifyWorkspace } from '../notifications/notify';
import { RoleForbiddenError, WorkspaceAccessDeniedError } from './workspace-access';

/** Workspaces one user may belong to (their personal one included). */
export const WORKSPACES_PER_USER = 20;
/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 7;

export interface WorkspaceCaller {
  userId: string;
  email: string;
}

class InvitationInvalidError extends DomainError {
  constructor(message: string = workspaceMessages.invitationInvalid) {
    super(400, message, {}, 'invitation_invalid');
  }
}

/** The user's personal workspace, made if missing (sign-up, the migration, a first request): idempotent. */
export async function ensurePersonalWorkspace(caller: WorkspaceCaller, now: Date): Promise<boolean> {
  return createWorkspace(
    {
      id: caller.userId,
      name: workspaceMessages.personalName,
      personal: true,
      createdAt: now.toISOString(),
      createdBy: caller.userId,
      owners: 1,
    },
    caller.email.toLowerCase(),
  );
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  personal: boolean;
  role: WorkspaceRole;
}

const summaryOf = (membership: MembershipRecord): WorkspaceSummary => ({
  id: membership.workspaceId,
  name: membership.workspaceName,
  personal: membership.personal,
  role: membership.role,
});

/** The caller's workspaces for the switcher: personal first, then teams by name. */
export async function listWorkspaces(caller: WorkspaceCaller, now: Date): Promise<WorkspaceSummary[]> {
  let memberships = await listMembershipsOfUser(caller.userId);
  if (!memberships.some((membership) => membership.personal)) {
    await ensurePersonalWorkspace(caller, now);
    memberships = await listMembershipsOfUser(caller.userId);
  }
  return memberships
    .map(summaryOf)
    .sort((a, b) => Number(b.personal) - Number(a.personal) || a.name.localeCompare(b.name));
}

export async function createTeamWorkspace(caller: WorkspaceCaller, name: string, now: Date): Promise<WorkspaceSummary> {
  const memberships = await listMembershipsOfUser(caller.userId);
  if (memberships.length >= WORKSPACES_PER_USER)
    throw new DomainError(409, workspaceMessages.workspaceLimit(WORKSPACES_PER_USER), {}, 'workspace_limit_reached');
  const workspaceId = `${TEAM_WORKSPACE_PREFIX}${randomBytes(12).toString('base64url')}`;
  await createWorkspace(
    {
      id: workspaceId,
      name,
      personal: false,
      createdAt: now.toISOString(),
      createdBy: caller.userId,
      owners: 1,
    },
    caller.email.toLowerCase(),
  );
  await createTeamCreditsIfMissing(workspaceId, now.toISOString());
  return { id: workspaceId, name, personal: false, role: 'owner' };
}

/** A member as the members list shows them. */
export type MemberView = Pick<MembershipRecord, 'userId' | 'email' | 'role' | 'joinedAt'>;

/** A pending invitation as its workspace's managers see it (never who is using it). */
export type InvitationView = Omit<InvitationRecord, 'workspaceId' | 'usedBy'>;

/**
 * The members of a workspace, and its pending invitations for those who manage members. Each
 * function below is given the caller's access as the route's first read checked it (the permission
 * the route names in the manifest); they check only what depends on the member acted on.
 */
export async function describeMembers(
  caller: WorkspaceCaller,
  access: WorkspaceAccess,
): Promise<{ role: WorkspaceRole; members: MemberView[]; invitations: InvitationView[] }> {
  const { workspaceId } = access;
  const members = isTeamWorkspaceId(workspaceId)
    ? await listMembers(workspaceId)
    : [{ userId: caller.userId, email: caller.email, role: 'owner' as const, joinedAt: '' }];
  const invitations = roleAllows(access.role, 'members') ? await listInvitations(workspaceId) : [];
  return {
    role: access.role,
    members: members
      .map(({ userId, email, role, joinedAt }) => ({ userId, email, role, joinedAt }))
      .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt)),
    invitations: invitations.map(({ usedBy: _usedBy, workspaceId: _workspaceId, ...view }) => view),
  };
}

/** The hash an invitation token is stored and found by: the token itself is only in the emailed link. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function requireTeam(workspaceId: string): void {
  if (!isTeamWorkspaceId(workspaceId))
    throw new ValidationError(workspaceMessages.personalWorkspace, 'personal_workspace');
}

function requireManageable(access: WorkspaceAccess, ...roles: WorkspaceRole[]): void {
  const manageable = rolesManageableBy(access.role);
  if (!roles.every((role) => manageable.includes(role))) throw new RoleForbiddenError(access.role, 'members');
}

/** Invites someone by email: a single-use link, valid for a week, revocable; only its hash is stored. */
export async function inviteMember(
  caller: WorkspaceCaller,
  access: WorkspaceAccess,
  invite: { email: string; role: WorkspaceRole },
  now: Date,
): Promise<InvitationView> {
  const { workspaceId } = access;
  requireTeam(workspaceId);
  requireManageable(access, invite.role);
  const email = invite.email.toLowerCase();
  const [workspace, members] = await Promise.all([findWorkspace(workspaceId), listMembers(workspaceId)]);
  if (!workspace) throw new WorkspaceAccessDeniedError();
  if (members.some((member) => member.email === email))
    throw new ConflictError(`${email} is already a member of this workspace.`, 'already_member');
  const token = randomBytes(32).toString('base64url');
  const invitation: InvitationRecord = {
    workspaceId,
    invitationId: randomBytes(12).toString('base64url'),
    email,
    role: invite.role,
    invitedBy: caller.email,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * 86_400_000).toISOString(),
    usedBy: null,
  };
  await putInvitation(invitation, hashInvitationToken(token));
  const link = new URL(`/join?token=${encodeURIComponent(token)}`, config().appPublicUrl).href;
  await sendMail({
    to: email,
    subject: workspaceMessages.invitationMailSubject(caller.email, workspace.name),
    text: workspaceMessages.invitationMailText(
      caller.email,
      workspace.name,
      roleLabels[invite.role],
      link,
      invitation.expiresAt.slice(0, 10),
    ),
  });
  const { usedBy: _usedBy, workspaceId: _workspaceId, ...view } = invitation;
  return view;
}

export async function revokeInvitation(access: WorkspaceAccess, invitationId: string) {
  requireTeam(access.workspaceId);
  if (!(await deleteInvitation(access.workspaceId, invitationId, true)))
    throw new NotFoundError(workspaceMessages.invitationNotFound, 'invitation_not_found');
}

/**
 * Joins the workspace an invitation link names, as the signed-in user whose email it was sent to.
 * Single use: the first user to claim it is the only one it works for; it is deleted once used.
 */
export async function acceptInvitation(caller: WorkspaceCaller, token: string, now: Date): Promise<WorkspaceSummary> {
  const invitation = await findInvitationByTokenHash(hashInvitationToken(token));
  if (!invitation || invitation.expiresAt <= now.toISOString()) throw new InvitationInvalidError();
  if (invitation.email !== caller.email.toLowerCase())
    throw new InvitationInvalidError(workspaceMessages.invitationForAnotherEmail(invitation.email));
  if (!(await claimInvitation(invitation, caller.userId, now))) throw new InvitationInvalidError();
  const workspace = await findWorkspace(invitation.workspaceId);
  if (!workspace) throw new InvitationInvalidError();
  await addMember({
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    personal: false,
    userId: caller.userId,
    email: caller.email.toLowerCase(),
    role: invitation.role,
    joinedAt: now.toISOString(),
  });
  await deleteInvitation(workspace.id, invitation.invitationId, false);
  const membership = await findMembership(workspace.id, caller.userId);
  await notifyWorkspace(
    workspace.id,
    'members',
    {
      kind: 'member_joined',
      text: workspaceMessages.notifications.memberJoined(
        caller.email,
        workspace.name,
        roleLabels[membership?.role ?? invitation.role],
      ),
      subject: workspaceMessages.notifications.memberJoinedSubject(workspace.name),
      link: '/workspace',
    },
    now,
    caller.userId,
  );
  return { id: workspace.id, name: workspace.name, personal: false, role: membership?.role ?? invitation.role };
}

function refuseChange(change: MemberChange): void {
  if (change === 'last_owner') throw new ConflictError(workspaceMessages.lastOwner, 'last_owner');
  if (change === 'not_member') throw new NotFoundError(workspaceMessages.memberNotFound, 'member_not_found');
}

async function memberOf(workspaceId: string, userId: string): Promise<MembershipRecord> {
  const member = await findMembership(workspaceId, userId);
  if (!member) throw new NotFoundError(workspaceMessages.memberNotFound, 'member_not_found');
  return member;
}

export async function changeRole(access: WorkspaceAccess, userId: string, role: WorkspaceRole): Promise<void> {
  const { workspaceId } = access;
  requireTeam(workspaceId);
  const member = await memberOf(workspaceId, userId);
  requireManageable(access, member.role, role);
  refuseChange(await changeMemberRole(workspaceId, userId, member.role, role));
}

/** Removes a member, or lets the caller leave (an owner only while another owner stays). */
export async function removeFromWorkspace(caller: WorkspaceCaller, access: WorkspaceAccess, userId: string, now: Date) {
  const { workspaceId } = access;
  requireTeam(workspaceId);
  const leaving = userId === caller.userId;
  if (!leaving && !roleAllows(access.role, 'members')) throw new RoleForbiddenError(access.role, 'members');
  const member = await memberOf(workspaceId, userId);
  if (!leaving) requireManageable(access, member.role);
  refuseChange(await removeMember(workspaceId, userId, member.role));
  if (!leaving)
    await notify(
      [{ userId, email: member.email }],
      {
        kind: 'member_removed',
        text: workspaceMessages.notifications.removed(member.workspaceName),
        subject: workspaceMessages.notifications.removedSubject(member.workspaceName),
      },
      now,
    );
}

/** Makes another member owner and the caller, an owner, an admin. */
export async function transferOwnership(caller: WorkspaceCaller, access: WorkspaceAccess, toUserId: string) {
  const { workspaceId } = access;
  requireTeam(workspaceId);
  if (toUserId === caller.userId) return;
  const member = await memberOf(workspaceId, toUserId);
  refuseChange(await changeMemberRole(workspaceId, toUserId, member.role, 'owner'));
  refuseChange(await changeMemberRole(workspaceId, caller.userId, 'owner', 'admin'));
}
