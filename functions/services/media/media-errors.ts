import { mediaMessages } from '#shared/messages/media';
import { MEDIA_QUOTA_BYTES } from '#shared/schemas/media';
import { DomainError } from '../../lib/errors';

// Kept apart from the image code, so a route that only reads pictures never loads sharp to name them.

/** A picture refused: the message is safe to show the curator (a 400 `image_rejected`). */
export class ImageRejectedError extends DomainError {
  constructor(message: string) {
    super(400, message, {}, 'image_rejected');
  }
}

/** The user's stored pictures would pass MEDIA_QUOTA_BYTES. */
export class MediaQuotaExceededError extends DomainError {
  constructor() {
    super(409, mediaMessages.quotaExceeded(MEDIA_QUOTA_BYTES / 1024 / 1024), {}, 'media_quota_exceeded');
  }
}
