import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '#shared/schemas/api-keys';
import {
  OPENAPI_METHODS,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  openApiDocumentSchema,
} from '#shared/schemas/openapi';
import { startTelegramServer } from '../../fakes/telegram-server';
import { type ArticleServer, harbourArticlePage, startArticleServer } from '../../helpers/article-server';
import { api, newUser } from '../../helpers/auth-client';
import { type StartedStack, startStack } from '../../helpers/local-stack';
import { documentedSchema } from '../../helpers/openapi';
import { seededThread, seedThreads } from '../../helpers/seed-threads';
import { startWebhookReceiver } from '../../helpers/webhook-receiver';

// Contract tests from the served document: every operation it lists is called on a running local
// stack with a key of every scope, and each answer is checked against the schema the document gives
// for its status. A new /v1 route is covered as soon as the manifest lists it; one whose path
// parameter or body this file cannot fill fails until a value is added below.

/**
 * What the calls work on, made before them: a thread (its posts), an article to thread, Telegram
 * connected; and what earlier answers named (the job a thread from a URL started).
 */
type Fixtures = {
  threadId: string;
  posts: { id: string; content: string }[];
  articleUrl: string;
  /** A local receiver's address (allowed past the outbound guard), and an endpoint calling it. */
  hookUrl: string;
  endpointId: string;
  jobId?: string;
};
/** Values for path parameters, by name. */
const PATH_VALUES: Record<string, (fixtures: Fixtures) => string | undefined> = {
  threadId: (fixtures) => fixtures.threadId,
  jobId: (fixtures) => fixtures.jobId,
  endpointId: (fixtures) => fixtures.endpointId,
};
/** A valid request body per operation that takes one, by operationId. */
const GOOD_BODIES: Record<string, (fixtures: Fixtures) => unknown> = {
  postThreads: (fixtures) => ({ url: fixtures.articleUrl }),
  // Every post edited but the last, the credit, which stays as it is.
  patchThread: (fixtures) => ({
    posts: fixtures.posts.map((post, index, all) => ({
      id: post.id,
      content: index === all.length - 1 ? post.content : `Edited post ${index + 1}.`,
    })),
  }),
  postPublish: () => ({ platforms: ['telegram'] }),
  postSchedule: () => ({ platforms: ['telegram'], at: new Date(Date.now() + 86_400_000).toISOString() }),
  postWebhook: (fixtures) => ({ url: `${fixtures.hookUrl}/created`, events: ['thread.created'] }),
  patchWebhook: () => ({ events: ['thread.created', 'thread.published'] }),
};
const TELEGRAM = {
  token: '123456:contract-token',
  chat: { id: '-1001', title: 'Contract Reads', username: 'contractreads' },
};

type Operation = { method: (typeof OPENAPI_METHODS)[number]; path: string; operation: OpenApiOperation };

function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

function parametersOf(document: OpenApiDocument, operation: OpenApiOperation): OpenApiParameter[] {
  return (operation.parameters ?? []).map((parameter) =>
    '$ref' in parameter && typeof parameter.$ref === 'string'
      ? (document.components.parameters?.[parameter.$ref.split('/').at(-1)!] as OpenApiParameter)
      : (parameter as OpenApiParameter),
  );
}

function urlOf(path: string, values: Record<string, string | undefined>, query: Record<string, string> = {}): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`no value for the path parameter {${name}}: add it to PATH_VALUES`);
    return encodeURIComponent(values[name]!);
  });
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/** The error codes the document lists for a status of an operation. */
function documentedCodes(operation: OpenApiOperation, status: number): string[] {
  const schema = operation.responses[String(status)]?.content?.['application/json']?.schema as
    | { allOf?: { properties?: { code?: { enum?: string[] } } }[] }
    | undefined;
  return schema?.allOf?.flatMap((part) => part.properties?.code?.enum ?? []) ?? [];
}

