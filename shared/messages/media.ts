// The media store's refusals: what a curator is told when a picture cannot be taken or kept.

/** The media store's refusals (images refused, the storage quota, a picture not found). */
export const mediaMessages = {
  notAnImage: 'This file is not a JPEG, PNG, WebP or GIF image.',
  unreadable: 'This image could not be read: the file is damaged or incomplete.',
  tooManyPixels: (megapixels: number) => `This image is too large: at most ${megapixels} megapixels can be added.`,
  tooLarge: (megabytes: number) => `This image is too large: at most ${megabytes} MB can be added.`,
  cannotFit: (megabytes: string) =>
    `This image cannot be made small enough for this platform (at most ${megabytes} MB).`,
  uploadNotFound: 'The upload was not found. Please add the image again.',
  mediaNotFound: 'Image not found',
  quotaExceeded: (megabytes: number) =>
    `Your image storage is full (${megabytes} MB). Remove images you no longer use to add new ones.`,
  remoteUnavailable: (reason: string) => `The article's image could not be fetched: ${reason}.`,
  pictureGone: (position: number) =>
    `Picture ${position} of this post is no longer stored. Remove it or add it again, then publish.`,
};
