import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountMessages } from '#shared/messages/account';
import { useToast } from '#web/components/ui/use-toast';
import { paths } from '#web/config/paths';
import { useAuth } from '#web/lib/auth-context';
import { useDeleteAccount } from '../api/delete-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The Danger Zone card: delete the account, then toast, sign out and go home. */
export function DangerZone({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const deletion = useDeleteAccount();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();

  const onConfirm = (confirmEmail: string) => {
    deletion.mutate(
      { confirmEmail },
      {
        onSuccess: async () => {
          setOpen(false);
          toast({ ...accountMessages.accountDeleted, variant: 'success' });
          // Home first, so the sign-out does not bounce the user to /auth from a signed-in page.
          await navigate(paths.home.getHref());
          await signOut();
        },
        onError: () => {
          toast({ ...accountMessages.deleteFailed, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <section className="card card--danger" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">Danger Zone</h2>
      <p className="muted">Deleting your account removes your threads, credits and platform connections permanently.</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        Delete Account
      </button>
      <DeleteAccountDialog
        open={open}
        email={email}
        pending={deletion.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </section>
  );
}
