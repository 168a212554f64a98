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
  /** One account only (a scheduled or queued item posts once per platform): radios instead of checkboxes. */
  single?: boolean;
}

/**
 * Which of a platform's accounts a thread posts to, shown only when it has more than one (with one,
 * there is nothing to choose and the server posts to it). Nothing is chosen at first: the share step
 * waits for a choice, as the server refuses a publish that names none.
 */
export function AccountChooser({ platform, accounts, chosen, onChange, single = false }: AccountChooserProps) {
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
      <legend>{connectionFormMessages.chooseAccount(name)}</legend>
      {accounts.map((account) => (
        <label key={account.accountId} className="checkbox">
          <input
            type={single ? 'radio' : 'checkbox'}
            name={`${platform}-account`}
            checked={chosen.includes(account.accountId)}
            onChange={() => toggle(account.accountId)}
          />
          {account.name}
        </label>
      ))}
      {chosen.length === 0 ? (
        <p className="muted small" role="status">
          {connectionFormMessages.accountChoiceRequired(name)}
        </p>
      ) : null}
    </fieldset>
  );
}
