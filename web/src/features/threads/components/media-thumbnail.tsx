import { type CSSProperties, useState } from 'react';
import { mediaEditorMessages } from '#shared/messages/media';
import { useMedia } from '../api/get-media';

interface MediaThumbnailProps {
  mediaId: string;
  alt: string;
  className?: string;
  /** The frame it is shown in (a platform's crop in the share step's preview). */
  style?: CSSProperties;
}

/**
 * A stored picture from its signed URL. A URL that fails to load may have expired, so a fresh one
 * is asked for once per URL (a picture that still fails shows a line instead).
 */
export function MediaThumbnail({ mediaId, alt, className = 'media-thumb', style }: MediaThumbnailProps) {
  const media = useMedia(mediaId);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = media.data?.url;

  if (media.isPending) return <span className={`${className} media-thumb--empty`} style={style} aria-hidden="true" />;
  if (!url || (failedUrl === url && !media.isFetching)) {
    return (
      <span className={`${className} media-thumb--empty small muted`} style={style}>
        {mediaEditorMessages.previewFailed}
      </span>
    );
  }
  return (
    <img
      className={className}
      src={url}
      alt={alt}
      style={style}
      onError={() => {
        if (failedUrl === url) return;
        setFailedUrl(url);
        void media.refetch();
      }}
    />
  );
}
