import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A message the fake chat holds. */
export interface SentMessage {
  messageId: number;
  chatId: string;
  /** The text, or a photo's caption ('' when it has none). */
  text: string;
  replyTo: number | null;
  /** A photo message's picture, as uploaded. */
  photo?: { bytes: Uint8Array; mimeType: string; fileName: string };
  /** The album (sendMediaGroup) the photo belongs to. */
  mediaGroupId?: string;
}

/** A fault answered instead of the next send call (an HTTP status, with retry_after for 429). */
export type Fault = { status: 500 | 502 | 403 } | { status: 429; retryAfter: number };

interface Chat {
  id: string;
  title: string;
  username?: string;
}

/** A photo the Bot API takes: ≤ 10 MB, width + height ≤ 10,000, a side at most 20 times the other (sendPhoto). */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const CAPTION_LIMIT = 1024;

/**
 * A local Telegram Bot API (core.telegram.org/bots/api) for getMe, getChat, sendMessage, sendPhoto
 * and sendMediaGroup: it checks the bot token in the path, the chat id, the 4,096-character limit
 * and that a reply names a message of the same chat; uploads come as multipart/form-data (objects
 * as JSON strings), a photo within the documented size and dimensions, a caption ≤ 1,024, an album
 * of 2–10 InputMediaPhoto naming their parts with attach://. It answers as Telegram does ({ ok,
 * result } or { ok: false, error_code, description, parameters.retry_after }). Faults can be queued
 * per send call (sendMessage, sendPhoto, sendMediaGroup).
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

  /** A JSON body, or a multipart one: its fields as strings, its files apart. */
  const readBody = async (
    req: IncomingMessage,
  ): Promise<{ body: Record<string, unknown>; files: Map<string, File> }> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const files = new Map<string, File>();
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) {
      return { body: raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {}, files };
    }
    const body: Record<string, unknown> = {};
    for (const [name, value] of await new Response(raw, { headers: { 'content-type': contentType } }).formData()) {
      if (value instanceof File) files.set(name, value);
      else body[name] = value;
    }
    return { body, files };
  };

  /** A multipart field holding a JSON-serialized object, or the object itself in a JSON body. */
  const objectField = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return undefined;
    }
  };

  /** Why Telegram would refuse this photo, or null. */
  const photoProblem = async (file: File): Promise<string | null> => {
    if (file.size > MAX_PHOTO_BYTES) return 'Bad Request: file is too big';
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { width = 0, height = 0 } = await sharp(bytes)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    if (!width || !height) return 'Bad Request: IMAGE_PROCESS_FAILED';
    if (width + height > 10_000 || Math.max(width, height) / Math.min(width, height) > 20) {
      return 'Bad Request: PHOTO_INVALID_DIMENSIONS';
    }
    return null;
  };
  const photoOf = async (file: File) => ({
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimeType: file.type,
    fileName: file.name,
  });

  const server = createServer(async (req, res) => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return error(res, 404, 'Not Found');
    const contentType = req.headers['content-type'] ?? '';
    if (contentType !== 'application/json' && !contentType.startsWith('multipart/form-data')) {
      return error(res, 400, 'Bad Request: wrong content type');
    }
    const [, token, method] = match;
    if (token !== options.token) return error(res, 401, 'Unauthorized');
    const { body, files } = await readBody(req);
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
    if (!['sendMessage', 'sendPhoto', 'sendMediaGroup'].includes(method!)) {
      return error(res, 404, 'Not Found: method not found');
    }
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
    const replyParameters = objectField(body.reply_parameters) as { message_id?: number } | undefined;
    const replyTo = replyParameters?.message_id ?? null;
    if (replyTo !== null && !messages.some((m) => m.chatId === chat.id && m.messageId === replyTo)) {
      return error(res, 400, 'Bad Request: message to be replied not found');
    }
    if (method === 'sendPhoto') {
      const file = files.get('photo');
      if (!file) return error(res, 400, 'Bad Request: there is no photo in the request');
      const problem = await photoProblem(file);
      if (problem) return error(res, 400, problem);
      const caption = typeof body.caption === 'string' ? body.caption : '';
      if (caption.length > CAPTION_LIMIT) return error(res, 400, 'Bad Request: message caption is too long');
      const sent: SentMessage = {
        messageId: nextId++,
        chatId: chat.id,
        text: caption,
        replyTo,
        photo: await photoOf(file),
      };
      messages.push(sent);
      return reply(res, 200, {
        ok: true,
        result: { message_id: sent.messageId, chat: { id: Number(chat.id) }, caption },
      });
    }
    if (method === 'sendMediaGroup') {
      const media = objectField(body.media);
      if (!Array.isArray(media) || media.length < 2 || media.length > 10) {
        return error(res, 400, 'Bad Request: media must be an array of 2-10 items');
      }
      const album: { file: File; caption: string }[] = [];
      for (const item of media as { type?: string; media?: string; caption?: string }[]) {
        if (item.type !== 'photo') return error(res, 400, 'Bad Request: wrong media type');
        const file = files.get(/^attach:\/\/(.+)$/.exec(item.media ?? '')?.[1] ?? '');
        if (!file) return error(res, 400, 'Bad Request: wrong file identifier/HTTP URL specified');
        const problem = await photoProblem(file);
        if (problem) return error(res, 400, problem);
        const caption = item.caption ?? '';
        if (caption.length > CAPTION_LIMIT) return error(res, 400, 'Bad Request: message caption is too long');
        album.push({ file, caption });
      }
      const mediaGroupId = String(nextId * 1000);
      const sent: SentMessage[] = [];
      for (const { file, caption } of album) {
        sent.push({
          messageId: nextId++,
          chatId: chat.id,
          text: caption,
          replyTo,
          photo: await photoOf(file),
          mediaGroupId,
        });
      }
      messages.push(...sent);
      return reply(res, 200, {
        ok: true,
        result: sent.map((message) => ({
          message_id: message.messageId,
          chat: { id: Number(chat.id) },
          media_group_id: mediaGroupId,
          ...(message.text ? { caption: message.text } : {}),
        })),
      });
    }
    const text = typeof body.text === 'string' ? body.text : '';
    if (!text.trim()) return error(res, 400, 'Bad Request: message text is empty');
    if (text.length > 4096) return error(res, 400, 'Bad Request: message is too long');
    const sent = { messageId: nextId++, chatId: chat.id, text, replyTo };
    messages.push(sent);
    return reply(res, 200, { ok: true, result: { message_id: sent.messageId, chat: { id: Number(chat.id) }, text } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    /** Answers the n-th send call from now (1 = the next) with a fault. */
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