describe('the public API against its OpenAPI document, on the local stack', () => {
  let stack: StartedStack;
  let articles: ArticleServer;
  let telegram: Awaited<ReturnType<typeof startTelegramServer>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let document: OpenApiDocument;
  let secret: string;
  let fixtures: Fixtures;

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/harbour', harbourArticlePage());
    telegram = await startTelegramServer({ token: TELEGRAM.token, botUsername: 'contractbot', chats: [TELEGRAM.chat] });
    receiver = await startWebhookReceiver();
    stack = await startStack({
      env: { ALLOW_PRIVATE_FETCH_HOSTS: `${articles.host},${receiver.host}`, TELEGRAM_API_URL: telegram.url },
    });
    const served = await fetch(`${stack.url}/v1/openapi.json`);
    document = openApiDocumentSchema.parse(await served.json());
    const user = await newUser(stack.url);
    const userId = JSON.parse(Buffer.from(user.tokens.idToken.split('.')[1]!, 'base64url').toString('utf8')).sub;
    const created = await api(stack.url, '/api/api-keys', {
      token: user.tokens.idToken,
      method: 'POST',
      body: { name: 'Contract tests', scopes: [...API_KEY_SCOPES] },
    });
    secret = created.body.secret;
    const connected = await api(stack.url, '/api/connections/telegram', {
      token: user.tokens.idToken,
      method: 'POST',
      body: { botToken: TELEGRAM.token, chatId: TELEGRAM.chat.id },
    });
    expect(connected.status).toBe(200);
    const endpoint = await api(stack.url, '/api/webhooks', {
      token: user.tokens.idToken,
      method: 'POST',
      body: { url: receiver.url('/contract'), events: ['thread.published'] },
    });
    expect(endpoint.status).toBe(201);
    const thread = seededThread(userId, 1);
    await seedThreads(stack, [thread]);
    fixtures = {
      threadId: thread.id,
      posts: thread.posts.map(({ id, content }) => ({ id, content })),
      articleUrl: `${articles.url}/harbour`,
      hookUrl: receiver.url('/v1'),
      endpointId: endpoint.body.endpoint.id,
    };
  });
  afterAll(async () => {
    await stack?.cleanup();
    await telegram?.close();
    await articles?.close();
    await receiver?.close();
  });

  async function call(method: string, url: string, body?: unknown) {
    const response = await fetch(`${stack.url}${url}`, {
      method: method.toUpperCase(),
      headers: {
        authorization: `Bearer ${secret}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  it('answers every documented operation as documented, given good input and a key with every scope', async () => {
    // Deletions last, so the calls after them still find what they work on.
    const operations = operationsOf(document).sort(
      (a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'),
    );
    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const { method, path, operation } of operations) {
      const values = Object.fromEntries(Object.entries(PATH_VALUES).map(([name, value]) => [name, value(fixtures)]));
      const label = `${method.toUpperCase()} ${path}`;
      const required = parametersOf(document, operation).filter((p) => p.in === 'query' && p.required);
      const query = Object.fromEntries(
        required.map((p) => [p.name, String(p.schema.default ?? (p.schema.enum as unknown[] | undefined)?.[0])]),
      );
      const goodBody = GOOD_BODIES[operation.operationId];
      if (operation.requestBody && !goodBody) throw new Error(`${label}: add a good body to GOOD_BODIES`);

      const answer = await call(method, urlOf(path, values, query), goodBody?.(fixtures));
      if (typeof answer.body?.jobId === 'string') fixtures.jobId = answer.body.jobId;

      const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!;
      expect(answer.status, `${label}: ${JSON.stringify(answer.body)?.slice(0, 300)}`).toBe(Number(success));
      const documented = operation.responses[success]!;
      const schema = documented.content?.['application/json']?.schema;
      if (schema) {
        const checked = documentedSchema(document, schema).safeParse(answer.body);
        expect(checked.error?.issues.slice(0, 3), label).toBeUndefined();
      }
      for (const header of Object.keys(documented.headers ?? {}))
        expect(answer.headers.get(header), `${label}: ${header}`).toBeTruthy();
    }
  });

  it('refuses bad input with 400 and a documented error code, for every operation with a body, an enumerated query or a bounded path parameter', async () => {
    const values = Object.fromEntries(Object.entries(PATH_VALUES).map(([name, value]) => [name, value(fixtures)]));
    let cases = 0;
    for (const { method, path, operation } of operationsOf(document)) {
      const label = `${method.toUpperCase()} ${path}`;
      const parameters = parametersOf(document, operation);
      const enumerated = parameters.find((p) => p.in === 'query' && Array.isArray(p.schema.enum));
      const bounded = parameters.find((p) => p.in === 'path' && typeof p.schema.maxLength === 'number');
      let answer: Awaited<ReturnType<typeof call>>;
      if (operation.requestBody) {
        // A JSON array is never a body any route takes.
        answer = await call(method, urlOf(path, values), []);
      } else if (enumerated) {
        answer = await call(method, urlOf(path, values, { [enumerated.name]: 'not-one-of-them' }));
      } else if (bounded) {
        const tooLong = 'x'.repeat((bounded.schema.maxLength as number) + 1);
        answer = await call(method, urlOf(path, { ...values, [bounded.name]: tooLong }));
      } else continue;
      cases += 1;

      expect(answer.status, label).toBe(400);
      expect(documentedCodes(operation, 400), label).toContain(answer.body.code);
      const schema = operation.responses['400']!.content!['application/json']!.schema;
      expect(documentedSchema(document, schema).safeParse(answer.body).success, label).toBe(true);
    }
    expect(cases).toBeGreaterThanOrEqual(2);
  });
});
