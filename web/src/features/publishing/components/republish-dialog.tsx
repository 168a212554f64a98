import { republishMessages } from '#shared/messages/publishing';
import { Dialog } from '#web/components/ui/dialog';

/** The question before publishing again: one sentence per platform that already has the thread. */
export function RepublishDialog({
  question,
  onConfirm,
  onCancel,
}: {
  question: string[] | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={question !== null} onClose={onCancel} title={republishMessages.title}>
      {(question ?? []).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {republishMessages.cancel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {republishMessages.confirm}
        </button>
      </div>
    </Dialog>
  );
}
