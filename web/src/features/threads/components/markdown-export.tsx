import { threadMessages } from '#shared/messages/threads';
import type { Thread } from '#shared/schemas/thread';
import { useToast } from '#web/components/ui/use-toast';
import { markdownFileName, threadToMarkdown } from '../lib/markdown';

/** Export (beyond the spec): the thread as Markdown, copied or downloaded as a .md file. */
export function MarkdownExport({ thread }: { thread: Thread }) {
  const { toast } = useToast();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(threadToMarkdown(thread));
      toast({ title: 'Copied', description: 'The thread is on your clipboard as Markdown.', variant: 'success' });
    } catch {
      toast({ ...threadMessages.copyFailed, variant: 'destructive' });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([threadToMarkdown(thread)], { type: 'text/markdown;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = markdownFileName(thread.title);
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="card" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <div className="thread-page__row">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy as Markdown
        </button>
        <button type="button" className="button" onClick={download}>
          Download .md
        </button>
      </div>
    </section>
  );
}
