import type { Post } from '#shared/schemas/thread';
import { Dialog } from '#web/components/ui/dialog';
import { ManualShareCarousel } from './manual-share-carousel';

interface ManualShareDialogProps {
  open: boolean;
  posts: readonly Post[];
  onClose: () => void;
}

/** The create flow's Share Manually dialog: the copy carousel, reset each time it opens. */
export function ManualShareDialog({ open, posts, onClose }: ManualShareDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Share Manually"
      description="Copy each post, then paste it anywhere: post them in order to keep the thread together."
      className="dialog--wide manual-share create-dialog"
    >
      <ManualShareCarousel
        posts={posts}
        resetKey={open}
        actions={
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        }
      />
    </Dialog>
  );
}
