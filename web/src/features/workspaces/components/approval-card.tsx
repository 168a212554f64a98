import { type FormEvent, useId, useState } from 'react';
import { workspaceMessages } from '#shared/messages/workspaces';
import { platformDisplayName } from '#shared/platforms';
import type { WorkspaceSettingsView } from '#shared/schemas/review';
import { PLATFORMS, type Platform } from '#shared/schemas/thread';
import { APPROVAL_MODES, MAX_GRACE_HOURS } from '#shared/workspaces/approval';
import { roleAllows, type WorkspaceRole } from '#shared/workspaces/roles';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { useSaveWorkspaceSettings, useWorkspaceActivity, useWorkspaceSettings } from '../api/workspaces';

const texts = workspaceMessages.approval;
const activityTexts = workspaceMessages.activity;

/** A team's approval settings: shown to every member, changed by those who manage members. */
export function ApprovalCard({ workspaceId, role }: { workspaceId: string; role: WorkspaceRole }) {
  const settings = useWorkspaceSettings(workspaceId);
  if (settings.isPending) return <LoadingState as="p">{workspaceMessages.page.loading}</LoadingState>;
  if (settings.isError) return <ErrorState>{settings.error.message}</ErrorState>;
  return <ApprovalForm workspaceId={workspaceId} saved={settings.data} editable={roleAllows(role, 'members')} />;
}

function ApprovalForm(props: { workspaceId: string; saved: WorkspaceSettingsView; editable: boolean }) {
  const headingId = useId();
  const modeId = useId();
  const graceId = useId();
  const { toast } = useToast();
  const save = useSaveWorkspaceSettings(props.workspaceId);
  const [draft, setDraft] = useState(props.saved);
  const [problem, setProblem] = useState<string | null>(null);

  const togglePlatform = (platform: Platform, on: boolean) =>
    setDraft((current) => ({
      ...current,
      approvalPlatforms: on
        ? [...current.approvalPlatforms, platform]
        : current.approvalPlatforms.filter((each) => each !== platform),
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(draft, {
      onSuccess: () => toast({ ...texts.saved, variant: 'success' }),
      onError: (error) => setProblem(error.message),
    });
  };

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p className="small muted">{texts.hint}</p>
      <form className="stack" onSubmit={submit}>
        <fieldset className="stack" disabled={!props.editable || save.isPending}>
          <label htmlFor={modeId}>{texts.modeLabel}</label>
          <select
            id={modeId}
            value={draft.approval}
            onChange={(event) =>
              setDraft({ ...draft, approval: event.target.value as WorkspaceSettingsView['approval'] })
            }
          >
            {APPROVAL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {texts.modes[mode]}
              </option>
            ))}
          </select>
          {draft.approval === 'platforms' ? (
            <fieldset>
              <legend>{texts.platformsLabel}</legend>
              {PLATFORMS.map((platform) => (
                <label key={platform} className="row">
                  <input
                    type="checkbox"
                    checked={draft.approvalPlatforms.includes(platform)}
                    onChange={(event) => togglePlatform(platform, event.target.checked)}
                  />
                  {platformDisplayName(platform)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label htmlFor={graceId}>{texts.graceLabel}</label>
          <input
            id={graceId}
            type="number"
            min={0}
            max={MAX_GRACE_HOURS}
            step={1}
            value={draft.graceHours}
            onChange={(event) => setDraft({ ...draft, graceHours: Number(event.target.value) })}
          />
          <p className="small muted">{texts.graceHint}</p>
          {props.editable ? (
            <button type="submit" className="button button--primary">
              {texts.save}
            </button>
          ) : (
            <p className="small muted">{texts.readOnly}</p>
          )}
        </fieldset>
        {problem ? <ErrorState>{problem}</ErrorState> : null}
      </form>
    </section>
  );
}

/** A team's activity log, newest first, with older pages on demand. */
export function ActivityCard({ workspaceId }: { workspaceId: string }) {
  const headingId = useId();
  const activity = useWorkspaceActivity(workspaceId);
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{activityTexts.heading}</h2>
      {activity.isPending ? <LoadingState as="p">{workspaceMessages.page.loading}</LoadingState> : null}
      {activity.isError ? <ErrorState>{activity.error.message}</ErrorState> : null}
      {activity.isSuccess && entries.length === 0 ? <p className="small muted">{activityTexts.empty}</p> : null}
      {entries.length > 0 ? (
        <ol className="plain-list stack" aria-label={activityTexts.heading}>
          {entries.map((entry) => (
            <li key={entry.activityId}>
              <p className="small">
                <time dateTime={entry.at}>{entry.at.slice(0, 16).replace('T', ' ')}</time> · {entry.actorEmail}{' '}
                {activityTexts.kinds[entry.kind]}
                {entry.threadTitle ? `: ${entry.threadTitle}` : null}
              </p>
              {entry.detail ? <p className="small muted">{entry.detail}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {activity.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={activity.isFetchingNextPage}
          onClick={() => void activity.fetchNextPage()}
        >
          {activityTexts.more}
        </button>
      ) : null}
    </section>
  );
}
