import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReconnectRequiredError } from '#functions/lib/errors';
import { exchangeCode } from '#functions/services/platforms/oauth-flow';
import {
  PlatformBlockedError,
  PlatformRateLimitError,
  PlatformRejectedError,
  PlatformUnavailableError,
  PlatformUnreachableError,
} from '#functions/services/platforms/platform-adapter';
import { callPlatform, type PlatformApi, platformFetch } from '#functions/services/platforms/platform-http';
import { readText, sendJson, serveOnLoopback } from '#tests/fakes/fake-http';

/**
 * The platforms' one HTTP client against a loopback server: what it sends, how an answer maps to
 * the PlatformError kinds (the common form and a platform's own hooks), what a request that got no
 * answer says (the host only, never a token in the URL), and the OAuth token endpoint on top of it.
 */

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
let answer: Answer;
let received: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string }[];
let server: Awaited<ReturnType<typeof serveOnLoopback>>;

beforeAll(async () => {
  server = await serveOnLoopback(async (req, res) => {
    received.push({ method: req.method, url: req.url, headers: req.headers, body: await readText(req) });
    if (typeof answer.body === 'string') {
      res.writeHead(answer.status, answer.headers);
      return res.end(answer.body);
    }
    sendJson(res, answer.status, answer.body, answer.headers);
  });
  // Nothing is allowed past the guard: every loopback address is refused.
  vi.stubEnv('ALLOW_PRIVATE_FETCH_HOSTS', '');
  vi.stubEnv('TABLE_NAME', 'unused');
  vi.stubEnv('APP_PUBLIC_URL', 'http://localhost:3000');
});

afterAll(() => server.close());

beforeEach(() => {
  answer = { status: 200, body: { ok: true } };
  received = [];
});

const api: PlatformApi<{ message?: string }> = {
  name: 'Example',
  unauthorized: () => new ReconnectRequiredError('Example no longer accepts this connection'),
  refused: ({ status, body }) => new PlatformRejectedError(`Example refused: ${body?.message ?? status}`),
};
const now = new Date('2026-11-23T12:00:00Z');

describe('a call', () => {
  it('sends JSON or a form with the caller headers and returns the answer', async () => {
    const json = await callPlatform(api, {
      method: 'POST',
      url: `${server.url}/things`,
      json: { text: 'hello' },
      headers: { authorization: 'Bearer t' },
    });
    await callPlatform(api, { method: 'POST', url: `${server.url}/form`, form: { a: '1', b: 'two words' } });

    expect(json).toMatchObject({ status: 200, body: { ok: true } });
    expect(received[0]).toMatchObject({
      method: 'POST',
      body: '{"text":"hello"}',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: 'Bearer t' },
    });
    expect(received[1]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[1]?.body).toBe('a=1&b=two+words');
  });

  it('maps a 429 to a wait, a 5xx to a failure a retry may fix, a 401 and other refusals by the hooks', async () => {
    answer = { status: 429, body: {}, headers: { 'retry-after': '7' } };
    const limited = callPlatform(api, { url: server.url }, now);
    await expect(limited).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(limited).rejects.toMatchObject({ message: 'Example is rate limiting requests', retryAfterSeconds: 7 });

    answer = { status: 503, body: 'busy' };
    await expect(callPlatform(api, { url: server.url })).rejects.toThrow(
      new PlatformUnavailableError('Example answered 503'),
    );

    answer = { status: 401, body: {} };
    await expect(callPlatform(api, { url: server.url })).rejects.toBeInstanceOf(ReconnectRequiredError);

    answer = { status: 400, body: { message: 'no such thing' } };
    await expect(callPlatform(api, { url: server.url })).rejects.toThrow('Example refused: no such thing');
  });

  it('lets a platform say what success is and word its own failures first', async () => {
    const own: PlatformApi<{ error?: { code?: number } }> = {
      name: 'Graph',
      succeeded: ({ status, body }) => status === 200 && !body?.error,
      classify: ({ body }) =>
        body?.error?.code === 4 ? new PlatformRateLimitError('Graph rate limit reached', 300) : undefined,
      rateLimitMessage: (_reply, wait) => `Graph asks for ${wait} s`,
      rateLimitWait: () => 12,
      refused: () => new PlatformRejectedError('Graph refused'),
    };

    answer = { status: 200, body: { error: { code: 4 } } };
    await expect(callPlatform(own, { url: server.url })).rejects.toMatchObject({ retryAfterSeconds: 300 });
    answer = { status: 200, body: { error: { code: 100 } } };
    await expect(callPlatform(own, { url: server.url })).rejects.toThrow('Graph refused');
    answer = { status: 429, body: {} };
    await expect(callPlatform(own, { url: server.url })).rejects.toMatchObject({
      message: 'Graph asks for 12 s',
      retryAfterSeconds: 12,
    });
  });

  it('waits at least Retry-After on every 429, whatever the body or the platform’s own reading says', async () => {
    const graph: PlatformApi<{ error?: { code?: number; is_transient?: boolean } }> = {
      name: 'Graph',
      succeeded: ({ status, body }) => status === 200 && !body?.error,
      classify: ({ body }) => {
        if (body?.error?.code === 4) return new PlatformRateLimitError('Graph rate limit reached', 60);
        return body?.error?.is_transient ? new PlatformUnavailableError('Graph is unavailable') : undefined;
      },
      rateLimitWait: () => 3,
      refused: () => new PlatformRejectedError('Graph refused'),
    };

    answer = { status: 429, body: { error: { code: 2, is_transient: true } }, headers: { 'retry-after': '30' } };
    const transient = callPlatform(graph, { url: server.url }, now);
    await expect(transient).rejects.toBeInstanceOf(PlatformRateLimitError);
    await expect(transient).rejects.toMatchObject({ retryAfterSeconds: 30 });

    answer = { status: 429, body: { error: { code: 4 } }, headers: { 'retry-after': '90' } };
    await expect(callPlatform(graph, { url: server.url }, now)).rejects.toMatchObject({
      message: 'Graph rate limit reached',
      retryAfterSeconds: 90,
    });
    answer = { status: 429, body: { error: { code: 4 } }, headers: { 'retry-after': '5' } };
    await expect(callPlatform(graph, { url: server.url }, now)).rejects.toMatchObject({ retryAfterSeconds: 60 });

    answer = { status: 429, body: {}, headers: { 'retry-after': 'Mon, 23 Nov 2026 12:00:45 GMT' } };
    await expect(callPlatform(graph, { url: server.url }, now)).rejects.toMatchObject({ retryAfterSeconds: 45 });
  });

  it('reads an answer that is not JSON, or is too large, as no body', async () => {
    const capped: PlatformApi = { ...api, maxBytes: 1024, succeeded: ({ body }) => body !== null };
    answer = { status: 200, body: JSON.stringify({ long: 'x'.repeat(2048) }) };

    await expect(callPlatform(capped, { url: server.url })).rejects.toThrow('Example refused: 200');
    await expect(callPlatform(api, { url: server.url })).resolves.toMatchObject({ body: { long: 'x'.repeat(2048) } });
    answer = { status: 200, body: 'not JSON' };
    await expect(callPlatform(api, { url: server.url })).resolves.toMatchObject({ body: {} });
  });
});

