import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received, for assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Parsed JSON body, or null when the body was not JSON. */
  body: Record<string, unknown> | null;
}

/** How the fake answers a chat-completions request. */
export type ChatReply =
  /** Structured output: the message content is this value as JSON. */
  | { kind: 'json'; value: unknown }
  /** Raw message content, e.g. malformed JSON; `finishReason` 'length' mimics a cut-off reply. */
  | { kind: 'content'; content: string; finishReason?: 'stop' | 'length' }
  | { kind: 'refusal'; refusal: string }
  /** An API error with OpenAI's error body, e.g. 429 with `retryAfter: '1'`, or 503. */
  | { kind: 'error'; status: number; message?: string; retryAfter?: string }
  /** Never answers (the client's timeout must fire). */
  | { kind: 'hang' };

/** How the fake answers a moderations request: OpenAI category names that are flagged. */
export type ModerationReply =
  | { kind: 'flags'; categories: string[] }
  | { kind: 'error'; status: number; message?: string; retryAfter?: string }
  | { kind: 'hang' };

type Scripted<T> = T | ((request: RecordedRequest) => T);

export interface FakeOpenAi {
  /** Base URL to give the SDK (`baseURL`), ending in /v1. */
  url: string;
  /** The key the fake accepts as `Authorization: Bearer …`. */
  apiKey: string;
  requests: RecordedRequest[];
  /** Replies for the next chat requests in order; the last one repeats. */
  setChatBehaviour(...replies: Scripted<ChatReply>[]): void;
  /** Replies for the next moderation requests in order; the last one repeats. */
  setModerationBehaviour(...replies: Scripted<ModerationReply>[]): void;
  /** Back to the default replies, and forget recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

/** The article text our prompt wraps in <article> tags, if any. */
function articleFromRequest(request: RecordedRequest): string {
  const messages = Array.isArray(request.body?.messages) ? (request.body.messages as { content?: unknown }[]) : [];
  const text = messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
  return text.match(/<article>\n?([\s\S]*?)\n?<\/article>/)?.[1] ?? text;
}

/** A sentence that leans on the one before it ("She had…", "But…"): a post must not start that way. */
const LEANS_BACK = /^["“]?(he|she|it|they|this|that|these|those|his|her|its|their|but|and|so|also|however)\b/i;

/**
 * Default chat reply: a faithful thread made of the article's own sentences that stand alone, as a
 * model should write, each citing itself as its source.
 */
export function faithfulThreadReply(request: RecordedRequest): ChatReply {
  const sentences = articleFromRequest(request)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 4 && !LEANS_BACK.test(s));
  const [first = 'An article worth reading.', ...rest] = sentences;
  const posts = (rest.length ? rest : [first]).slice(0, 4).map((s) => ({ text: s, source: s }));
  return { kind: 'json', value: { title: first.slice(0, 80), hook: first.slice(0, 180), hashtags: ['#news'], posts } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string, extra: Record<string, string> = {}): void {
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: null, code: null } }, extra);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Problems with a chat request body, the way the real API would reject it. */
function chatBodyProblem(body: Record<string, unknown>): string | null {
  if (typeof body.model !== 'string' || !body.model) return "Missing required parameter: 'model'.";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "Missing required parameter: 'messages'.";
  for (const m of body.messages as Record<string, unknown>[]) {
    if (!['system', 'user', 'assistant', 'developer', 'tool'].includes(String(m?.role))) return 'Invalid message role.';
  }
  // Reasoning models (the GPT-5 family, the o-series) take only the default temperature and count
  // their output with max_completion_tokens, and say so in these words.
  if (/^(?:gpt-5|o\d)/.test(body.model)) {
    if (body.temperature !== undefined && body.temperature !== 1) {
      return `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`;
    }
    if (body.max_tokens !== undefined) {
      return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.";
    }
  }
  const format = body.response_format as Record<string, unknown> | undefined;
  if (format !== undefined) {
    if (!['text', 'json_object', 'json_schema'].includes(String(format?.type))) return 'Invalid response_format type.';
    if (format.type === 'json_schema') {
      const schema = format.json_schema as Record<string, unknown> | undefined;
      if (typeof schema?.name !== 'string' || typeof schema.schema !== 'object') {
        return "Missing required parameter: 'response_format.json_schema'.";
      }
    }
  }
  return null;
}

