import { randomUUID } from 'node:crypto';
import type { KnownAccount, KnownStatus, startMastodonServer } from '../fakes/mastodon-server';
import { ARTICLE, makeThread } from './publishing-threads';

type MastodonServer = Awaited<ReturnType<typeof startMastodonServer>>;

/** The article's author on the fediverse, as the thread's extracted handles name them. */
export const MASTODON_AUTHOR: KnownAccount = {
  id: '200',
  acct: 'carol@example.social',
  url: 'https://example.social/@carol',
};
/** Another account with the author's name on another server: never the author. */
export const IMPOSTOR: KnownAccount = {
  id: '201',
  acct: 'carol@impostor.example',
  url: 'https://impostor.example/@carol',
};
export const MASTODON_AUTHOR_HANDLES = { fediverse: '@carol@example.social', profiles: [] };
/** Long enough that the credit is a status of its own (Mastodon's 500 characters). */
export const MASTODON_BODY = 'Boats, nets and the auction hall at first light. '.repeat(8).trim();

let nextId = 120_000_000_000_000_000n;

/** A status the curator's instance knows, by the author unless `account` says otherwise, linking `link`; its id. */
export function authorStatus(server: MastodonServer, overrides: Partial<KnownStatus> & { link?: string } = {}): string {
  const id = String(nextId++);
  const link = overrides.link ?? ARTICLE;
  server.addKnownStatus({
    id,
    account: MASTODON_AUTHOR,
    content: `<p>New piece on the harbour: <a href="${link}?utm_source=mastodon" rel="nofollow">${link}</a></p>`,
    createdAt: '2026-11-01T09:00:00.000Z',
    ...overrides,
  });
  return id;
}

/**
 * A curator connected to `server` with the scopes ThreadSnip asks for, and a saved thread about
 * `sourceUrl` by the author. The repositories are imported on first use, after the test set its environment.
 */
export async function mastodonCuratorWithThread(server: MastodonServer, sourceUrl = ARTICLE) {
  const { putThread } = await import('#functions/data/thread-repository');
  const { storeConnection } = await import('#functions/services/connections/connections');
  const userId = `user-${randomUUID()}`;
  const accessToken = server.issueToken(['read:accounts', 'read:search', 'write:statuses', 'write:media']);
  await storeConnection(
    userId,
    'mastodon',
    {
      platformUsername: `@alice@${server.instance}`,
      credentials: { accessToken, refreshToken: null, expiresAt: null },
      connectionData: { instance: server.instance },
    },
    new Date(),
  );
  const thread = makeThread(userId, [MASTODON_BODY], { authorHandles: MASTODON_AUTHOR_HANDLES, sourceUrl });
  await putThread(thread);
  return { userId, thread };
}
