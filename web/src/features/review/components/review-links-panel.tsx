import { useId, useState } from 'react';
import { workspaceMessages } from '#shared/messages/workspaces';
import { platformDisplayName } from '#shared/platforms';
import type { ChosenAccounts } from '#shared/schemas/publishing';
import { PLATFORMS, type Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { ApiError } from '#web/lib/api-client';
import { toastForApiError } from '#web/lib/error-texts';
import { useConnections } from '../../connections/api/get-connections';
import { AccountChooser } from '../../connections/components/account-chooser';
import { useReviewLinkActions, useReviewLinks } from '../api/review-links';
import {
  platformsMissingAccounts,
  reviewAccountsOf,
  reviewLinkRequest,
  reviewLinkTargetsText,
} from '../lib/review-link-accounts';

const texts = workspaceMessages.reviewLink.panel;

/**
 * A thread's client review links: editors (`write`) make one for the platforms they tick (and, for a
 * platform with several accounts, the accounts chosen: all at first), or the server's default ones
 * (its URL copied, shown once) and revoke them; every member who can read the thread sees the list,
 * each link's platforms and accounts and its state.
 */
export function ReviewLinksPanel({ threadId, canWrite }: { threadId: string; canWrite: boolean }) {
  const headingId = useId();
  const { toast } = useToast();
  const links = useReviewLinks(threadId);
  const actions = useReviewLinkActions(threadId);
  const connections = useConnections().data?.connections ?? [];
  const [chosen, setChosen] = useState<Platform[]>([]);
  const [accounts, setAccounts] = useState<ChosenAccounts>({});
  const toggle = (platform: Platform, on: boolean) => {
    setChosen((current) =>
      on
        ? PLATFORMS.filter((each) => each === platform || current.includes(each))
        : current.filter((each) => each !== platform),
    );
    // A platform ticked shows each of its accounts until some are unticked.
    if (on)
      setAccounts((current) => ({
        ...current,
        [platform]: reviewAccountsOf(connections, platform).map((account) => account.accountId),
      }));
  };
  const missing = platformsMissingAccounts(chosen, accounts, connections);
  const failed = (error: Error) =>
    toast({
      ...(error instanceof ApiError ? toastForApiError(error) : { ...texts.failed, description: error.message }),
      variant: 'destructive',
    });
  const create = () =>
    actions.create.mutate(reviewLinkRequest(chosen, accounts, connections), {
      onSuccess: async ({ url }) => {
        try {
          await navigator.clipboard.writeText(url);
          toast({ ...texts.created, description: url, variant: 'success' });
        } catch {
          toast({ title: texts.failed.title, description: texts.copyFailed(url) });
        }
      },
      onError: failed,
    });

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p className="small muted">{texts.hint}</p>
      {links.data && links.data.links.length > 0 ? (
        <ul className="plain-list stack">
          {links.data.links.map((link) => (
            <li key={link.linkId} className="row" data-link-state={link.state}>
              <span className="badge badge--info">{texts.states[link.state]}</span>
              <span className="small">
                {texts.describe(link.createdBy, link.expiresAt.slice(0, 10))}
                {link.platforms.length > 0 ? ` · ${texts.forPlatforms(reviewLinkTargetsText(link, connections))}` : ''}
                {link.decision ? ` · ${texts.decision[link.decision]}` : ''}
              </span>
              {canWrite && link.state === 'active' ? (
                <button
                  type="button"
                  className="button"
                  disabled={actions.revoke.isPending}
                  onClick={() =>
                    actions.revoke.mutate(link.linkId, {
                      onSuccess: () => toast({ ...texts.revoked, variant: 'success' }),
                      onError: failed,
                    })
                  }
                >
                  {texts.revoke}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : links.data ? (
        <p className="small muted">{texts.none}</p>
      ) : null}
      {canWrite ? (
        // Folded: most links take the default platforms, and the page's sharing panel has its own platform boxes.
        <details className="stack">
          <summary>{texts.platformsLegend}</summary>
          <fieldset className="stack" aria-label={texts.platformsLegend}>
            <p className="small muted">{texts.platformsHint}</p>
            <div className="row">
              {PLATFORMS.map((platform) => (
                <label key={platform} className="row">
                  <input
                    type="checkbox"
                    checked={chosen.includes(platform)}
                    onChange={(event) => toggle(platform, event.target.checked)}
                  />
                  {platformDisplayName(platform)}
                </label>
              ))}
            </div>
            {chosen.map((platform) => (
              <AccountChooser
                key={platform}
                platform={platform}
                accounts={reviewAccountsOf(connections, platform)}
                chosen={accounts[platform] ?? []}
                onChange={(ids) => setAccounts((current) => ({ ...current, [platform]: ids }))}
              />
            ))}
          </fieldset>
        </details>
      ) : null}
      {canWrite ? (
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={actions.create.isPending || missing.length > 0}
            onClick={create}
          >
            {texts.create}
          </button>
        </div>
      ) : null}
    </section>
  );
}
