import { articleImageCredit, articleImageRefusal } from '#shared/article-image';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { quoteCardAlt, quoteCardCredit, quoteCardPassage, quoteCardRefusalMessages } from '#shared/quote-card';
import type { PostMedia, QuoteCardRequest, QuoteCardResponse } from '#shared/schemas/media';
import type { Post, Thread } from '#shared/schemas/thread';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { openAiSettings } from '../../lib/openai-settings';
import { draftAltText } from '../media/alt-draft/draft-alt-text';
import { describeMedia, fetchRemoteImage, getMedia, markAttached, saveImage } from '../media/media';
import type { AccessContext } from './thread-access';
import { assertThreadAccess } from './thread-access';

/**
 * The pictures a save keeps on its posts, checked against the user's own pictures: an id that is
 * not theirs is not found; type and size come from the stored picture, never from the request; an
 * article picture keeps its credit line. The pictures now carried are marked attached, so the
 * bucket's lifecycle keeps them.
 */
export async function checkedPostPictures(
  context: AccessContext,
  thread: Thread,
  submitted: readonly (readonly PostMedia[] | undefined)[],
): Promise<(PostMedia[] | undefined)[]> {
  const ids = [...new Set(submitted.flatMap((media) => media?.map((entry) => entry.id) ?? []))];
  const records = new Map(await Promise.all(ids.map(async (id) => [id, await getMedia(context.userId, id)] as const)));
  const credit = thread.articleImage ? articleImageCredit(thread.articleImage.credit, outletOf(thread)) : null;
  const checked = submitted.map((media) =>
    media?.map((entry): PostMedia => {
      const record = records.get(entry.id)!;
      return {
        id: record.id,
        kind: record.kind,
        mimeType: record.mimeType,
        width: record.width,
        height: record.height,
        alt: entry.alt.trim(),
        altSource: entry.altSource,
        credit: record.kind === 'article-image' ? credit : null,
      };
    }),
  );
  if (ids.length > 0) await markAttached(context.userId, ids, true);
  return checked;
}

function outletOf(thread: Thread): string {
  return thread.outlet ?? new URL(thread.sourceUrl).hostname.replace(/^www\./, '');
}

function postOf(thread: Thread, postId: string): Post {
  const post = thread.posts.find((candidate) => candidate.id === postId);
  if (!post) throw new NotFoundError(apiErrorMessages.post_not_found, 'post_not_found');
  return post;
}

/**
 * A quote card of a post's source passage, verbatim (cut to the publisher's limit in short-quote
 * mode), with the author, outlet and domain drawn on it; its alt text is the passage and the credit
 * word for word. Stored as one of the user's pictures; the curator puts it on the post and saves.
 */
export async function makeQuoteCard(
  context: AccessContext,
  threadId: string,
  postId: string,
  request: QuoteCardRequest,
): Promise<QuoteCardResponse> {
  const thread = await assertThreadAccess(context, threadId);
  const card = quoteCardPassage(postOf(thread, postId), thread);
  if (card.passage === null) throw new ValidationError(quoteCardRefusalMessages[card.reason], 'quote_card_refused');
  const credit = quoteCardCredit(thread, thread.outlet);
  const { renderQuoteCard } = await import('../media/quote-card/render-quote-card');
  const rendered = await renderQuoteCard({ passage: card.passage, ...credit, ...request, language: thread.language });
  const record = await saveImage(context.userId, rendered.png, 'quote-card', context.now);
  const media = await describeMedia(record);
  return {
    media,
    postMedia: {
      id: record.id,
      kind: 'quote-card',
      mimeType: record.mimeType,
      width: record.width,
      height: record.height,
      alt: quoteCardAlt(card.passage, credit),
      altSource: 'passage',
      credit: null,
    },
  };
}

/**
 * The article's own picture, fetched through the outbound guard and stored as one of the user's
 * pictures, when the curator opts in and the publisher's signals allow reuse. Its alt text is the
 * page's; when the page gives none, the model drafts one if the app writes with it (marked
 * 'drafted' until the curator edits it), else it stays empty for the curator to write. Its credit
 * line is the page's or 'Image: {outlet}'.
 */
export async function takeArticlePicture(context: AccessContext, threadId: string): Promise<QuoteCardResponse> {
  const thread = await assertThreadAccess(context, threadId);
  const image = thread.articleImage;
  if (!image) throw new ValidationError(apiErrorMessages.no_article_image, 'no_article_image');
  const refusal = articleImageRefusal(thread.rights);
  if (refusal) throw new ValidationError(refusal, 'article_image_reserved');
  // The draft is asked for while the picture is fetched and re-encoded, so the curator waits once.
  const [record, drafted] = await Promise.all([
    fetchRemoteImage(image.url).then((fetched) =>
      saveImage(context.userId, fetched.bytes, 'article-image', context.now),
    ),
    image.alt ? null : draftedAlt(thread),
  ]);
  return {
    media: await describeMedia(record),
    postMedia: {
      id: record.id,
      kind: 'article-image',
      mimeType: record.mimeType,
      width: record.width,
      height: record.height,
      alt: image.alt ?? drafted ?? '',
      altSource: image.alt ? 'page' : drafted ? 'drafted' : null,
      credit: articleImageCredit(image.credit, outletOf(thread)),
    },
  };
}

/**
 * The model's alt text for the article's picture, from the thread's title, the picture's credit
 * line and the thread's source passages (text only: the picture is not sent);
 * null with the offline writer, which never invents one. Part of the thread: no credit is charged.
 */
async function draftedAlt(thread: Thread): Promise<string | null> {
  const openai = await openAiSettings();
  if (!openai) return null;
  const passages = thread.posts.flatMap((post) => (post.source ? [post.source] : []));
  const credit = thread.articleImage?.credit ?? null;
  return draftAltText({ title: thread.title, credit, passages, language: thread.language ?? null }, openai);
}
