import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { feedMessages } from '#shared/messages/feeds';
import { threadMessages } from '#shared/messages/threads';
import type { ThreadSummary } from '#shared/schemas/thread';
import { TONE_LABELS } from '#shared/tones';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { ShortQuoteBadge } from '../../threads/components/short-quote-badge';
import { cardThemes, engagementText, relativeTime, sourceHost } from '../lib/thread-card';

interface ThreadCardProps {
  thread: ThreadSummary;
  now: Date;
  onDelete: (thread: ThreadSummary) => void;
  /** A line about what is coming for the thread (the page adds 'Scheduled for …'). */
  status?: ReactNode;
}

/** One saved thread in My Threads: what it is, where it came from, and View / Delete. */
export function ThreadCard({ thread, now, onDelete, status }: ThreadCardProps) {
  const { toast } = useToast();
  const themes = cardThemes(thread.themes);

  const copyId = async () => {
    try {
      await navigator.clipboard.writeText(thread.id);
      toast({ ...threadMessages.threadIdCopied, variant: 'success' });
    } catch {
      toast({ ...threadMessages.copyFailed, variant: 'destructive' });
    }
  };

  return (
    <li className="card thread-card" data-thread-id={thread.id}>
      <div className="thread-card__header">
        <h2 className="thread-card__title">{thread.title}</h2>
        <div className="thread-card__badges">
          {thread.posted ? <span className="badge badge--good">Posted</span> : null}
          {thread.autoDraft ? <span className="badge">{feedMessages.autoDraftBadge}</span> : null}
          {thread.isSensitiveContent ? <span className="badge badge--warning">Sensitive</span> : null}
        </div>
      </div>
      <p className="small muted thread-card__meta">
        <span>{sourceHost(thread.sourceUrl)}</span>
        <button
          type="button"
          className="link-button thread-card__id"
          onClick={() => void copyId()}
          aria-label="Copy thread ID"
        >
          ID: {thread.id.slice(0, 8)}
        </button>
      </p>
      {status}
      <ShortQuoteBadge rights={thread.rights} />
      <p className="thread-card__preview">{thread.preview}</p>
      <p className="small muted thread-card__facts">
        <span>
          {thread.postCount} {thread.postCount === 1 ? 'post' : 'posts'}
        </span>
        <span>·</span>
        <time dateTime={thread.createdAt}>{relativeTime(thread.createdAt, now)}</time>
        {typeof thread.engagement === 'number' ? (
          <>
            <span>·</span>
            <span className="thread-card__engagement">{engagementText(thread.engagement)}</span>
          </>
        ) : null}
      </p>
      <ul className="chip-list" aria-label="Tone and themes">
        <li className="chip chip--tone">{TONE_LABELS[thread.tone] ?? thread.tone}</li>
        {themes.shown.map((theme) => (
          <li key={theme} className="chip">
            #{theme}
          </li>
        ))}
        {themes.more > 0 ? <li className="chip">+{themes.more}</li> : null}
      </ul>
      <div className="thread-card__actions">
        <Link className="button button--primary" to={paths.thread.getHref(thread.id)}>
          View
        </Link>
        <button type="button" className="button button--danger" onClick={() => onDelete(thread)}>
          Delete
        </button>
      </div>
    </li>
  );
}
