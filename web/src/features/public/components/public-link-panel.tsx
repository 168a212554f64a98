import { useState } from 'react';
import { publicPageMessages } from '#shared/messages/public';
import { publicThreadPath, type WebmentionStatus } from '#shared/schemas/public';
import type { Thread } from '#shared/schemas/thread';
import { isTeamWorkspaceId } from '#shared/workspaces/roles';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { useCurrentWorkspaceId } from '#web/lib/current-workspace';
import { useMe } from '#web/lib/get-me';
import { useThreadWebmention } from '../api/get-thread-webmention';
import { usePutThreadVisibility } from '../api/put-thread-visibility';
import { DisplayNameDialog } from './display-name-dialog';

const texts = publicPageMessages;

/** The later of two readings of the Webmention's state (the thread's, the status poll's). */
function latest(a: WebmentionStatus | null | undefined, b: WebmentionStatus | null | undefined) {
  if (!a || !b) return a ?? b;
  return b.at >= a.at ? b : a;
}

function webmentionText(status: WebmentionStatus): string {
  switch (status.state) {
    case 'sent':
      return texts.webmention.sent(new Date(status.at).toLocaleString());
    case 'refused':
      return texts.webmention.refused(status.statusCode);
    default:
      return texts.webmention[status.state];
  }
}

/**
 * The thread's public page: make it public or private, allow search engines, copy its link, and
 * whether the article's author was told (Webmention). The first Make Public of a curator without a
 * display name asks for one (the page names them by it, never by their email); a team's thread is
 * curated in the team's name, so in a team nothing is asked.
 */
export function PublicLinkPanel({ thread }: { thread: Thread }) {
  const { toast } = useToast();
  const visibility = usePutThreadVisibility(thread.id);
  const me = useMe();
  const inTeam = isTeamWorkspaceId(useCurrentWorkspaceId() ?? '');
  // The name dialog is open (with the indexing choice to make public with), or closed: null.
  const [askingName, setAskingName] = useState<{ allowIndexing: boolean } | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const publicUrl =
    thread.isPublic && thread.publicId ? new URL(publicThreadPath(thread.publicId), window.location.origin).href : null;
  // Polled only while a mention may come: one was pending when the thread was read, or it was just made public.
  const status = useThreadWebmention(
    thread.id,
    Boolean(publicUrl) && (thread.webmention?.state === 'pending' || visibility.data?.isPublic === true),
  );
  const webmention = latest(thread.webmention, status.data?.webmention);

  const change = (isPublic: boolean, allowIndexing: boolean) => {
    if (isPublic && !publicUrl && !inTeam && me.data && !me.data.displayName) {
      setNameError(null);
      setAskingName({ allowIndexing });
      return;
    }
    visibility.mutate(
      { isPublic, allowIndexing },
      {
        onError: (error) => {
          // The account has no display name after all (chosen nowhere yet): ask for it.
          if (error instanceof ApiError && error.code === 'display_name_required') {
            setNameError(null);
            setAskingName({ allowIndexing });
            return;
          }
          toast({ ...texts.visibilityFailed, variant: 'destructive' });
        },
      },
    );
  };
  const makePublicAs = (displayName: string) =>
    visibility.mutate(
      { isPublic: true, allowIndexing: askingName?.allowIndexing ?? false, displayName },
      {
        onSuccess: () => setAskingName(null),
        onError: (error) => setNameError(error.message),
      },
    );
  const copy = async () => {
    if (!publicUrl) return;
    await navigator.clipboard.writeText(publicUrl);
    toast({ ...texts.linkCopied, variant: 'success' });
  };

  return (
    <section className="card stack public-link-panel" aria-labelledby={`public-link-${thread.id}`}>
      <h2 id={`public-link-${thread.id}`} className="small">
        {texts.publicLinkLabel}
      </h2>
      <p className="small muted">{publicUrl ? texts.isPublicNote : texts.isPrivateNote}</p>
      {publicUrl ? (
        <>
          <div className="thread-page__row">
            <input className="input" readOnly value={publicUrl} aria-label={texts.publicLinkLabel} />
            <button type="button" className="button" onClick={() => void copy()}>
              {texts.copyLink}
            </button>
          </div>
          <label className="small">
            <input
              type="checkbox"
              checked={thread.allowIndexing === true}
              disabled={visibility.isPending}
              onChange={(event) => change(true, event.target.checked)}
            />{' '}
            {texts.allowIndexing}
          </label>
        </>
      ) : null}
      <div className="thread-page__row">
        <button
          type="button"
          className="button"
          disabled={visibility.isPending}
          onClick={() => change(!publicUrl, false)}
        >
          {publicUrl ? texts.makePrivate : texts.makePublic}
        </button>
      </div>
      <DisplayNameDialog
        open={askingName !== null}
        pending={visibility.isPending}
        error={nameError}
        onCancel={() => setAskingName(null)}
        onConfirm={makePublicAs}
      />
      {webmention ? (
        <p className="small" role="status" data-webmention-state={webmention.state}>
          {webmentionText(webmention)}
        </p>
      ) : null}
    </section>
  );
}
