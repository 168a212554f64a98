import { useState } from 'react';
import { platformMessages } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { useStartOAuthAuthorization } from '../api/start-oauth-authorization';
import { PLATFORM_DETAILS } from '../lib/platform-details';
import { CONNECT_FORMS } from './connect-forms';

interface ConnectControlProps {
  platform: Platform;
  /** 'Connect', 'Update Connection', 'Reconnect' or 'Refresh Connection'. */
  label: string;
  returnPath: string;
  /** Show the platform's form at once instead of a button that opens it. */
  initiallyOpen?: boolean;
  /** Changing an existing connection (a connected card's Edit). */
  editing?: boolean;
  onDone?: () => void;
}

/** Starts an OAuth flow (the browser leaves for the platform). */
export function OAuthConnectButton({
  platform,
  label,
  returnPath,
}: Pick<ConnectControlProps, 'platform' | 'label' | 'returnPath'>) {
  const authorize = useStartOAuthAuthorization(platform);
  const { toast } = useToast();
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={authorize.isPending || authorize.isSuccess}
      onClick={() =>
        authorize.mutate(
          { returnPath },
          {
            onError: (error) =>
              toast({ ...platformMessages.connectionFailed, description: error.message, variant: 'destructive' }),
          },
        )
      }
    >
      {authorize.isPending || authorize.isSuccess ? `Opening ${platformDisplayName(platform)}…` : label}
    </button>
  );
}

/** How a platform is connected: its own form (opened by a button), or the OAuth button. */
export function ConnectControl({
  platform,
  label,
  returnPath,
  initiallyOpen = false,
  editing = false,
  onDone,
}: ConnectControlProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const Form = CONNECT_FORMS[platform];
  if (Form) {
    return open ? (
      <Form
        submitLabel={label}
        returnPath={returnPath}
        editing={editing}
        onDone={() => {
          setOpen(initiallyOpen);
          onDone?.();
        }}
      />
    ) : (
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
        {label}
      </button>
    );
  }
  if (PLATFORM_DETAILS[platform].connectsBy === 'oauth') {
    return <OAuthConnectButton platform={platform} label={label} returnPath={returnPath} />;
  }
  return <p className="muted small">{platformDisplayName(platform)} cannot be connected here yet.</p>;
}
