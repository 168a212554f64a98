import { useId } from 'react';
import { connectionFormMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { ConnectionView } from '#shared/schemas/publishing';
import type { Platform } from '#shared/schemas/thread';

interface AccountChooserProps {
  platform: Platform;
  /** The platform's accounts that can be posted to now. */
  accounts: readonly ConnectionView[];
  /** The account ids chosen. */
  chosen: readonly string[];
  onChange: (accountIds: string[]) => void;
  /** One account only (a queue slot names one per platform): radios instead of checkboxes. */
  single?: boolean;
  /**
   * With `single`: a first choice of no account, labelled so (a queue slot that leaves it to the item);
   * then choosing none is a choice, not a missing one.
   */
  noneLabel?: string;
  /** The group's legend (default: 'Choose the {Platform} account'). */
  legend?: string;
}

/**
 * Which of a platform's accounts a thread posts to, shown only when it has more than one (with one,
 * there is nothing to choose and the server posts to it). Nothing is chosen at first: the share step
 * waits for a choice, as the server refuses a publish that names none.
 */
export function AccountChooser({
  platform,
  accounts,
  chosen,
  onChange,
  single = false,
  noneLabel,
  legend,
}: AccountChooserProps) {
  // Radios of one chooser form one group, apart from another chooser's (each queue slot has one).
  const groupName = `${platform}-account-${useId()}`;
  if (accounts.length < 2) return null;
  const name = platformDisplayName(platform);
  const toggle = (accountId: string) =>
    onChange(
      single
        ? [accountId]
        : chosen.includes(accountId)
          ? chosen.filter((id) => id !== accountId)
          : [...chosen, accountId],
    );
  return (
    <fieldset className="stack account-chooser">
      <legend>{legend ?? connectionFormMessages.chooseAccount(name)}</legend>
      {single && noneLabel ? (
        <label className="checkbox">
          <input type="radio" name={groupName} checked={chosen.length === 0} onChange={() => onChange([])} />
          {noneLabel}
        </label>
      ) : null}
      {accounts.map((account) => (
        <label key={account.accountId} className="checkbox">
          <input
            type={single ? 'radio' : 'checkbox'}
            name={groupName}
            checked={chosen.includes(account.accountId)}
            onChange={() => toggle(account.accountId)}
          />
          {account.name}
        </label>
      ))}
      {chosen.length === 0 && !noneLabel ? (
        <p className="muted small" role="status">
          {connectionFormMessages.accountChoiceRequired(name)}
        </p>
      ) : null}
    </fieldset>
  );
}
