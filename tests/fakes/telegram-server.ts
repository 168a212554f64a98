import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the fake chat holds. */
export interface SentMessage {
  messageId: number;
  chatId: string;
  text: string;
  replyTo: number | null;
}

/** A fault answered instead of the next sendMessage (an HTTP status, with retry_after for 429). */
export type Fault = { status: 500 | 502 | 403 } | { status: 429; retryAfter: number };

interface Chat {
  id: string;
  title: string;
  username?: string;
}

/**
 * A local Telegram Bot API (core.telegram.org/bots/api) for getMe, getChat and sendMessage: it
 * checks the bot token in the path, the chat id, the 4,096-character limit and that a reply names
 * a message of the same chat, answering as Telegram does ({ ok, result } or { ok: false,
 * error_code, description, parameters.retry_after }). Faults can be queued per sendMessage call.
 */
export async function startTelegramServer(options: { token: string; botUsername: string; chats: Chat[] }) {
  const messages: SentMessage[] = [];
  const faults = new Map<number, Fault>();
  let sendCalls = 0;
  let nextId = 100;
  // A chance-based fault source for the benchmark: return a fault or null per call.
  let randomFaults: (() => Fault | null) | null = null;

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string, extra: Record<string, unknown> = {}) =>
    reply(res, status, { ok: false, error_code: status, description, ...extra });

  const readBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  };

  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return error(res, 404, 'Not Found');
    if (req.headers['content-type'] !== 'application/json') return error(res, 400, 'Bad Request: wrong content type');
    const [, token, method] = match;
    if (token !== options.token) return error(res, 401, 'Unauthorized');
    const body = await readBody(req);
    const chat = options.chats.find((candidate) => candidate.id === String(body.chat_id));
    if (method === 'getMe')
      return reply(res, 200, { ok: true, result: { id: 1, is_bot: true, username: options.botUsername } });
    if (method === 'getChat') {
      if (!chat) return error(res, 400, 'Bad Request: chat not found');
      return reply(res, 200, {
        ok: true,
        result: { id: Number(chat.id), type: 'channel', title: chat.title, username: chat.username },
      });
    }
    if (method !== 'sendMessage') return error(res, 404, 'Not Found: method not found');
    sendCalls += 1;
    const fault = faults.get(sendCalls) ?? randomFaults?.() ?? null;
    if (fault) {
      if (fault.status === 429) {
        return error(res, 429, `Too Many Requests: retry after ${fault.retryAfter}`, {
          parameters: { retry_after: fault.retryAfter },
        });
      }
      return error(
        res,
        fault.status,
        fault.status === 403 ? 'Forbidden: bot was kicked from the channel chat' : 'Internal Server Error',
      );
    }
    if (!chat) return error(res, 400, 'Bad Request: chat not found');
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text.trim()) return error(res, 400, 'Bad Request: message text is empty');
    if (text.length > 4096) return error(res, 400, 'Bad Request: message is too long');
    const replyParameters = body.reply_parameters as { message_id?: number } | undefined;
    const replyTo = replyParameters?.message_id ?? null;
    if (replyTo !== null && !messages.some((m) => m.chatId === chat.id && m.messageId === replyTo)) {
      return error(res, 400, 'Bad Request: message to be replied not found');
    }
    const sent = { messageId: nextId++, chatId: chat.id, text, replyTo };
    messages.push(sent);
    return reply(res, 200, { ok: true, result: { message_id: sent.messageId, chat: { id: Number(chat.id) }, text } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** Answers the n-th sendMessage call from now (1 = the next) with a fault. */
    failSend(nthFromNow: number, fault: Fault) {
      faults.set(sendCalls + nthFromNow, fault);
    },
    setRandomFaults(source: (() => Fault | null) | null) {
      randomFaults = source;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
