import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#functions/manifest';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';
import { api, newUser } from '../../helpers/auth-client';
import { waitForJob } from '../../helpers/jobs';
import { type StartedStack, startStack } from '../../helpers/local-stack';

const page = (title: string) =>
  articlePage({
    title,
    paragraphs: Array.from(
      { length: 6 },
      (_, index) =>
        `${title}: paragraph ${index + 1} tells how the harbour council spent 4 million pounds on new sea walls in 2021, according to engineer Ada Lovell who led the survey of the old quay.`,
    ),
  });

/** Answers the Cognito JSON API at the stack's /local-auth, as the SPA calls it. */
async function cognito(baseUrl: string, action: string, body: string) {
  const response = await fetch(`${baseUrl}/local-auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
}

describe('the holes found by probing from outside stay closed', () => {
  let articles: ArticleServer;
  let stack: StartedStack;

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/first', page('Sea walls of Whitby'));
    articles.page('/other', page('Canal boats of Leeds'));
    stack = await startStack({ env: { ALLOW_PRIVATE_FETCH_HOSTS: articles.host } });
  });
  afterAll(async () => {
    await stack?.cleanup();
    await articles?.close();
  });

  async function generated(token: string, url: string) {
    const submitted = await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } });
    expect(submitted.status).toBe(202);
    return waitForJob(stack.url, token, submitted.body.jobId);
  }

  it('refuses a regeneration naming another URL with 400 and its code, changing nothing', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const first = await generated(token, `${articles.url}/first`);
    const before = await api(stack.url, `/api/threads/${first.threadId}`, { token });
    const credits = (await api(stack.url, '/api/me', { token })).body.credits;

    const refused = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/other`, threadId: first.threadId },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'regeneration_url_mismatch' } });
    expect(refused.body.error).toMatch(/same article/i);
    expect(refused.body.jobId).toBeUndefined();

    // A regeneration with the stored URL still works, and is about the first article.
    const again = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url: `${articles.url}/first`, threadId: first.threadId, tone: 'casual' },
    });
    const regenerated = await waitForJob(stack.url, token, again.body.jobId);
    expect(regenerated.thread.sourceUrl).toBe(`${articles.url}/first`);
    expect(JSON.stringify(regenerated.thread.posts)).not.toContain('Canal boats');
    expect(before.body.sourceUrl).toBe(`${articles.url}/first`);
    expect((await api(stack.url, '/api/me', { token })).body.credits).toEqual(credits);
  });

  it('answers the 31st generation request in an hour with 429, Retry-After and a code', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const url = `${articles.url}/first`;
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      statuses.push((await api(stack.url, '/api/generation-jobs', { token, method: 'POST', body: { url } })).status);
    }
    expect(statuses.every((status) => status === 202 || status === 402)).toBe(true);
    const response = await fetch(`${stack.url}/api/generation-jobs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe('rate_limited');
    expect(body.error).toMatch(/30 generation requests per hour/);
  });

  it('answers the 11th regeneration of one thread in a day with 429', async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const url = `${articles.url}/first`;
    const first = await generated(token, url);
    for (let index = 0; index < 10; index += 1) {
      const again = await api(stack.url, '/api/generation-jobs', {
        token,
        method: 'POST',
        body: { url, threadId: first.threadId },
      });
      expect(again.status).toBe(202);
      await waitForJob(stack.url, token, again.body.jobId);
    }
    const refused = await api(stack.url, '/api/generation-jobs', {
      token,
      method: 'POST',
      body: { url, threadId: first.threadId },
    });
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(refused.body.error).toMatch(/10 regenerations per thread per day/);
  });

  it('answers malformed percent-escapes on every manifest route, with and without a token, with a 4xx JSON', async () => {
    const user = await newUser(stack.url);
    const escapes = ['%ZZ', '%FF', '%ED%A0%80', '%', '%E0%A4%A'];
    const requests = new Map<string, string>();
    for (const route of routes) {
      const method = route.method === 'ANY' ? 'GET' : route.method;
      for (const bad of escapes) {
        const inPath = route.path.includes('{') ? route.path.replace(/\{\w+\+?\}/g, bad) : `${route.path}/${bad}`;
        requests.set(`${method} ${inPath}`, method);
        // A query on DELETE /api/me would delete the account the other requests use.
        if (method !== 'DELETE') requests.set(`${method} ${route.path.replace(/\{\w+\+?\}/g, 'x')}?q=${bad}`, method);
      }
    }
    for (const [request, method] of requests) {
      const path = request.slice(method.length + 1);
      for (const token of [undefined, user.tokens.idToken]) {
        const response = await fetch(`${stack.url}${path}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
          body: method === 'GET' || method === 'DELETE' ? undefined : '{}',
        });
        const label = `${request} ${token ? 'with' : 'without'} token`;
        expect(response.status, label).toBeLessThan(500);
        // Outside /api (the public pages /t/{id}, /about-article) an unroutable path may be answered
        // by the site as text; whatever reaches a handler answers as the API does.
        if (!path.startsWith('/api') && !response.headers.get('content-type')?.includes('application/json')) {
          expect(response.headers.get('content-type'), label).toMatch(/^text\/(html|plain)/);
          continue;
        }
        expect(response.headers.get('content-type'), label).toContain('application/json');
        const body = (await response.json()) as { error?: string; code?: string };
        if (response.status === 400) expect(body.code, label).toBeTruthy();
      }
    }
    const bad = await api(stack.url, '/api/threads/%ZZ');
    expect(bad).toMatchObject({ status: 400, body: { code: 'malformed_path' } });
  });

  it("lets the extractor read the app's own /samples/ only, never its API or other paths", async () => {
    const user = await newUser(stack.url);
    const token = user.tokens.idToken;
    const extract = (url: string) => api(stack.url, '/api/extract-article', { token, method: 'POST', body: { url } });
    const sample = await extract(`${stack.url}/samples/urban-heat-islands.html`);
    expect(sample.status).toBe(200);
    for (const path of ['/api/me', '/config.json', '/samples/../api/health', '/samplesx/index.json']) {
      const refused = await extract(`${stack.url}${path}`);
      expect(refused.status, path).toBe(422);
      expect(refused.body.error, path).toMatch(/cannot be fetched for security reasons/);
    }
  });

  it('forwards only the client-side Cognito calls, and refuses admin, list and malformed calls with 400', async () => {
    const user = await newUser(stack.url);
    const pool = (await (await fetch(`${stack.url}/config.json`)).json()) as {
      userPoolId: string;
      userPoolClientId: string;
    };
    for (const [action, body] of [
      ['ListUsers', { UserPoolId: pool.userPoolId }],
      ['AdminGetUser', { UserPoolId: pool.userPoolId, Username: user.email }],
      ['AdminDeleteUser', { UserPoolId: pool.userPoolId, Username: user.email }],
      ['ListUserPools', { MaxResults: 10 }],
    ] as const) {
      const refused = await cognito(stack.url, action, JSON.stringify(body));
      expect(refused.status, action).toBe(400);
      expect(refused.body.__type, action).toBe('NotAuthorizedException');
      expect(JSON.stringify(refused.body), action).not.toContain(user.email);
    }
    // The user the admin call named still exists and signs in.
    const signIn = await cognito(
      stack.url,
      'InitiateAuth',
      JSON.stringify({
        ClientId: pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    expect(signIn.status).toBe(200);
    expect((await cognito(stack.url, 'InitiateAuth', '{')).status).toBe(400);
    expect((await cognito(stack.url, 'SignUp', '[1]')).status).toBe(400);
  });

  it('leaves no unconfirmed user behind when a sign-up cannot be confirmed', async () => {
    const pool = (await (await fetch(`${stack.url}/config.json`)).json()) as { userPoolClientId: string };
    const email = `mismatch-${Date.now()}@example.com`;
    const signUp = (attributeEmail: string) =>
      cognito(
        stack.url,
        'SignUp',
        JSON.stringify({
          ClientId: pool.userPoolClientId,
          Username: email,
          Password: 'correct-horse-7',
          UserAttributes: [{ Name: 'email', Value: attributeEmail }],
        }),
      );
    const refused = await signUp(`other-${email}`);
    expect(refused.status).toBe(400);
    const accepted = await signUp(email);
    expect(accepted).toMatchObject({ status: 200, body: { UserConfirmed: true } });
  });
});
