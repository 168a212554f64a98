import { randomUUID } from 'node:crypto';
import { startMetaThreadsServer } from '../fakes/meta-threads-server';
import { answerConsent, oauthCallback, startOAuth } from './oauth-consent';

export const META_THREADS_APP = { appId: 'threads-app-id', appSecret: 'threads-app-secret' };

/**
 * The local Threads API with one profile (harbour.dana), and the environment that points the app at
 * it (plus `env`). Call before the publishing pipeline, whose services read the config once.
 */
export async function startMetaThreadsStandIn(env: Record<string, string> = {}) {
  const threads = await startMetaThreadsServer({
    ...META_THREADS_APP,
    redirectUris: ['http://localhost:3000/api/connections/threads/callback'],
    user: { id: '7770007', username: 'harbour.dana' },
  });
  Object.assign(process.env, {
    THREADS_API_URL: threads.apiUrl,
    THREADS_AUTHORIZE_URL: threads.authorizeUrl,
    THREADS_APP_ID: META_THREADS_APP.appId,
    THREADS_APP_SECRET: META_THREADS_APP.appSecret,
    OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
    ...env,
  });
  return threads;
}

/** A new user connected through the local Authorization Window (unticking `refused` permissions) and the callback. */
export async function connectMetaThreads(refused: string[] = []) {
  const userId = `user-${randomUUID()}`;
  const consentUrl = await startOAuth('threads', userId);
  const granted = (consentUrl.searchParams.get('scope') ?? '').split(',').filter((scope) => !refused.includes(scope));
  const back = await answerConsent(consentUrl, 'allow', { scope: granted });
  const location = await oauthCallback('threads', userId, Object.fromEntries(back.searchParams));
  return { userId, location };
}
