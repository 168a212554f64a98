/**
 * Workspaces, their members and pending invitations. DynamoDB Local and dynalite have no
 * transactions here (dynalite implements none), so each multi-item change is a sequence of
 * conditional writes ordered so that a crash between two leaves the safe state: a workspace is
 * never left without an owner, and an invitation is never used by two people.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Platform } from '../../shared/schemas/thread';
import { type ApprovalSettings, DEFAULT_APPROVAL_SETTINGS } from '../../shared/workspaces/approval';
import type { WorkspaceRole } from '../../shared/workspaces/roles';
import {
  batchGetItems,
  countAllPages,
  db,
  getItemByGsi1,
  isConditionFailure,
  queryAllPages,
  tableName,
} from './client';
import { indexes, itemTypes, keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

export interface WorkspaceRecord {
  id: string;
  name: string;
  /** A user's own workspace: its id is the user's, and it has no other members. */
  personal: boolean;
  createdAt: string;
  createdBy: string;
  /** How many members are owners (a leaving or demoted owner needs another one). */
  owners: number;
}

export interface MembershipRecord {
  workspaceId: string;
  workspaceName: string;
  personal: boolean;
  userId: string;
  email: string;
  role: WorkspaceRole;
  joinedAt: string;
}

export interface InvitationRecord {
  workspaceId: string;
  invitationId: string;
  email: string;
  role: WorkspaceRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  /** Set by the first person who used the link, until their membership is written and the invitation deleted. */
  usedBy: string | null;
}

function workspaceOf(item: Record<string, unknown>): WorkspaceRecord {
  return {
    id: String(item.workspaceId),
    name: String(item.name),
    personal: item.personal === true,
    createdAt: String(item.createdAt),
    createdBy: String(item.createdBy),
    owners: Number(item.owners ?? 0),
  };
}

export function membershipOf(item: Record<string, unknown>): MembershipRecord {
  return {
    workspaceId: String(item.workspaceId),
    workspaceName: String(item.workspaceName),
    personal: item.personal === true,
    userId: String(item.userId),
    email: String(item.email ?? ''),
    role: item.role as WorkspaceRole,
    joinedAt: String(item.joinedAt),
  };
}

function invitationOf(item: Record<string, unknown>): InvitationRecord {
  return {
    workspaceId: String(item.workspaceId),
    invitationId: String(item.invitationId),
    email: String(item.email),
    role: item.role as WorkspaceRole,
    invitedBy: String(item.invitedBy),
    createdAt: String(item.createdAt),
    // `expiresAt` is the table's TTL attribute (epoch seconds); the invitation's own expiry is `validUntil`.
    expiresAt: String(item.validUntil),
    usedBy: item.usedBy ? String(item.usedBy) : null,
  };
}

function memberItem(membership: MembershipRecord): Record<string, unknown> {
  return {
    ...keys.workspaceMember(membership.workspaceId, membership.userId),
    ...keys.membershipOfUser(membership.userId, membership.workspaceId),
    type: itemTypes.workspaceMember,
    ...membership,
  };
}

/**
 * Writes a workspace and its first owner's membership; false when the workspace already exists (a
 * personal workspace made before, by the migration or a first sign-in), in which case nothing is
 * written. The membership goes first: a crash between the two leaves a membership whose workspace
 * item a rerun writes, never a workspace nobody can reach.
 */
export async function createWorkspace(workspace: WorkspaceRecord, ownerEmail: string): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: memberItem({
          workspaceId: workspace.id,
          workspaceName: workspace.name,
          personal: workspace.personal,
          userId: workspace.createdBy,
          email: ownerEmail,
          role: 'owner',
          joinedAt: workspace.createdAt,
        }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.workspace(workspace.id),
          ...(workspace.personal ? {} : keys.workspaceListing(workspace.createdAt, workspace.id)),
          type: itemTypes.workspace,
          workspaceId: workspace.id,
          name: workspace.name,
          personal: workspace.personal,
          createdAt: workspace.createdAt,
          createdBy: workspace.createdBy,
          owners: 1,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function findWorkspace(workspaceId: string): Promise<WorkspaceRecord | null> {
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.workspace(workspaceId), ConsistentRead: true }),
  );
  return item ? workspaceOf(item) : null;
}

