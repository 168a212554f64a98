import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { imageAdded, imageFailed, mediaEditorMessages, uploadingImage } from '#shared/messages/media';
import { uploadedPostMedia, uploadFileProblem, uploadRequestFor } from '#shared/post-media';
import type { PostMedia } from '#shared/schemas/media';
import { mediaQueryKey } from '#web/lib/query-keys';
import { completeUpload } from '../api/complete-upload';
import { createUpload } from '../api/create-upload';
import { sendUploadFile } from '../api/send-upload-file';

/** A file on its way: sent to storage, then checked and re-encoded by the server. */
interface PendingUpload {
  key: number;
  name: string;
  phase: 'uploading' | 'processing';
}

/**
 * Uploads the curator's images for one post: each file checked here first (type, 15 MB), then
 * create upload → POST to the presigned URL → complete; the stored picture is handed to `onAdded`
 * and its signed URL cached for the thumbnail. `status` is the latest line to announce, `error` the
 * latest failure.
 */
export function useImageUpload(room: number, onAdded: (media: PostMedia) => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nextKey = useRef(0);

  const setPhase = (key: number, phase: PendingUpload['phase'] | null) =>
    setPending((current) =>
      phase === null
        ? current.filter((upload) => upload.key !== key)
        : current.map((upload) => (upload.key === key ? { ...upload, phase } : upload)),
    );

  const upload = async (file: File) => {
    const key = nextKey.current++;
    setPending((current) => [...current, { key, name: file.name, phase: 'uploading' }]);
    setStatus(uploadingImage(file.name));
    try {
      const target = await createUpload(uploadRequestFor(file));
      await sendUploadFile(target, file);
      setPhase(key, 'processing');
      setStatus(mediaEditorMessages.processing);
      const media = await completeUpload(target.uploadId);
      queryClient.setQueryData(mediaQueryKey(media.id), media);
      onAdded(uploadedPostMedia(media));
      setStatus(imageAdded(file.name));
    } catch (failure) {
      setError(imageFailed(file.name, failure instanceof Error ? failure.message : String(failure)));
      setStatus('');
    } finally {
      setPhase(key, null);
    }
  };

  /** Starts an upload for each acceptable file while the post has room; the rest are refused with a reason. */
  const addFiles = (files: readonly File[]) => {
    setError(null);
    let left = room - pending.length;
    for (const file of files) {
      const problem = uploadFileProblem(file);
      if (problem) {
        setError(imageFailed(file.name, problem));
      } else if (left <= 0) {
        setError(mediaEditorMessages.full);
      } else {
        left -= 1;
        void upload(file);
      }
    }
  };

  return { pending, status, error, addFiles };
}
