// Pictures on posts: adding, describing, arranging, quote cards, and the check before publishing.

/** The editor's texts (buttons, labels, status lines). */
export const mediaMessages = {
  addImage: 'Add image',
  dropHint: 'Drop an image here, paste one, or use Add image. JPEG, PNG, WebP or GIF, up to 15 MB.',
  full: 'This post already has 4 images, the most a post can carry.',
  altDrafted: 'Drafted — check it',
  altMissing: 'No alt text yet',
  processing: 'Checking the image…',
  uploadPhases: { uploading: 'uploading…', processing: 'checking…' },
  quoteCard: 'Quote card',
  quoteCardTitle: 'Make a quote card',
  quoteCardCreate: 'Add quote card',
  quoteCardCreating: 'Making the card…',
  quoteCardAdded: 'Quote card added.',
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

/** 'Post 3: 1 image won't be posted (Reddit takes 1 per post).' */
export function imagesLeftOut(postNumber: number, count: number, maxPerPost: number): string {
  return `Post ${postNumber}: ${count} ${count === 1 ? 'image' : 'images'} won't be posted (${maxPerPost} per post here).`;
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