/**
 * The names of these team workspaces, for the public pages that name a team's thread's curator (a
 * workspace that no longer exists is absent). Only the name is read (a projection).
 */
export async function getWorkspaceNames(workspaceIds: string[]): Promise<Map<string, string>> {
  const items = await batchGetItems(
    [...new Set(workspaceIds)].map((workspaceId) => keys.workspace(workspaceId)),
    { attributes: ['workspaceId', 'name'] },
  );
  return new Map(items.map((item) => [String(item.workspaceId), String(item.name)]));
}

/** A workspace's approval settings, stored on its item; the defaults (no approval, 24 hours' grace) until saved. */
export async function getWorkspaceSettings(workspaceId: string): Promise<ApprovalSettings> {
  const { Item: item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.workspace(workspaceId),
      ProjectionExpression: 'approval, approvalPlatforms, graceHours',
      ConsistentRead: true,
    }),
  );
  if (!item?.approval) return DEFAULT_APPROVAL_SETTINGS;
  return {
    approval: item.approval as ApprovalSettings['approval'],
    approvalPlatforms: (item.approvalPlatforms as Platform[] | undefined) ?? [],
    graceHours: Number(item.graceHours ?? DEFAULT_APPROVAL_SETTINGS.graceHours),
  };
}

/** Saves a workspace's approval settings on its item; false when the workspace is gone (nothing written). */
export async function saveWorkspaceSettings(workspaceId: string, settings: ApprovalSettings): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'SET approval = :approval, approvalPlatforms = :platforms, graceHours = :grace',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':approval': settings.approval,
          ':platforms': settings.approvalPlatforms,
          ':grace': settings.graceHours,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function findMembership(workspaceId: string, userId: string): Promise<MembershipRecord | null> {
  const { Item: item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.workspaceMember(workspaceId, userId), ConsistentRead: true }),
  );
  return item ? membershipOf(item) : null;
}

/** The workspaces a user belongs to (the switcher): one Query of the user's memberships. */
export async function listMembershipsOfUser(userId: string): Promise<MembershipRecord[]> {
  const memberships: MembershipRecord[] = [];
  for await (const item of queryAllPages({
    IndexName: indexes.membershipsOfUser,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.membershipsOfUserPartition(userId) },
  }))
    memberships.push(membershipOf(item));
  return memberships;
}

export async function listMembers(workspaceId: string): Promise<MembershipRecord[]> {
  const members: MembershipRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':prefix': keys.workspaceMemberPrefix,
    },
    ConsistentRead: true,
  }))
    members.push(membershipOf(item));
  return members;
}

/**
 * The first `limit` members of a workspace (by user id) and how many it has in all: one Query, and a
 * `Select: COUNT` over the members only when that Query did not read them all (the back office).
 */
export async function listFirstMembers(
  workspaceId: string,
  limit: number,
): Promise<{ members: MembershipRecord[]; total: number }> {
  const ofMembers = {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':prefix': keys.workspaceMemberPrefix,
    },
  };
  const first = await db.send(new QueryCommand({ ...ofMembers, TableName: tableName(), Limit: limit }));
  const members = (first.Items ?? []).map(membershipOf);
  return { members, total: first.LastEvaluatedKey ? await countAllPages(ofMembers) : members.length };
}

/** Adds a member; false when they already are one (nothing changed). */
export async function addMember(membership: MembershipRecord): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: memberItem(membership),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  if (membership.role === 'owner') await changeOwnerCount(membership.workspaceId, 1);
  return true;
}

/** Adds `delta` owners; taking one away is refused (false) when it would leave none. */
async function changeOwnerCount(workspaceId: string, delta: 1 | -1): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workspace(workspaceId),
        UpdateExpression: 'ADD owners :delta',
        ConditionExpression: delta < 0 ? 'attribute_exists(pk) AND owners > :one' : 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':delta': delta, ...(delta < 0 ? { ':one': 1 } : {}) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export type MemberChange = 'changed' | 'not_member' | 'last_owner';

