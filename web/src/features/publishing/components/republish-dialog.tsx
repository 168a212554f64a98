import { beyondSpecMessages } from '#shared/messages';
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
    <Dialog open={question !== null} onClose={onCancel} title={beyondSpecMessages.republishTitle}>
      {(question ?? []).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          {beyondSpecMessages.republishCancel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm}>
          {beyondSpecMessages.republishConfirm}
        </button>
      </div>
    </Dialog>
  );
}
