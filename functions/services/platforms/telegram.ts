import type { MadePost } from '#functions/data/publish-run-repository';
import { config } from '#functions/lib/config';
import { IMAGE_LIMITS } from '#shared/publishing/image-limits';
import { postRulesFor } from '#shared/publishing/platform-rules';
import {
  type LiveConnection,
  type OutgoingPost,
  type PlatformAdapter,
  PlatformRejectedError,
} from './platform-adapter';
import { callPlatform, type PlatformApi, type PlatformReply } from './platform-http';

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

/** Telegram Bot API call: POST {base}/bot{token}/{method} with a JSON body (core.telegram.org/bots/api). */
async function callBotApi<T>(token: string, method: string, body: Record<string, unknown>): Promise<T> {
  const reply = await callPlatform<BotApiReply<T>, BotApiReply<unknown>>(botApi, {
    method: 'POST',
    url: `${config().platformUrls.telegram}/bot${token}/${method}`,
    json: body,
  });
  return reply.body.result as T;
}

function chatIdOf(connection: LiveConnection): string {
  return String(connection.connectionData.chatId ?? '');
}

/** Telegram: a bot posts to a chat; messages chained with reply_parameters; plain-text links. */
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
    const message = await callBotApi<{ message_id: number }>(connection.credentials.accessToken, 'sendMessage', {
      chat_id: chatIdOf(connection),
      text: post.text,
      ...(post.parent ? { reply_parameters: { message_id: Number(post.parent.id) } } : {}),
    });
    const username = connection.connectionData.chatUsername;
    return {
      id: String(message.message_id),
      url: typeof username === 'string' ? `https://t.me/${username}/${message.message_id}` : null,
    };
  },

  threadUrl: (connection, made) => {
    const username = connection.connectionData.chatUsername;
    if (typeof username !== 'string') return null;
    return made[0]?.url ?? `https://t.me/${username}`;
  },
};
