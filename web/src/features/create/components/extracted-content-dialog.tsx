import { useQuery } from '@tanstack/react-query';
import { Dialog } from '#web/components/ui/dialog';
import { ApiError } from '#web/lib/api-client';
import { extractionQueryOptions } from '../api/extract-article';

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

interface ExtractedContentDialogProps {
  url: string;
  open: boolean;
  onClose: () => void;
  /** 'View Extracted Content' on the input step, 'Extracted Text' on the preview. */
  title: string;
}

/** The article text the extractor read: title, content and time, with Re-extract Content and Close. */
export function ExtractedContentDialog({ url, open, onClose, title }: ExtractedContentDialogProps) {
  const extraction = useQuery({ ...extractionQueryOptions(url), enabled: open && Boolean(url) });
  const article = extraction.data;
  return (
    <Dialog open={open} onClose={onClose} title={title} className="dialog--wide create-dialog">
      {extraction.isFetching && !article ? (
        <div className="inline-status" role="status">
          <span className="spinner" aria-hidden="true" /> Extracting the article…
        </div>
      ) : null}
      {extraction.isError && !extraction.isFetching ? (
        <p className="notice notice--warning" role="alert">
          {extraction.error instanceof ApiError ? extraction.error.message : 'The article could not be extracted.'}
        </p>
      ) : null}
      {article ? (
        <div className="extracted">
          <h3 className="extracted__title">{article.title}</h3>
          <p className="small muted">
            Extracted {formatTime(article.extractedAt)}
            {article.siteName ? ` · ${article.siteName}` : ''}
            {article.byline ? ` · ${article.byline}` : ''} · {article.content.length.toLocaleString()} characters
          </p>
          <div className="extracted__content">{article.content}</div>
        </div>
      ) : null}
      <div className="dialog__actions">
        <button
          type="button"
          className="button"
          disabled={extraction.isFetching}
          onClick={() => void extraction.refetch()}
        >
          {extraction.isFetching ? 'Re-extracting…' : 'Re-extract Content'}
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
