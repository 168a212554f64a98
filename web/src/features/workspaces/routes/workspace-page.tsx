import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { workspaceMessages } from '#shared/messages/workspaces';
import type { WorkspaceMembersResponse, WorkspaceSummaryView } from '#shared/schemas/workspaces';
import { roleAllows, roleLabels, rolesManageableBy, type WorkspaceRole } from '#shared/workspaces/roles';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { useAuth } from '#web/lib/auth-context';
import { useCurrentWorkspace, useWorkspaces } from '#web/lib/get-workspaces';
import { useCreateWorkspace, useMemberActions, useMembers } from '../api/workspaces';
import { ActivityCard, ApprovalCard } from '../components/approval-card';
import { useSwitchWorkspace } from '../components/use-switch-workspace';
import '../workspaces.css';

const texts = workspaceMessages.page;

/**
 * /workspace: the workspace the app is in. A team's members and their roles, its pending invitations
 * and an invitation form for those who manage members; leaving; handing over ownership. Every page
 * also offers a new team workspace. What each control does is checked again by the server.
 */
export function WorkspacePage({
  teamCards,
}: {
  /** What other features show for the current team, below its own cards (the page that routes here fills it). */
  teamCards?: (workspace: WorkspaceSummaryView) => ReactNode;
} = {}) {
  const workspaces = useWorkspaces();
  const current = useCurrentWorkspace();
  return (
    <section className="page stack workspace-page">
      <header>
        <h1>{current ? current.name : texts.heading}</h1>
        {current && (
          <p className="muted">{current.personal ? texts.personalHint : texts.yourRole(roleLabels[current.role])}</p>
        )}
      </header>
      {workspaces.isPending && <LoadingState as="p">{texts.loading}</LoadingState>}
      {workspaces.isError && <ErrorState>{workspaces.error.message}</ErrorState>}
      {current && !current.personal && <TeamMembers workspace={current} />}
      {current && !current.personal && <ApprovalCard workspaceId={current.id} role={current.role} />}
      {current && !current.personal && <ActivityCard workspaceId={current.id} />}
      {current && !current.personal && teamCards?.(current)}
      <CreateTeamForm />
    </section>
  );
}

function TeamMembers({ workspace }: { workspace: WorkspaceSummaryView }) {
  const members = useMembers(workspace.id);
  if (members.isPending) return <LoadingState as="p">{texts.loading}</LoadingState>;
  if (members.isError) return <ErrorState>{members.error.message}</ErrorState>;
  return <MembersCard workspaceId={workspace.id} view={members.data} />;
}

function MembersCard({ workspaceId, view }: { workspaceId: string; view: WorkspaceMembersResponse }) {
  const { user } = useAuth();
  const actions = useMemberActions(workspaceId);
  const switchTo = useSwitchWorkspace();
  const { toast } = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const manageable = rolesManageableBy(view.role);
  const managesMembers = roleAllows(view.role, 'members');
  const onError = (error: Error) => setProblem(error.message);

  return (
    <>
      <section className="card stack" aria-labelledby="members-heading">
        <h2 id="members-heading">{texts.membersHeading(view.members.length)}</h2>
        {problem && <ErrorState>{problem}</ErrorState>}
        <ul className="plain-list stack" aria-label={texts.membersLabel}>
          {view.members.map((member) => {
            const isMe = member.userId === user?.userId;
            const canManage = managesMembers && !isMe && manageable.includes(member.role);
            return (
              <li key={member.userId} className="workspace-member">
                <span className="workspace-member__email">
                  {member.email}
                  {isMe ? ` ${texts.you}` : ''}
                </span>
                {canManage ? (
                  <label className="workspace-member__role">
                    <span className="sr-only">{texts.roleOf(member.email)}</span>
                    <select
                      value={member.role}
                      onChange={(event) =>
                        actions.changeRole.mutate(
                          { userId: member.userId, role: event.target.value as WorkspaceRole },
                          { onError },
                        )
                      }
                    >
                      {manageable.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : (
                  <span className="workspace-member__role">{roleLabels[member.role]}</span>
                )}
                {canManage && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => actions.remove.mutate(member.userId, { onError })}
                  >
                    {texts.remove}
                  </button>
                )}
                {view.role === 'owner' && !isMe && member.role !== 'owner' && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() =>
                      actions.transfer.mutate(member.userId, {
                        onError,
                        onSuccess: () => toast({ title: texts.transferred(member.email), variant: 'success' }),
                      })
                    }
                  >
                    {texts.makeOwner}
                  </button>
                )}
                {isMe && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() =>
                      actions.remove.mutate(member.userId, {
                        onError,
                        onSuccess: () => {
                          switchTo(null);
                          toast({ title: texts.left, variant: 'success' });
                        },
                      })
                    }
                  >
                    {texts.leave}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {managesMembers && <InviteCard workspaceId={workspaceId} view={view} manageable={manageable} />}
    </>
  );
}

function InviteCard({
  workspaceId,
  view,
  manageable,
}: {
  workspaceId: string;
  view: WorkspaceMembersResponse;
  manageable: readonly WorkspaceRole[];
}) {
  const emailId = useId();
  const roleId = useId();
  const actions = useMemberActions(workspaceId);
  const { toast } = useToast();
  const invitable = manageable.filter((role): role is 'admin' | 'editor' | 'reviewer' => role !== 'owner');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState(invitable.includes('editor') ? 'editor' : invitable[0]);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!role) return;
    actions.invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          toast({ title: texts.invited(email.trim()), variant: 'success' });
          setEmail('');
          setProblem(null);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <section className="card stack" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{texts.inviteHeading}</h2>
      <p className="muted">{texts.inviteHint}</p>
      <form className="workspace-invite" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={emailId}>{texts.emailLabel}</label>
          <input id={emailId} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={roleId}>{texts.roleLabel}</label>
          <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as typeof role)}>
            {invitable.map((option) => (
              <option key={option} value={option}>
                {roleLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={actions.invite.isPending || !email.trim()}>
          {texts.sendInvitation}
        </button>
      </form>
      {problem && <ErrorState>{problem}</ErrorState>}
      {view.invitations.length > 0 && (
        <>
          <h3>{texts.pendingHeading}</h3>
          <ul className="plain-list stack" aria-label={texts.pendingHeading}>
            {view.invitations.map((invitation) => (
              <li key={invitation.invitationId} className="workspace-member">
                <span className="workspace-member__email">{invitation.email}</span>
                <span className="workspace-member__role">{roleLabels[invitation.role]}</span>
                <span className="muted">{texts.expires(invitation.expiresAt.slice(0, 10))}</span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() =>
                    actions.revoke.mutate(invitation.invitationId, { onError: (error) => setProblem(error.message) })
                  }
                >
                  {texts.revoke}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function CreateTeamForm() {
  const nameId = useId();
  const create = useCreateWorkspace();
  const switchTo = useSwitchWorkspace();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, {
      onSuccess: (workspace) => {
        setName('');
        setProblem(null);
        switchTo(workspace.id);
        toast({ title: texts.created(workspace.name), variant: 'success' });
      },
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <section className="card stack" aria-labelledby="create-team-heading">
      <h2 id="create-team-heading">{texts.createHeading}</h2>
      <p className="muted">{texts.createHint}</p>
      <form className="workspace-invite" noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={nameId}>{texts.nameLabel}</label>
          <input
            id={nameId}
            type="text"
            maxLength={60}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
          {texts.create}
        </button>
      </form>
      {problem && <ErrorState>{problem}</ErrorState>}
    </section>
  );
}
