// Pictures on posts: the media store's refusals, the editor's texts (adding, describing, arranging,
// quote cards) and the check before publishing.

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

/** The editor's texts (buttons, labels, status lines). */
export const mediaEditorMessages = {
  addImage: 'Add image',
  dropHint: 'Drop an image here, paste one, or use Add image. JPEG, PNG, WebP or GIF, up to 15 MB.',
  full: 'This post already has 4 images, the most a post can carry.',
  altDrafted: 'Drafted — check it',
  altMissing: 'No alt text yet',
  processing: 'Checking the image…',
  uploadPhases: { uploading: 'uploading…', processing: 'checking…' },
  quoteCard: 'Quote card',
  quoteCardSuggested: 'Suggested: this passage reads well on its own',
  quoteCardTitle: 'Make a quote card',
  quoteCardCreate: 'Add quote card',
  quoteCardCreating: 'Making the card…',
  quoteCardAdded: 'Quote card added.',
  useArticlePicture: "Use the article's picture",
  articlePictureAdded: "The article's picture added, with its credit. Check its alt text.",
  removed: 'Image removed.',
  previewFailed: 'The image could not be shown.',
} as const;

/** 'Uploading photo.jpg…' */
export function uploadingImage(fileName: string): string {
  return `Uploading ${fileName}…`;
}

/** 'photo.jpg added. Write its alt text.' */
export function imageAdded(fileName: string): string {
  return `${fileName} added. Write its alt text.`;
}

/** 'Could not add photo.jpg: {reason}' */
export function imageFailed(fileName: string, reason: string): string {
  return `Could not add ${fileName}: ${reason}`;
}

/** 'Image moved to position 1 of 3.' */
export function imageMoved(position: number, total: number): string {
  return `Image moved to position ${position} of ${total}.`;
}

/** 'Could not make the quote card: {reason}' */
export function quoteCardFailed(reason: string): string {
  return `Could not make the quote card: ${reason}`;
}

/** Blocks publishing: 'Post 2 has an image without alt text, which Bluesky and Mastodon show. Write it before publishing.' */
export function altTextRequired(postNumbers: readonly number[], platformNames: readonly string[]): string {
  const posts =
    postNumbers.length === 1 ? `Post ${postNumbers[0]} has` : `Posts ${listOf(postNumbers.map(String))} have`;
  return `${posts} an image without alt text, which ${listOf(platformNames)} ${platformNames.length === 1 ? 'shows' : 'show'}. Write it on the thread before publishing.`;
}

/**
 * Blocks publishing to a connection whose grant predates pictures (X without media.write): 'Twitter/X
 * was connected before ThreadSnip posted pictures, so it cannot post this thread's pictures. …'
 */
export function reconnectForPictures(platformName: string): string {
  return `${platformName} was connected before ThreadSnip posted pictures, so it cannot post this thread's pictures. Reconnect ${platformName} in Account Settings to post pictures, or remove them from the thread.`;
}

/** The connection card of such a grant: 'Connected before ThreadSnip posted pictures: reconnect Twitter/X to post them.' */
export function pictureGrantMissing(platformName: string): string {
  return `Connected before ThreadSnip posted pictures: reconnect ${platformName} to post them. Text posts still work.`;
}

/**
 * Refuses a Discord run with pictures before it posts: 'The Discord bot needs Attach Files in
 * #gallery to post this thread's pictures. …'
 */
export function discordBotNeedsPermissions(channelName: string, permissionNames: readonly string[]): string {
  const them = permissionNames.length === 1 ? 'it' : 'them';
  return `The Discord bot needs ${listOf(permissionNames)} in #${channelName} to post this thread's pictures. Allow ${them} for the bot in the channel's or the server's settings, or remove the pictures from the thread.`;
}

/** 'Post 3: 1 image won't be posted (Reddit takes 1 per post).' */
export function imagesLeftOut(postNumber: number, count: number, maxPerPost: number): string {
  const limit = maxPerPost === 0 ? 'no pictures are posted here' : `${maxPerPost} per post here`;
  return `Post ${postNumber}: ${count} ${count === 1 ? 'image' : 'images'} won't be posted (${limit}).`;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
