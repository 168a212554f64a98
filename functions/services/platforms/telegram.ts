import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import { appendImageFile, refuseBeyondLimits } from './media-uploads';
import {
  type LiveConnection,
  type OutgoingImage,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply } from './platform-http';

/** A photo's caption is at most 1,024 characters (sendPhoto, InputMediaPhoto). */
const CAPTION_LIMIT = 1024;

/** What the Telegram connect form sends (spec telegram-auth). */
export interface TelegramConnectInput {
  botToken: string;
  chatId: string;
  chatTitle?: string;
}

interface BotApiReply<T> {
  ok: boolean;
  result?: T;
  description?: string;
  error_code?: number;
  parameters?: { retry_after?: number };
}

interface TelegramChat {
  id: number;
  title?: string;
  username?: string;
  first_name?: string;
}

const description = ({ status, body }: PlatformReply<BotApiReply<unknown>>) =>
  body?.description ?? `Telegram answered ${status}`;

/** The Bot API says how a call went in its body (`ok`, `description`, `parameters.retry_after`). */
const botApi: PlatformApi<BotApiReply<unknown>> = {
  // The request URL holds the bot token: the transport names only the host when nothing answers.
  name: 'Telegram',
  succeeded: ({ body }) => body?.ok === true && body.result !== undefined,
  rateLimitMessage: description,
  rateLimitWait: ({ body }) => Math.max(1, body?.parameters?.retry_after ?? 30),
  unavailableMessage: description,
  refused: (reply) => new PlatformRejectedError(description(reply)),
};

/**
 * Telegram Bot API call: POST {base}/bot{token}/{method} with a JSON body, or multipart/form-data
 * when it uploads files (core.telegram.org/bots/api#making-requests).
 */
async function callBotApi<T>(token: string, method: string, body: Record<string, unknown> | FormData): Promise<T> {
  const reply = await callPlatform<BotApiReply<T>, BotApiReply<unknown>>(botApi, {
    method: 'POST',
    url: `${config().platformUrls.telegram}/bot${token}/${method}`,
    ...(body instanceof FormData ? { multipart: body } : { json: body }),
  });
  return reply.body.result as T;
}

/**
 * Sends the post's pictures, uploaded with the request: one with sendPhoto (`photo`), several as an
 * album with sendMediaGroup (`media`: InputMediaPhoto items naming their parts `attach://photo{n}`),
 * the caption on the first. Objects travel as JSON strings in a multipart request. Returns the
 * first message's id (an album's replies attach to it).
 */
async function sendPhotos(
  token: string,
  chatId: string,
  images: readonly OutgoingImage[],
  caption: string | null,
  replyParameters: { message_id: number } | null,
): Promise<number> {
  const form = new FormData();
  form.append('chat_id', chatId);
  if (replyParameters) form.append('reply_parameters', JSON.stringify(replyParameters));
  const [only] = images;
  if (images.length === 1 && only) {
    await appendImageFile(form, 'photo', only);
    if (caption) form.append('caption', caption);
    return (await callBotApi<{ message_id: number }>(token, 'sendPhoto', form)).message_id;
  }
  const media = images.map((_, position) => ({
    type: 'photo',
    media: `attach://photo${position}`,
    ...(position === 0 && caption ? { caption } : {}),
  }));
  form.append('media', JSON.stringify(media));
  for (const [position, image] of images.entries()) await appendImageFile(form, `photo${position}`, image);
  const [first] = await callBotApi<{ message_id: number }[]>(token, 'sendMediaGroup', form);
  if (!first) throw new PlatformRejectedError('Telegram sent no message for the album');
  return first.message_id;
}

function chatIdOf(connection: LiveConnection): string {
  return String(connection.connectionData.chatId ?? '');
}

/**
 * Telegram: a bot posts to a chat; messages chained with reply_parameters; plain-text links; a post's
 * pictures as a photo or an album carrying its text as the caption.
 */
export const telegramAdapter: PlatformAdapter<TelegramConnectInput> = {
  platform: 'telegram',
  imageLimits: IMAGE_LIMITS.telegram,

  async connect(input) {
    const bot = await callBotApi<{ username?: string }>(input.botToken, 'getMe', {});
    const chat = await callBotApi<TelegramChat>(input.botToken, 'getChat', { chat_id: input.chatId });
    return {
      platformUsername: bot.username ? `@${bot.username}` : null,
      credentials: { accessToken: input.botToken, refreshToken: null, expiresAt: null },
      connectionData: {
        chatId: input.chatId,
        chatTitle: input.chatTitle || chat.title || chat.first_name || input.chatId,
        ...(chat.username ? { chatUsername: chat.username } : {}),
      },
    };
  },

  // Bot tokens do not expire.
  refreshCredentials: async () => null,

  listTargets: async (connection) => [
    { id: chatIdOf(connection), name: String(connection.connectionData.chatTitle ?? chatIdOf(connection)) },
  ],

  postRules: async () => postRulesFor('telegram'),

  async publishPost(connection, post: OutgoingPost): Promise<MadePost> {
    const token = connection.credentials.accessToken;
    const chatId = chatIdOf(connection);
    const username = connection.connectionData.chatUsername;
    const madeAt = (id: number, urlId = id): MadePost => ({
      id: String(id),
      url: typeof username === 'string' ? `https://t.me/${username}/${urlId}` : null,
    });
    const sendText = (replyTo: number | null) =>
      callBotApi<{ message_id: number }>(token, 'sendMessage', {
        chat_id: chatId,
        text: post.text,
        ...(replyTo !== null ? { reply_parameters: { message_id: replyTo } } : {}),
      });
    const parentId = post.parent ? Number(post.parent.id) : null;
    if (post.images.length === 0) return madeAt((await sendText(parentId)).message_id);
    refuseBeyondLimits(post.images, IMAGE_LIMITS.telegram);
    const replyParameters = parentId !== null ? { message_id: parentId } : null;
    if (post.text.length <= CAPTION_LIMIT) {
      return madeAt(await sendPhotos(token, chatId, post.images, post.text, replyParameters));
    }
    // Too long for a caption: the pictures, then the text replying to them, as a captioned photo
    // reads (the picture above its words); the next post replies to the text, so the chain runs
    // picture → words → next post. The pictures' message is recorded, so a retry sends only the text.
    let photosId = Number(post.step?.photosMessageId ?? Number.NaN);
    if (!Number.isInteger(photosId)) {
      photosId = await sendPhotos(token, chatId, post.images, null, replyParameters);
      await post.saveStep({ photosMessageId: String(photosId) });
    }
    // The post's link opens at its start, the pictures.
    return madeAt((await sendText(photosId)).message_id, photosId);
  },

  threadUrl: (connection, made) => {
    const username = connection.connectionData.chatUsername;
    if (typeof username !== 'string') return null;
    return made[0]?.url ?? `https://t.me/${username}`;
  },
};
