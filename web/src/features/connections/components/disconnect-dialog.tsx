import { platformMessages, updateConnectionFailed } from '#shared/messages/connections';
import { platformDisplayName } from '#shared/platforms';
import type { Platform } from '#shared/schemas/thread';
import { Dialog } from '#web/components/ui/dialog';
import { useToast } from '#web/components/ui/use-toast';
import { useDisconnectPlatform } from '../api/disconnect-platform';

/** Asks before forgetting a connection; 'Disconnected' once the server has cleared it. */
export function DisconnectDialog({
  platform,
  accountId,
  accountName,
  open,
  onClose,
}: {
  platform: Platform;
  /** The one account to disconnect (the platform's others stay); absent: every account of the platform. */
  accountId?: string;
  accountName?: string;
  open: boolean;
  onClose: () => void;
}) {
  const disconnect = useDisconnectPlatform();
  const { toast } = useToast();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Disconnect ${accountName ? `${accountName} on ` : ''}${platformDisplayName(platform)}?`}
    >
      <p>ThreadSnip will forget this connection and its credentials.</p>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button
        type="button"
        className="button button--danger"
        disabled={disconnect.isPending}
        onClick={() =>
          disconnect.mutate(
            { platform, accountId },
            {
              onSuccess: () => {
                onClose();
                toast({ ...platformMessages.disconnected, variant: 'success' });
              },
              onError: (error) => toast({ ...updateConnectionFailed(error.message), variant: 'destructive' }),
            },
          )
        }
      >
        Confirm Disconnect
      </button>
    </Dialog>
  );
}
