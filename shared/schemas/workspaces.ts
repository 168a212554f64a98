import * as z from 'zod';
import { WORKSPACE_ROLES } from '../workspaces/roles';

const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);

/** A workspace's name as typed: trimmed, 1 to 60 characters. */
const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the workspace')
  .max(60, 'A workspace name has at most 60 characters');

/** POST /api/workspaces: a new team workspace, owned by its creator. */
export const createWorkspaceRequestSchema = z.object({ name: workspaceNameSchema });

/** One workspace in the switcher, with the caller's role in it. */
export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  personal: z.boolean(),
  role: workspaceRoleSchema,
});
export type WorkspaceSummaryView = z.infer<typeof workspaceSummarySchema>;

/** POST /api/workspaces/{workspaceId}/invitations: an email link for one person, with the role they get. */
export const inviteMemberRequestSchema = z.object({
  email: z.email('Enter a valid email address').max(320),
  // Ownership is handed over with a transfer, never by an invitation.
  role: z.enum(['admin', 'editor', 'reviewer']),
});
export type InviteMemberRequest = z.infer<typeof inviteMemberRequestSchema>;

/** PUT /api/workspaces/{workspaceId}/members/{userId}: another role for a member. */
export const changeRoleRequestSchema = z.object({ role: workspaceRoleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

/** POST /api/workspaces/{workspaceId}/transfer: the member who becomes owner (the caller becomes admin). */
export const transferOwnershipRequestSchema = z.object({ userId: z.string().min(1).max(128) });

/** POST /api/invitations/accept: the token of an invitation link. */
export const acceptInvitationRequestSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not an invitation token'),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

const idParam = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not an id');

export const workspacePathSchema = z.object({ workspaceId: idParam });
export const workspaceMemberPathSchema = z.object({ workspaceId: idParam, userId: idParam });
export const workspaceInvitationPathSchema = z.object({ workspaceId: idParam, invitationId: idParam });

/** GET /api/workspaces/{workspaceId}/members: the members, and pending invitations for those who manage members. */
export const workspaceMembersResponseSchema = z.object({
  role: workspaceRoleSchema,
  members: z.array(
    z.object({ userId: z.string(), email: z.string(), role: workspaceRoleSchema, joinedAt: z.string() }),
  ),
  invitations: z.array(
    z.object({
      invitationId: z.string(),
      email: z.string(),
      role: workspaceRoleSchema,
      invitedBy: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type WorkspaceMembersResponse = z.infer<typeof workspaceMembersResponseSchema>;
