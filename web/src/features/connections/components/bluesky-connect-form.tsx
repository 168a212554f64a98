import { type FormEvent, useState } from 'react';
import {
  connectionFormMessages,
  platformConnected,
  platformConnectionFailed,
  platformMessages,
} from '#shared/messages/connections';
import { isBlueskyIdentifier } from '#shared/publishing/bluesky-handle';
import { useToast } from '#web/components/ui/use-toast';
import { useConnectBluesky } from '../api/connect-bluesky';

/**
 * Handle and app password (never the account password); an update needs the app password again
 * ('App Password Required'). The password is sent once and only the session it opens is kept.
 */
export function BlueskyConnectForm({
  submitLabel,
  initialHandle = '',
  onDone,
}: {
  submitLabel: string;
  initialHandle?: string;
  onDone?: () => void;
}) {
  const [handle, setHandle] = useState(initialHandle);
  const [appPassword, setAppPassword] = useState('');
  const connect = useConnectBluesky();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const bareHandle = handle.trim().replace(/^@/, '');
    if (!bareHandle) {
      toast({ title: connectionFormMessages.blueskyHandleRequired, variant: 'destructive' });
      return;
    }
    if (!isBlueskyIdentifier(bareHandle)) {
      toast({ title: connectionFormMessages.invalidBlueskyHandle, variant: 'destructive' });
      return;
    }
    if (!appPassword.trim()) {
      toast({ ...platformMessages.appPasswordRequired, variant: 'destructive' });
      return;
    }
    connect.mutate(
      { handle: handle.trim(), appPassword: appPassword.trim() },
      {
        onSuccess: () => {
          toast({ ...platformConnected('Bluesky'), variant: 'success' });
          setAppPassword('');
          onDone?.();
        },
        onError: (error) => toast({ ...platformConnectionFailed('Bluesky', error.message), variant: 'destructive' }),
      },
    );
  };

  return (
    <form className="stack" onSubmit={onSubmit} noValidate>
      <label className="field">
        <span>Handle</span>
        <input
          autoComplete="username"
          value={handle}
          onChange={(e) => setHandle(e.target.value)}
          placeholder="yourname.bsky.social"
        />
      </label>
      <label className="field">
        <span>App password</span>
        <input
          type="password"
          autoComplete="off"
          value={appPassword}
          onChange={(e) => setAppPassword(e.target.value)}
          placeholder="xxxx-xxxx-xxxx-xxxx"
        />
      </label>
      <p className="muted">
        Create an app password in Bluesky under Settings → App Passwords (Privacy and security), name it ThreadSnip, and
        paste it here. Do not use your account password: an app password can be revoked on its own.
      </p>
      <button type="submit" className="button button--primary" disabled={connect.isPending}>
        {connect.isPending ? 'Connecting…' : submitLabel}
      </button>
    </form>
  );
}
