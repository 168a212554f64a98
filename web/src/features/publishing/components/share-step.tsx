import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FIRST_COMMENT_LABEL } from '#shared/messages/publishing';
import { platformDisplayName } from '#shared/platforms';
import { firstCommentOf, type LinkPlacements } from '#shared/publishing/link-placement';
import { altTextBlockers } from '#shared/publishing/media-check';
import { isPlugPlatform, type PlugChoice } from '#shared/publishing/plug';
import type { ChosenQuotes } from '#shared/schemas/author-posts';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { Platform, Thread } from '#shared/schemas/thread';
import { ConnectedAccountsChecklist } from '../../connections/components/connected-accounts-checklist';
import { oauthReturnPath } from '../../connections/lib/oauth-return';
import { useAccountChoice } from '../hooks/use-account-choice';
import { useAuthorQuotes } from '../hooks/use-author-quotes';
import { useConfirmedPublish } from '../hooks/use-confirmed-publish';
import { useLinkPlacements } from '../hooks/use-link-placements';
import { usePlugChoice } from '../hooks/use-plug-choice';
import { useShareSelection } from '../hooks/use-share-selection';
import { AuthorQuoteChoice } from './author-quote-field';
import { LinkPlacementField } from './link-placement-field';
import { PlugField } from './plug-field';
import { RepublishDialog } from './republish-dialog';
import { AltTextBlockers, PlatformMediaPlan } from './thread-media-check';

interface ShareStepProps {
  thread: Thread;
  selected: Platform[];
  onSelectedChange: (platforms: Platform[]) => void;
  onTargetSelected?: (platform: Platform, targetId: string) => void;
  onBack: () => void;
  /** Called once the publish was queued, with the accounts chosen of platforms with several. */
  onPublished: (accounts: ChosenAccounts | undefined) => void;
  /** Other ways to publish beside Continue to Publishing (the page adds Schedule), given the chosen platforms. */
  moreActions?: (selection: ShareSelection) => ReactNode;
}

/**
 * What the share step's extra actions act on: the chosen platforms, whether they may be published to
 * now, the link placements chosen and the author's posts to quote.
 */
export interface ShareSelection {
  platforms: Platform[];
  ready: boolean;
  /**
   * Ready but for an account not chosen on a platform with several: Add to Queue may still go, the
   * queue slot naming the account (the server refuses it when the slot names none).
   */
  readyButAccounts: boolean;
  linkPlacements?: LinkPlacements;
  quotes?: ChosenQuotes;
  /** The plug chosen here, when it was changed (kept with the thread for the fire). */
  plug?: PlugChoice;
  /** The accounts chosen of each platform with several (absent: each platform's only account). */
  accounts?: ChosenAccounts;
}

/** The share step: connected platforms to choose, each one's version of the thread, Continue to Publishing. */
export function ShareStep({
  thread,
  selected,
  onSelectedChange,
  onTargetSelected,
  onBack,
  onPublished,
  moreActions,
}: ShareStepProps) {
  const location = useLocation();
  const share = useShareSelection(selected);
  const publish = useConfirmedPublish(thread.id);
  const placements = useLinkPlacements(thread, share.connections);
  const quotes = useAuthorQuotes(thread.id, share.selected);
  const plug = usePlugChoice(thread);
  const accounts = useAccountChoice(share.connections);
  const offersPlug = share.selected.some(isPlugPlatform);
  const blockers = altTextBlockers(thread.posts, share.selected);
  const canContinueButAccounts =
    share.canShare && thread.posts.length > 0 && !publish.busy && blockers.length === 0 && !plug.problem;
  const canContinue = canContinueButAccounts && accounts.missingFor(share.selected).length === 0;

  const onContinue = () => {
    const chosenAccounts = accounts.chosenFor(share.selected);
    void publish.start(
      {
        platforms: share.selected,
        origin: 'create',
        linkPlacements: placements.chosenFor(share.selected),
        quotes: quotes.chosenFor(share.selected),
        plug: plug.chosen(),
        accounts: chosenAccounts,
      },
      () => onPublished(chosenAccounts),
    );
  };

  return (
    <section className="card create-card stack" aria-labelledby="share-title">
      <h2 id="share-title">Share Your Thread</h2>
      <ConnectedAccountsChecklist
        connections={share.connections}
        selected={share.selected}
        onSelectedChange={onSelectedChange}
        returnPath={oauthReturnPath(location.pathname, location.search)}
        onTargetSelected={onTargetSelected}
        accounts={accounts.chosen}
        onAccountsChange={accounts.change}
      />
      {share.selected.map((platform) => {
        const placement = placements.placementOf(platform);
        const posts = placements.postsFor(platform, placement);
        const firstComment = firstCommentOf(
          placement,
          thread.posts.map((post) => post.content),
        );
        return (
          <details key={platform} open>
            <summary>
              {platformDisplayName(platform)} version: {posts.length} post{posts.length === 1 ? '' : 's'}
            </summary>
            <LinkPlacementField
              platform={platform}
              value={placement}
              posts={posts}
              onChange={(chosen) => placements.change(platform, chosen)}
            />
            <AuthorQuoteChoice quotes={quotes} platform={platform} />
            <ol className="stack">
              {posts.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the formatted posts have no id of their own
                <li key={index} className="small pre-wrap">
                  {text}
                </li>
              ))}
            </ol>
            {firstComment ? (
              <p className="small pre-wrap">
                {FIRST_COMMENT_LABEL}: {firstComment}
              </p>
            ) : null}
            <PlatformMediaPlan platform={platform} posts={thread.posts} />
          </details>
        );
      })}
      {offersPlug ? (
        <PlugField
          enabled={plug.enabled}
          threshold={plug.threshold}
          problem={plug.problem}
          onEnabledChange={plug.setEnabled}
          onThresholdChange={plug.setThreshold}
        />
      ) : null}
      <AltTextBlockers blockers={blockers} />
      <div className="preview__actions">
        <button type="button" className="button" onClick={onBack}>
          Back to Preview
        </button>
        <button type="button" className="button button--primary" disabled={!canContinue} onClick={onContinue}>
          Continue to Publishing
        </button>
        {moreActions?.({
          platforms: share.selected,
          ready: canContinue,
          readyButAccounts: canContinueButAccounts,
          linkPlacements: placements.chosenFor(share.selected),
          quotes: quotes.chosenFor(share.selected),
          plug: plug.chosen(),
          accounts: accounts.chosenFor(share.selected),
        })}
      </div>
      <RepublishDialog question={publish.question} onConfirm={publish.confirm} onCancel={publish.cancel} />
    </section>
  );
}