function completion(model: string, message: Record<string, unknown>, finishReason: string): Record<string, unknown> {
  return {
    id: `chatcmpl-fake${Math.random().toString(36).slice(2, 10)}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', ...message }, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

/**
 * A local stand-in for the OpenAI API on 127.0.0.1 (port 0): POST /v1/chat/completions and
 * POST /v1/moderations with the real shapes, bearer-key checks and request validation, scriptable
 * per test (structured output, 429 with Retry-After, 5xx, hangs, malformed JSON), recording requests.
 */
export async function startFakeOpenAi(options: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const apiKey = options.apiKey ?? 'sk-test-fake-key';
  const requests: RecordedRequest[] = [];
  let chatReplies: Scripted<ChatReply>[] = [];
  let moderationReplies: Scripted<ModerationReply>[] = [];

  const next = <T>(queue: Scripted<T>[], fallback: Scripted<T>, request: RecordedRequest): T => {
    const scripted = (queue.length > 1 ? queue.shift() : queue[0]) ?? fallback;
    return typeof scripted === 'function' ? (scripted as (r: RecordedRequest) => T)(request) : scripted;
  };

  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(raw);
      body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    const path = (req.url ?? '').split('?')[0] ?? '';
    const request: RecordedRequest = { method: req.method ?? '', path, authorization: req.headers.authorization, body };
    requests.push(request);

    const isChat = path === '/v1/chat/completions';
    const isModeration = path === '/v1/moderations';
    if (!isChat && !isModeration) return sendError(res, 404, `Invalid URL (${req.method} ${path})`);
    if (req.method !== 'POST') return sendError(res, 405, `Method ${req.method} not allowed`);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      return sendError(res, 401, 'Incorrect API key provided.');
    }
    if (!body) return sendError(res, 400, 'We could not parse the JSON body of your request.');

    if (isChat) {
      const problem = chatBodyProblem(body);
      if (problem) return sendError(res, 400, problem);
      const reply = next(chatReplies, faithfulThreadReply, request);
      const model = String(body.model);
      switch (reply.kind) {
        case 'hang':
          return;
        case 'error':
          return sendError(
            res,
            reply.status,
            reply.message ?? 'The server is overloaded.',
            reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
          );
        case 'refusal':
          return sendJson(res, 200, completion(model, { content: null, refusal: reply.refusal }, 'stop'));
        case 'content':
          return sendJson(
            res,
            200,
            completion(model, { content: reply.content, refusal: null }, reply.finishReason ?? 'stop'),
          );
        case 'json':
          return sendJson(res, 200, completion(model, { content: JSON.stringify(reply.value), refusal: null }, 'stop'));
      }
    }

    const input = body.input;
    if (!(typeof input === 'string' || Array.isArray(input))) return sendError(res, 400, "Missing 'input'.");
    const reply = next(moderationReplies, { kind: 'flags', categories: [] }, request);
    if (reply.kind === 'hang') return;
    if (reply.kind === 'error') {
      return sendError(
        res,
        reply.status,
        reply.message ?? 'Error',
        reply.retryAfter ? { 'retry-after': reply.retryAfter } : {},
      );
    }
    const inputs = Array.isArray(input) ? input : [input];
    const results = inputs.map(() => {
      const categories = Object.fromEntries(MODERATION_CATEGORIES.map((c) => [c, reply.categories.includes(c)]));
      const scores = Object.fromEntries(
        MODERATION_CATEGORIES.map((c) => [c, reply.categories.includes(c) ? 0.9 : 0.001]),
      );
      return { flagged: reply.categories.length > 0, categories, category_scores: scores };
    });
    return sendJson(res, 200, { id: 'modr-fake', model: String(body.model ?? 'omni-moderation-latest'), results });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    setChatBehaviour: (...replies) => {
      chatReplies = replies;
    },
    setModerationBehaviour: (...replies) => {
      moderationReplies = replies;
    },
    reset: () => {
      chatReplies = [];
      moderationReplies = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging requests hold their sockets open: drop them so close() returns.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