describe('the transport', () => {
  it('names only the host when nothing answers, never the token in the URL', async () => {
    const closed = await serveOnLoopback(() => undefined);
    await closed.close();
    const host = new URL(closed.url).host;

    const call = callPlatform(api, { url: `${closed.url}/botSECRET-TOKEN/getMe` });

    await expect(call).rejects.toBeInstanceOf(PlatformUnreachableError);
    await expect(call).rejects.toThrow(`Example could not be reached: nothing is listening at ${host}`);
    await expect(call).rejects.not.toThrow(/SECRET/);
  });

  it('sends a guarded request only where the guard allows, and says why not', async () => {
    const guarded = platformFetch('Example', { guard: 'The server' });

    const call = guarded(`${server.url}/api`);

    await expect(call).rejects.toBeInstanceOf(PlatformBlockedError);
    await expect(call).rejects.toThrow(`The server ${new URL(server.url).host} points to a loopback`);
    expect(received).toHaveLength(0);
  });

  it('refuses a redirect and an answer over the cap when asked to', async () => {
    const strict = platformFetch('Example', { refuseRedirects: true, maxBytes: 16 });

    answer = { status: 302, body: '', headers: { location: 'http://elsewhere.test/' } };
    await expect(strict(server.url, { redirect: 'manual' })).rejects.toThrow(
      new PlatformRejectedError(`${new URL(server.url).host} answered with a redirect, which is not followed`),
    );
    answer = { status: 200, body: { long: 'x'.repeat(64) } };
    await expect(strict(server.url)).rejects.toThrow(
      new PlatformUnavailableError('Example sent an answer that could not be read'),
    );
    answer = { status: 200, body: { a: 1 } };
    await expect((await strict(server.url)).json()).resolves.toEqual({ a: 1 });
  });
});

describe('the token endpoint', () => {
  const request = (clientAuth: 'basic' | 'body') => ({
    tokenUrl: `${server.url}/oauth2/token`,
    client: { clientId: 'app-id_1.x', clientSecret: "s~e*c'r(e)t!" },
    clientAuth,
    code: 'the-code',
    redirectUri: 'http://localhost:3000/cb',
    codeVerifier: 'verifier-1',
    now,
    platformName: 'Example',
  });

  it("authenticates with Basic as providers decode it, keeping -_.!~*'() unencoded", async () => {
    answer = { status: 200, body: { access_token: 'at', token_type: 'bearer', expires_in: 60 } };

    const tokens = await exchangeCode(request('basic'));

    expect(tokens).toMatchObject({ accessToken: 'at', refreshToken: null, expiresAt: '2026-11-23T12:01:00.000Z' });
    const basic = received[0]?.headers.authorization?.replace(/^Basic /, '') ?? '';
    expect(Buffer.from(basic, 'base64').toString()).toBe("app-id_1.x:s~e*c'r(e)t!");
    expect(Object.fromEntries(new URLSearchParams(received[0]?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://localhost:3000/cb',
      code_verifier: 'verifier-1',
    });
  });

  it('maps a refusal, a 429 and a 5xx before the library reads the answer', async () => {
    answer = { status: 400, body: { error: 'invalid_grant', error_description: 'code used' } };
    await expect(exchangeCode(request('body'))).rejects.toThrow(
      new ReconnectRequiredError('Example authorization is no longer valid (code used)'),
    );
    expect(new URLSearchParams(received[0]?.body).get('client_secret')).toBe("s~e*c'r(e)t!");

    answer = { status: 429, body: {}, headers: { 'retry-after': '9' } };
    await expect(exchangeCode(request('body'))).rejects.toMatchObject({
      message: 'Example is rate limiting sign-ins',
      retryAfterSeconds: 9,
    });

    answer = { status: 502, body: 'bad gateway' };
    await expect(exchangeCode(request('body'))).rejects.toThrow(new PlatformUnavailableError('Example answered 502'));
  });
});
