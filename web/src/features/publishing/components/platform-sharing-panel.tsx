import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { platformMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import { altTextBlockers } from '#shared/publishing/media-check';
import { isPlugPlatform } from '#shared/publishing/plug';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';
import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { ConnectedAccountsChecklist } from '../../connections/components/connected-accounts-checklist';
import { useThread } from '../../threads/api/get-thread';
import { useAccountChoice } from '../hooks/use-account-choice';
import { useAuthorQuotes } from '../hooks/use-author-quotes';
import { useConfirmedPublish } from '../hooks/use-confirmed-publish';
import { useLinkPlacements } from '../hooks/use-link-placements';
import { usePlugChoice } from '../hooks/use-plug-choice';
import { usePublishRows } from '../hooks/use-publish-rows';
import { useShareSelection } from '../hooks/use-share-selection';
import { type PublishRow, retryTarget } from '../lib/publish-rows';
import { AuthorQuoteChoice } from './author-quote-field';
import { ConnectPlatformsCard } from './connect-platforms-card';
import { LinkPlacementField } from './link-placement-field';
import { PlugField } from './plug-field';
import { PublishRows } from './publish-rows';
import { RepublishDialog } from './republish-dialog';
import { ShareManuallyCard } from './share-manually-card';
import type { ShareSelection } from './share-step';
import { AltTextBlockers, hasMedia, PlatformMediaPlan } from './thread-media-check';

/** 'Share to 1 platform', 'Share to 3 platforms'. */
export function shareButtonLabel(count: number): string {
  return `Share to ${count} platform${count === 1 ? '' : 's'}`;
}

/**
 * /thread/{id}'s Share Thread view: post to connected platforms (500 ms apart), or share by hand;
 * `moreActions` adds other ways to publish the chosen platforms beside the share button (Schedule).
 */
export function PlatformSharingPanel({
  threadId,
  moreActions,
}: {
  threadId: string;
  moreActions?: (selection: ShareSelection) => ReactNode;
}) {
  const [chosen, setChosen] = useState<Platform[]>([]);
  const [run, setRun] = useState<{ key: string; platforms: Platform[]; accounts?: ChosenAccounts } | null>(null);
  const share = useShareSelection(chosen);
  // The saved thread is what gets published (the page's cached copy; Save updates it).
  const thread = useThread(threadId, true).data;
  const posts = thread?.posts ?? [];
  const placements = useLinkPlacements(thread, share.connections);
  const quotes = useAuthorQuotes(threadId, share.selected);
  const plug = usePlugChoice(thread);
  const accounts = useAccountChoice(share.connections);
  const blockers = altTextBlockers(posts, share.selected);
  const publish = useConfirmedPublish(threadId);
  const { toast } = useToast();
  const returnPath = paths.thread.getHref(threadId);

  const announce = (rows: PublishRow[]) => {
    const failed = rows.filter(({ row }) => row?.status === 'failed').length;
    if (failed === 0) toast({ ...platformMessages.postsSuccessful, variant: 'success' });
    else toast({ ...platformMessages.somePostsFailed, variant: failed < rows.length ? 'warning' : 'destructive' });
  };
  const results = usePublishRows(threadId, run?.platforms ?? [], run?.accounts, run?.key ?? '', announce);

  const onShare = () => {
    const platforms = share.selected;
    const chosenAccounts = accounts.chosenFor(platforms);
    void publish.start(
      {
        platforms,
        origin: 'panel',
        linkPlacements: placements.chosenFor(platforms),
        quotes: quotes.chosenFor(platforms),
        plug: plug.chosen(),
        accounts: chosenAccounts,
      },
      () => setRun({ key: String(Date.now()), platforms, accounts: chosenAccounts }),
    );
  };
  // A failed row posts again on its own; the run keeps its rows (the others stay as they ended).
  const onRetry = (row: PublishRow) =>
    void publish.start({ ...retryTarget(row), origin: 'panel' }, () =>
      setRun((before) => before && { ...before, key: String(Date.now()) }),
    );

  const connectedPlatforms = new Set(share.connections.map((connection) => connection.platform));
  const unconnected = share.enabledPlatforms.filter((platform) => !connectedPlatforms.has(platform));
  const count = share.selected.length;
  const canShareButAccounts =
    share.canShare && !publish.busy && (run === null || results.ended) && blockers.length === 0 && !plug.problem;
  const canShare = canShareButAccounts && accounts.missingFor(share.selected).length === 0;

  return (
    <div className="sharing-panel stack">
      <section className="card stack" aria-labelledby="share-platforms-heading">
        <h2 id="share-platforms-heading">Share to Platforms</h2>
        {share.isError ? (
          <ErrorState className="">{platformMessages.loadConnectionsFailed.description}</ErrorState>
        ) : null}
        {share.isPending ? (
          <LoadingState as="p" className="" spinner={false}>
            Loading your connected platforms…
          </LoadingState>
        ) : null}
        {!share.isPending && !share.isError ? (
          <ConnectedAccountsChecklist
            connections={share.connections}
            selected={share.selected}
            onSelectedChange={setChosen}
            returnPath={returnPath}
            accounts={accounts.chosen}
            onAccountsChange={accounts.change}
          />
        ) : null}
        {thread && share.selected.length > 0 ? (
          <div className="stack">
            <h3>Link Placement</h3>
            {share.selected.map((platform) => {
              const placement = placements.placementOf(platform);
              return (
                <div key={platform} className="stack">
                  <LinkPlacementField
                    platform={platform}
                    value={placement}
                    posts={placements.postsFor(platform, placement)}
                    onChange={(chosen) => placements.change(platform, chosen)}
                  />
                  <AuthorQuoteChoice quotes={quotes} platform={platform} />
                </div>
              );
            })}
          </div>
        ) : null}
        {thread && share.selected.some(isPlugPlatform) ? (
          <PlugField
            enabled={plug.enabled}
            threshold={plug.threshold}
            problem={plug.problem}
            onEnabledChange={plug.setEnabled}
            onThresholdChange={plug.setThreshold}
          />
        ) : null}
        {hasMedia(posts) && share.selected.length > 0 ? (
          <div className="stack">
            <h3>Images per Platform</h3>
            {share.selected.map((platform) => (
              <div key={platform}>
                <h4 className="small">{platformDisplayName(platform)}</h4>
                <PlatformMediaPlan platform={platform} posts={posts} />
              </div>
            ))}
          </div>
        ) : null}
        <AltTextBlockers blockers={blockers} />
        {run ? (
          <div className="stack">
            <h3>Posting Results</h3>
            <PublishRows rows={results.rows} onRetry={onRetry} retryDisabled={publish.busy} />
          </div>
        ) : null}
        <div className="thread-page__row">
          <button type="button" className="button button--primary" disabled={!canShare} onClick={onShare}>
            {publish.busy ? 'Sharing…' : shareButtonLabel(count)}
          </button>
          {moreActions?.({
            platforms: share.selected,
            ready: canShare,
            readyButAccounts: canShareButAccounts,
            linkPlacements: placements.chosenFor(share.selected),
            quotes: quotes.chosenFor(share.selected),
            plug: plug.chosen(),
            accounts: accounts.chosenFor(share.selected),
          })}
          <button type="button" className="button" disabled={chosen.length === 0} onClick={() => setChosen([])}>
            Clear Selection
          </button>
        </div>
        <p className="small muted">
          Connections are managed in <Link to={paths.accountSettings.getHref()}>Account Settings</Link>.
        </p>
      </section>
      <RepublishDialog question={publish.question} onConfirm={publish.confirm} onCancel={publish.cancel} />
      <ShareManuallyCard threadId={threadId} />
      <ConnectPlatformsCard
        unconnected={unconnected}
        unavailable={share.unavailablePlatforms.filter(({ platform }) => !connectedPlatforms.has(platform))}
        returnPath={returnPath}
      />
    </div>
  );
}
