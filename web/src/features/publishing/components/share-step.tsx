import { Link } from 'react-router-dom';
import { platformMessages } from '../../../../../shared/messages';
import { platformDisplayName } from '../../../../../shared/platforms';
import { postRulesFor } from '../../../../../shared/publishing/platform-rules';
import { reflowThread } from '../../../../../shared/publishing/reflow';
import type { Platform, Thread } from '../../../../../shared/schemas/thread';
import { useToast } from '../../../components/ui/use-toast';
import { paths } from '../../../config/paths';
import { useConnections } from '../../connections/api/get-connections';
import { usePublishThread } from '../api/publish-thread';

interface ShareStepProps {
  thread: Thread;
  selected: Platform[];
  onSelectedChange: (platforms: Platform[]) => void;
  onBack: () => void;
  onPublished: () => void;
}

/** The share step: connected platforms to choose, each one's version of the thread, Continue to Publishing. */
export function ShareStep({ thread, selected, onSelectedChange, onBack, onPublished }: ShareStepProps) {
  const connections = useConnections();
  const publish = usePublishThread(thread.id);
  const { toast } = useToast();
  const connected = (connections.data?.connections ?? []).filter((item) => item.isConnected);
  const canContinue = selected.length > 0 && thread.posts.length > 0 && !publish.isPending;

  const toggle = (platform: Platform) =>
    onSelectedChange(selected.includes(platform) ? selected.filter((p) => p !== platform) : [...selected, platform]);

  const onContinue = () => {
    if (selected.length === 0) {
      toast({ ...platformMessages.noPlatformsSelected, variant: 'destructive' });
      return;
    }
    publish.mutate(
      { platforms: selected, origin: 'create' },
      {
        onSuccess: onPublished,
        onError: (error) =>
          toast({ ...platformMessages.postingError, description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <section className="card create-card stack" aria-labelledby="share-title">
      <h2 id="share-title">Share Your Thread</h2>
      <fieldset className="stack">
        <legend>Connected Accounts</legend>
        {connected.length === 0 && !connections.isPending ? (
          <p className="muted">
            No connected platforms yet. <Link to={paths.accountSettings.getHref()}>Connect platforms</Link>
          </p>
        ) : null}
        {connected.map((connection) => (
          <label key={connection.platform} className="checkbox">
            <input
              type="checkbox"
              checked={selected.includes(connection.platform)}
              onChange={() => toggle(connection.platform)}
            />
            {platformDisplayName(connection.platform)}
            {connection.platformUsername ? <span className="badge">{connection.platformUsername}</span> : null}
          </label>
        ))}
      </fieldset>
      {selected.map((platform) => {
        const rules = postRulesFor(platform);
        if (!rules) return null;
        const posts = reflowThread(
          { title: thread.title, posts: thread.posts.map((post) => post.content), authorHandles: thread.authorHandles },
          rules,
        );
        return (
          <details key={platform} open>
            <summary>
              {platformDisplayName(platform)} version: {posts.length} post{posts.length === 1 ? '' : 's'}
            </summary>
            <ol className="stack">
              {posts.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the formatted posts have no id of their own
                <li key={index} className="small pre-wrap">
                  {text}
                </li>
              ))}
            </ol>
          </details>
        );
      })}
      <div className="preview__actions">
        <button type="button" className="button" onClick={onBack}>
          Back to Preview
        </button>
        <button type="button" className="button button--primary" disabled={!canContinue} onClick={onContinue}>
          Continue to Publishing
        </button>
      </div>
    </section>
  );
}
