import { expect } from 'vitest';
import { oauthBrowserCookieName } from '../../functions/lib/oauth-browser-cookie';
import type { Platform } from '../../shared/schemas/thread';
import { callRedirectRoute, callRoute } from './route-call';

/**
 * A consent-screen connection as a browser goes through it, against the routes and a local
 * provider: POST authorize → the provider's page → its form submitted → the redirect to our
 * callback route. Import after the environment is set (the routes read config on first use).
 */

/** The flow cookies each started flow's browser holds (`name=value`), by the flow's state. */
const browserCookies = new Map<string, string>();

/** The `name=value` a browser sends back from a flow cookie's `Set-Cookie`. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0] ?? '';
}

/** The flow cookie of a state issued directly (issueOAuthState's browserKey), as its browser sends it. */
export function flowCookie(platform: Platform, browserKey: string): string {
  return `${oauthBrowserCookieName(platform)}=${browserKey}`;
}

/** The cookie the browser that started the flow of `state` holds (undefined for a state it never saw). */
export function browserCookieFor(state: string | null | undefined): string | undefined {
  return state ? browserCookies.get(state) : undefined;
}

/** Keeps the flow cookie an authorize answer set (its `Set-Cookie` values), for that flow's callback. */
export function rememberBrowserCookie(authorizeUrl: string, setCookies: string[] | undefined): void {
  const state = new URL(authorizeUrl).searchParams.get('state');
  const setCookie = setCookies?.[0];
  if (setCookie && state) browserCookies.set(state, cookiePair(setCookie));
}

/** The cookies the browser that started the flow of `state` sends to its callback (none for a state it never saw). */
export function browserCookiesFor(state: string | null | undefined): string[] {
  const cookie = browserCookieFor(state);
  return cookie ? [cookie] : [];
}

/**
 * POST /api/connections/{platform}/authorize as the signed-in user: the provider URL to go to. The
 * flow cookie it sets is kept for the callback (the same browser), see `oauthCallback`.
 */
export async function startOAuth(platform: Platform, userId: string, body: Record<string, string> = {}) {
  const { handler } = await import('../../functions/http/connections/post-oauth-authorization');
  const started = await callRoute(handler, { userId }, { params: { platform }, body }, { method: 'POST' });
  expect(started.status).toBe(200);
  rememberBrowserCookie(started.body.url, started.cookies);
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

/**
 * The provider's redirect delivered to GET /api/connections/{platform}/callback: where it sends the
 * browser. By default from the browser that started the flow (its flow cookie); `cookies` makes it
 * another browser's request (`[]`: a browser that never started it).
 */
export async function oauthCallback(
  platform: Platform,
  userId: string,
  query: Record<string, string>,
  options: { cookies?: string[] } = {},
) {
  const { handler } = await import('../../functions/http/connections/get-oauth-callback');
  const cookies = options.cookies ?? browserCookiesFor(query.state);
  const answer = await callRedirectRoute(handler, { userId }, { params: { platform }, query, cookies });
  expect(answer.status).toBe(302);
  return new URL(answer.location ?? '');
}

/** Connects `userId` to the Mastodon stand-in at `instance` as @alice, through the OAuth routes (the stand-in consents at once). */
export async function connectMastodon(userId: string, instance: string): Promise<void> {
  const consentUrl = await startOAuth('mastodon', userId, {
    instance,
    username: '@alice',
    returnPath: '/account-settings',
  });
  const consent = await fetch(consentUrl, { redirect: 'manual' });
  await oauthCallback(
    'mastodon',
    userId,
    Object.fromEntries(new URL(consent.headers.get('location') ?? '').searchParams),
  );
}
