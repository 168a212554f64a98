import { Dialog } from '#web/components/ui/dialog';

interface DeleteThreadDialogProps {
  open: boolean;
  title: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a thread is deleted for good. */
export function DeleteThreadDialog({ open, title, onCancel, onConfirm }: DeleteThreadDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Delete this thread?"
      description={`"${title}" will be permanently deleted. This cannot be undone.`}
    >
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          Delete
        </button>
      </div>
    </Dialog>
  );
}
