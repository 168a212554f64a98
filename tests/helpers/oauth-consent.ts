import { expect } from 'vitest';
import type { Platform } from '../../shared/schemas/thread';
import { callRedirectRoute, callRoute } from './route-call';

/**
 * A consent-screen connection as a browser goes through it, against the routes and a local
 * provider: POST authorize → the provider's page → its form submitted → the redirect to our
 * callback route. Import after the environment is set (the routes read config on first use).
 */

/** POST /api/connections/{platform}/authorize as the signed-in user: the provider URL to go to. */
export async function startOAuth(platform: Platform, userId: string, body: Record<string, string> = {}) {
  const { handler } = await import('../../functions/http/connections/post-oauth-authorization');
  const started = await callRoute(handler, { userId }, { params: { platform }, body }, { method: 'POST' });
  expect(started.status).toBe(200);
  return new URL(started.body.url);
}

/**
 * Opens the provider's consent page and submits its form as a browser would (hidden fields, checked
 * boxes unless `fields` says otherwise, the chosen button); returns where the provider redirects.
 */
export async function answerConsent(
  consentUrl: URL,
  decision: 'allow' | 'deny',
  fields: Record<string, string[]> = {},
): Promise<URL> {
  const page = await fetch(consentUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    form.append(name!, value!);
  }
  for (const [, name, value] of html.matchAll(/<input type="checkbox" name="([^"]+)" value="([^"]*)" checked/g)) {
    if (!(name! in fields)) form.append(name!, value!);
  }
  for (const [name, values] of Object.entries(fields)) for (const value of values) form.append(name, value);
  form.append('decision', decision);
  const answered = await fetch(new URL(action, consentUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(answered.status).toBe(302);
  return new URL(answered.headers.get('location') ?? '');
}

/** The provider's redirect delivered to GET /api/connections/{platform}/callback: where it sends the browser. */
export async function oauthCallback(platform: Platform, userId: string, query: Record<string, string>) {
  const { handler } = await import('../../functions/http/connections/get-oauth-callback');
  const answer = await callRedirectRoute(handler, { userId }, { params: { platform }, query });
  expect(answer.status).toBe(302);
  return new URL(answer.location ?? '');
}