/**
 * Gives a member another role, if they still have `from`. An owner stepping down first takes one
 * from the owners' count (refused when they are the last), then changes; a new owner is counted only
 * once their role changed. A crash between the two leaves the count low, which only refuses a step
 * down that the true count would allow, never lets the last owner go.
 */
export async function changeMemberRole(
  workspaceId: string,
  userId: string,
  from: WorkspaceRole,
  to: WorkspaceRole,
): Promise<MemberChange> {
  if (from === to) return 'changed';
  if (from === 'owner' && !(await changeOwnerCount(workspaceId, -1))) return 'last_owner';
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workspaceMember(workspaceId, userId),
        UpdateExpression: 'SET #role = :to',
        ConditionExpression: 'attribute_exists(pk) AND #role = :from',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (from === 'owner') await changeOwnerCount(workspaceId, 1);
    return 'not_member';
  }
  if (to === 'owner') await changeOwnerCount(workspaceId, 1);
  return 'changed';
}

/** Removes a member who still has `role` (a leaving owner only while another owner stays). */
export async function removeMember(workspaceId: string, userId: string, role: WorkspaceRole): Promise<MemberChange> {
  if (role === 'owner' && !(await changeOwnerCount(workspaceId, -1))) return 'last_owner';
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.workspaceMember(workspaceId, userId),
        ConditionExpression: 'attribute_exists(pk) AND #role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role },
      }),
    );
    return 'changed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (role === 'owner') await changeOwnerCount(workspaceId, 1);
    return 'not_member';
  }
}

export async function putInvitation(invitation: InvitationRecord, tokenHash: string): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.workspaceInvitation(invitation.workspaceId, invitation.invitationId),
        ...keys.invitationByToken(tokenHash),
        type: itemTypes.workspaceInvitation,
        ...invitation,
        usedBy: undefined,
        validUntil: invitation.expiresAt,
        // DynamoDB removes it some time after it expired; reads compare `validUntil` themselves.
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(invitation.expiresAt) / 1000) + 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function listInvitations(workspaceId: string): Promise<InvitationRecord[]> {
  const invitations: InvitationRecord[] = [];
  for await (const item of queryAllPages({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.workspacePartition(workspaceId),
      ':prefix': keys.workspaceInvitationPrefix,
    },
    ConsistentRead: true,
  }))
    invitations.push(invitationOf(item));
  return invitations;
}

/** The invitation whose link carries the token of this hash (the index is read, then the item itself, consistently). */
export async function findInvitationByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
  const item = await getItemByGsi1(indexes.invitationByToken, keys.invitationByToken(tokenHash).gsi1pk);
  return item ? invitationOf(item) : null;
}

/**
 * Marks the invitation used by this user, once: true for its first user (and again for that same
 * user, so an accept that crashed half-way can be finished), false for anyone else, after it expired,
 * or once it was revoked.
 */
export async function claimInvitation(invitation: InvitationRecord, userId: string, now: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.workspaceInvitation(invitation.workspaceId, invitation.invitationId),
        UpdateExpression: 'SET usedBy = :user, usedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND validUntil > :now AND (attribute_not_exists(usedBy) OR usedBy = :user)',
        ExpressionAttributeValues: { ':user': userId, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes an invitation; `unusedOnly` (a revocation) leaves one a person is already accepting. False: none deleted. */
export async function deleteInvitation(
  workspaceId: string,
  invitationId: string,
  unusedOnly: boolean,
): Promise<boolean> {
  try {
    await db.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.workspaceInvitation(workspaceId, invitationId),
        ConditionExpression: unusedOnly
          ? 'attribute_exists(pk) AND attribute_not_exists(usedBy)'
          : 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every team workspace, newest first, a page at a time (the back office). */
export async function listTeamWorkspaces(
  limit: number,
  startKey?: Record<string, unknown>,
): Promise<{ workspaces: WorkspaceRecord[]; nextKey?: Record<string, unknown> }> {
  const page = await db.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: indexes.workspacesListing,
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.workspacesListingPartition },
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { workspaces: (page.Items ?? []).map(workspaceOf), nextKey: page.LastEvaluatedKey };
}
