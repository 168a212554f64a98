import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { beyondSpecMessages } from '#shared/messages';
import { publicThreadPath, type WebmentionStatus } from '#shared/schemas/public';
import type { Thread } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { threadQueryKey } from '#web/features/threads/api/get-thread';
import { usePutThreadVisibility } from '../api/put-thread-visibility';

const texts = beyondSpecMessages.publicPage;
/** While the Webmention is pending, the thread is read again this often (its worker usually ends in seconds). */
const PENDING_POLL_MS = 4_000;

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
 * whether the article's author was told (Webmention).
 */
export function PublicLinkPanel({ thread }: { thread: Thread }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const visibility = usePutThreadVisibility(thread.id);
  const publicUrl =
    thread.isPublic && thread.publicId ? new URL(publicThreadPath(thread.publicId), window.location.origin).href : null;
  const pending = thread.webmention?.state === 'pending';

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: threadQueryKey(thread.id) }),
      PENDING_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [pending, queryClient, thread.id]);

  const change = (isPublic: boolean, allowIndexing: boolean) =>
    visibility.mutate(
      { isPublic, allowIndexing },
      { onError: () => toast({ ...texts.visibilityFailed, variant: 'destructive' }) },
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
      {thread.webmention ? (
        <p className="small" role="status" data-webmention-state={thread.webmention.state}>
          {webmentionText(thread.webmention)}
        </p>
      ) : null}
    </section>
  );
}
