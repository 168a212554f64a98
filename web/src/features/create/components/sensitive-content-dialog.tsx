import { Dialog } from '#web/components/ui/dialog';

interface SensitiveContentDialogProps {
  open: boolean;
  categories: readonly string[];
  message: string | null;
  onCancel: () => void;
  onUseProfessional: () => void;
}

/** Asked when a casual or humorous thread is requested for sensitive content. */
export function SensitiveContentDialog({
  open,
  categories,
  message,
  onCancel,
  onUseProfessional,
}: SensitiveContentDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Sensitive Content Detected"
      className="create-dialog"
      description={message ?? 'This article covers sensitive topics.'}
    >
      {categories.length > 0 ? (
        <ul className="chip-list" aria-label="Sensitive categories">
          {categories.map((category) => (
            <li key={category} className="badge badge--warning">
              {category}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="small">
        Casual and humorous tones are not available for sensitive topics. The thread can be written in the Professional
        tone instead.
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onUseProfessional}>
          Use Professional Tone
        </button>
      </div>
    </Dialog>
  );
}
