import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishRequest } from '#shared/schemas/publishing';
import { LINKEDIN_APP_SCOPES, startLinkedInServer } from '../../fakes/linkedin-server';
import { connectionKeyOf } from '../../helpers/connections';
import { answerConsent, oauthCallback, startOAuth } from '../../helpers/oauth-consent';
import { outgoingImage } from '../../helpers/outgoing-images';
import { expectRetryReusesRecordedUploads, recordingSteps } from '../../helpers/outgoing-posts';
import { startPublishingPipeline } from '../../helpers/publishing-harness';
import { ARTICLE, ATTRIBUTION, firstPost, makeThread, settle, THREAD_TITLE } from '../../helpers/publishing-threads';
import { callRoute } from '../../helpers/route-call';

const APP = { clientId: 'li-client-id', clientSecret: 'li-client-secret' };
const REDIRECT_URI = 'http://localhost:3000/api/connections/linkedin/callback';
const MEMBER = { sub: 'yrZCpj2Z12', name: 'Dana Curator' };
/** The organisation page the member administers, and one they do not. */
const ORGANIZATION = 'urn:li:organization:2414183';
const PAGE = { urn: ORGANIZATION, name: 'Harbour Press' };
const OTHER_ORGANIZATION = 'urn:li:organization:1337';
const linkedin = await startLinkedInServer({
  ...APP,
  redirectUris: [REDIRECT_URI],
  member: MEMBER,
  organizations: [PAGE],
  // The versions it keeps active are those of the year before this month.
  today: new Date('2026-11-15T00:00:00Z'),
});
Object.assign(process.env, {
  LINKEDIN_API_URL: linkedin.apiUrl,
  LINKEDIN_AUTHORIZE_URL: linkedin.authorizeUrl,
  LINKEDIN_TOKEN_URL: linkedin.tokenUrl,
  LINKEDIN_CLIENT_ID: APP.clientId,
  LINKEDIN_CLIENT_SECRET: APP.clientSecret,
  LINKEDIN_VERSION: '202610',
  LINKEDIN_ORGANIZATION_PAGES: 'true',
  OAUTH_STATE_SECRET: 'a-test-secret-of-at-least-thirty-two-chars!',
});
const pipeline = await startPublishingPipeline();
const { db, tableName } = await import('#functions/data/client');
const { putThread, getThreadForUser } = await import('#functions/data/thread-repository');
const { getConnection, putConnection } = await import('#functions/data/connection-repository');
const { listConnections, loadLiveConnection } = await import('#functions/services/connections/connections');
const { requestPublish, getPublishStatus } = await import('#functions/services/publishing/publish-thread');
const { setPlatformEnabled } = await import('#functions/data/settings-repository');
const postPublish = (await import('#functions/http/publishing/post-publish')).handler;
const putLinkedInIdentity = (await import('#functions/http/connections/put-linkedin-identity')).handler;
const { linkedinAdapter } = await import('#functions/services/platforms/linkedin');
const { PlatformRejectedError, PlatformUnavailableError } = await import(
  '#functions/services/platforms/platform-adapter'
);

afterAll(async () => {
  await pipeline.stop();
  await linkedin.close();
});

const DAY_MS = 24 * 3600_000;
const HARBOUR_POSTS = [
  '1/ Boats return before sunrise (most days) and buyers bid at six.',
  '2/ The harbour master, @port_authority, calls it #1 in the region: 3*4 boats_each ~ hour.',
];

/** Connects a new user through the local LinkedIn's consent page and the callback route. */
async function connect() {
  const userId = `user-${randomUUID()}`;
  const back = await answerConsent(await startOAuth('linkedin', userId), 'allow');
  const location = await oauthCallback('linkedin', userId, Object.fromEntries(back.searchParams));
  return { userId, location };
}

async function connectedUser() {
  const { userId, location } = await connect();
  expect(location.searchParams.get('linkedin_connected')).toBe('true');
  return userId;
}

let published = 0;
/**
 * A thread of the user, published to LinkedIn. Every user connects the same member, whose repeats
 * LinkedIn refuses: each thread's title is its own.
 */
async function publish(
  userId: string,
  bodyPosts = HARBOUR_POSTS,
  author: string | null = 'Ada Harbour',
  linkPlacements?: PublishRequest['linkPlacements'],
) {
  published += 1;
  const thread = { ...makeThread(userId, bodyPosts, { title: `${THREAD_TITLE}, part ${published}` }), author };
  await putThread(thread);
  await requestPublish(userId, thread.id, { platforms: ['linkedin'], linkPlacements }, new Date());
  return thread;
}

describe('connecting LinkedIn', () => {
  it('asks for openid, profile, w_member_social and the page scopes, and stores the member, their pages and the date access ends', async () => {
    const userId = `user-${randomUUID()}`;
    const consentUrl = await startOAuth('linkedin', userId);
    expect(`${consentUrl.origin}${consentUrl.pathname}`).toBe(linkedin.authorizeUrl);
    expect(Object.fromEntries(consentUrl.searchParams)).toEqual({
      response_type: 'code',
      client_id: APP.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile w_member_social w_organization_social r_organization_admin',
      state: expect.any(String),
    });
    const back = await answerConsent(consentUrl, 'allow');

    const location = await oauthCallback('linkedin', userId, Object.fromEntries(back.searchParams));

    expect(Object.fromEntries(location.searchParams)).toEqual({ linkedin_connected: 'true', username: MEMBER.name });
    const [view] = (await listConnections(userId)).connections;
    expect(view).toMatchObject({
      platform: 'linkedin',
      platformUsername: MEMBER.name,
      connectionData: { personUrn: `urn:li:person:${MEMBER.sub}`, administeredPages: [PAGE] },
    });
    // No refresh token: the card is told when to ask for a reconnection (60 days from now).
    expect(Date.parse(view!.reconnectBy!)).toBeGreaterThan(Date.now() + 59 * DAY_MS);
    expect(Date.parse(view!.reconnectBy!)).toBeLessThanOrEqual(Date.now() + 60 * DAY_MS);
    const stored = await db.send(
      new GetCommand({ TableName: tableName(), Key: await connectionKeyOf(userId, 'linkedin') }),
    );
    const live = (await loadLiveConnection(userId, 'linkedin', new Date()))!;
    expect(String(stored.Item?.accessToken)).toMatch(/^v1\./);
    expect(JSON.stringify(stored.Item)).not.toContain(live.credentials.accessToken);
  });

  it('tells the member why nothing was connected when the app may not post, or they cancel', async () => {
    const refusedUser = `user-${randomUUID()}`;
    linkedin.setAppScopes(['openid', 'profile', 'email']);
    const refusal = await fetch(await startOAuth('linkedin', refusedUser), { redirect: 'manual' });
    linkedin.setAppScopes([...LINKEDIN_APP_SCOPES]);
    const refused = await oauthCallback(
      'linkedin',
      refusedUser,
      Object.fromEntries(new URL(refusal.headers.get('location')!).searchParams),
    );
    const cancelledUser = `user-${randomUUID()}`;
    const cancel = await answerConsent(await startOAuth('linkedin', cancelledUser), 'deny');
    const cancelled = await oauthCallback('linkedin', cancelledUser, Object.fromEntries(cancel.searchParams));

    expect(refused.searchParams.get('linkedin_oauth_error')).toBe('true');
    expect(refused.searchParams.get('message')).toBe(
      'LinkedIn would not grant the permissions ThreadSnip needs to post. Nothing was connected. Please try again.',
    );
    expect(cancelled.searchParams.get('message')).toBe(
      'You cancelled the connection on LinkedIn. Nothing was connected.',
    );
    expect((await listConnections(refusedUser)).connections).toEqual([]);
    expect((await listConnections(cancelledUser)).connections).toEqual([]);
  });

  it('names the issuer it got and the one it expected when the ID token comes from elsewhere', async () => {
    const userId = `user-${randomUUID()}`;
    const consent = await answerConsent(await startOAuth('linkedin', userId), 'allow');
    linkedin.setIdTokenIssuer('https://login.example.net/oauth');
    try {
      const back = await oauthCallback('linkedin', userId, Object.fromEntries(consent.searchParams));

      expect(back.searchParams.get('linkedin_oauth_error')).toBe('true');
      const expectedIssuer = `${new URL(linkedin.tokenUrl).origin}/oauth`;
      expect(back.searchParams.get('message')).toBe(
        `LinkedIn's ID token was issued by https://login.example.net/oauth, expected ${expectedIssuer}`,
      );
      expect((await listConnections(userId)).connections).toEqual([]);
    } finally {
      linkedin.setIdTokenIssuer(null);
    }
  });
});

describe('publishing a thread to LinkedIn through the queue', () => {
  it('makes one post: the title, the posts as paragraphs, the author credited, the source link last, escaped', async () => {
    const userId = await connectedUser();
    const before = linkedin.posts.length;

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    const made = linkedin.posts.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]!.text.split('\n\n')).toEqual([
      thread.title,
      'Boats return before sunrise (most days) and buyers bid at six.',
      'The harbour master, @port_authority, calls it #1 in the region: 3*4 boats_each ~ hour.',
      'Original article by Ada Harbour.',
      ATTRIBUTION,
    ]);
    expect(made[0]!.text.endsWith(ARTICLE)).toBe(true);
    // Every reserved character went out escaped, so members read the text as written.
    expect(made[0]!.commentary).toContain(
      'The harbour master, \\@port\\_authority, calls it \\#1 in the region: 3\\*4 boats\\_each \\~ hour.',
    );
    expect(made[0]).toMatchObject({
      author: `urn:li:person:${MEMBER.sub}`,
      visibility: 'PUBLIC',
      article: { source: ARTICLE, title: thread.title },
    });
    expect([...linkedin.stats.versions]).toEqual(['202610']);
    const postUrl = `https://www.linkedin.com/feed/update/${made[0]!.id}/`;
    expect(row).toMatchObject({ status: 'completed', postsMade: 1, postsTotal: 1, postUrl });
    expect((await getThreadForUser(userId, thread.id))?.platformPosts.linkedin).toEqual({ posted: true, postUrl });
  });

  it('shortens a thread over 3,000 characters between sentences, keeping the credit and the source link', async () => {
    const userId = await connectedUser();
    const before = linkedin.posts.length;
    const long = [1, 2, 3, 4, 5].map(
      (n) => `${n}/ ${`Harbour note ${n}: the boats return before sunrise and buyers bid. `.repeat(12).trim()}`,
    );

    const thread = await publish(userId, long);
    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });

    const [post] = linkedin.posts.slice(before);
    expect(post!.commentary.length).toBeLessThanOrEqual(3000);
    const paragraphs = post!.text.split('\n\n');
    expect(paragraphs.slice(-2)).toEqual(['Original article by Ada Harbour.', ATTRIBUTION]);
    const body = paragraphs.slice(1, -2);
    expect(body.length).toBeLessThan(long.length);
    // The last paragraph kept ends with a whole sentence.
    expect(body.at(-1)).toMatch(/bid\.$/);
  });

  it('does not post twice when LinkedIn made the post but its answer was lost', async () => {
    const userId = await connectedUser();
    const before = linkedin.posts.length;
    linkedin.failCreate(1, { answerLost: true });

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    const made = linkedin.posts.slice(before);
    expect(made).toHaveLength(1);
    expect(row).toMatchObject({ status: 'completed', postUrl: `https://www.linkedin.com/feed/update/${made[0]!.id}/` });
  });

  it('without read access to the member’s posts, takes LinkedIn’s duplicate answer on the retry as the post made', async () => {
    const userId = await connectedUser();
    linkedin.setPostsReadable(false);
    const before = linkedin.posts.length;
    const calls = linkedin.stats.createCalls;
    linkedin.failCreate(1, { answerLost: true });

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);
    linkedin.setPostsReadable(true);

    const made = linkedin.posts.slice(before);
    expect(made).toHaveLength(1);
    expect(linkedin.stats.createCalls).toBe(calls + 2);
    expect(row).toMatchObject({ status: 'completed', postUrl: `https://www.linkedin.com/feed/update/${made[0]!.id}/` });
  });

  it('waits out a 429, then posts once', async () => {
    const userId = await connectedUser();
    const before = linkedin.posts.length;
    linkedin.failCreate(1, { status: 429, retryAfterSeconds: 1 });
    const started = Date.now();

    const thread = await publish(userId);

    expect(await settle(userId, thread.id)).toMatchObject({ status: 'completed' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(linkedin.posts.slice(before)).toHaveLength(1);
  });

  it('refuses to publish the same thread again as a repeat LinkedIn will not take, naming the cause', async () => {
    const userId = await connectedUser();
    const thread = await publish(userId);
    await settle(userId, thread.id);
    const before = linkedin.posts.length;

    await requestPublish(userId, thread.id, { platforms: ['linkedin'] }, new Date());
    const row = await settle(userId, thread.id);

    expect(row.status).toBe('failed');
    expect(row.error).toMatch(
      /^LinkedIn refused the post: it repeats a post already on your profile \(urn:li:share:\d+\)\.$/,
    );
    expect(linkedin.posts.length).toBe(before);
  });

  it('fails the row with a request to reconnect when LinkedIn says the token expired, and marks the card', async () => {
    const userId = await connectedUser();
    linkedin.expireTokens();
    const before = linkedin.posts.length;

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    expect(row).toMatchObject({
      status: 'failed',
      error:
        'LinkedIn no longer accepts this connection (its access expires after 60 days). Reconnect LinkedIn in Account Settings.',
    });
    expect(linkedin.posts.length).toBe(before);
    expect((await getConnection(userId, 'linkedin'))?.connectionData.needsReconnect).toBe(true);
  });

  it('refuses up front once the stored 60 days have passed, posting nothing', async () => {
    const userId = await connectedUser();
    const record = (await getConnection(userId, 'linkedin'))!;
    await putConnection({ ...record, tokenExpiresAt: new Date(Date.now() - 60_000).toISOString() });
    const thread = { ...makeThread(userId, HARBOUR_POSTS), author: null };
    await putThread(thread);
    const calls = linkedin.stats.createCalls;

    await expect(requestPublish(userId, thread.id, { platforms: ['linkedin'] }, new Date())).rejects.toThrow(
      'LinkedIn needs to be connected again (LinkedIn authorization has expired). Reconnect it in Account Settings.',
    );

    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect(linkedin.stats.createCalls).toBe(calls);
  });

  it('when an admin turns LinkedIn off, neither offers it nor posts to it, until it is on again', async () => {
    const userId = await connectedUser();
    const thread = { ...makeThread(userId, HARBOUR_POSTS, { title: 'Switched off' }), author: null };
    await putThread(thread);
    const calls = linkedin.stats.createCalls;
    await setPlatformEnabled('linkedin', false, new Date().toISOString());
    try {
      const listed = await listConnections(userId);
      expect(listed.enabledPlatforms).not.toContain('linkedin');
      expect(listed.connections).toEqual([]);
      await expect(requestPublish(userId, thread.id, { platforms: ['linkedin'] }, new Date())).rejects.toThrow(
        'LinkedIn is not available right now.',
      );
      expect(linkedin.stats.createCalls).toBe(calls);
    } finally {
      await setPlatformEnabled('linkedin', true, new Date().toISOString());
    }
    expect((await listConnections(userId)).enabledPlatforms).toContain('linkedin');
  });
});

describe('posting pictures to LinkedIn through the Images API', () => {
  async function connection() {
    return (await loadLiveConnection(await connectedUser(), 'linkedin', new Date()))!;
  }

  const picture = (mediaId: string, alt: string) => outgoingImage({ mediaId, alt });

  it('uploads one picture (initializeUpload, PUT, AVAILABLE) and posts it as content.media with its altText', async () => {
    const live = await connection();
    linkedin.failUploads({ processingReads: 1 });
    const image = await picture('media-quay', 'Boats at the quay before sunrise');
    const post = recordingSteps({ ...firstPost(`The quay at dawn ${randomUUID()}`), images: [image] });

    const made = await linkedinAdapter.publishPost(live, post);

    const published = linkedin.posts.find((entry) => entry.id === made.id)!;
    expect(published.article).toBeNull();
    expect(published.images.map((entry) => [entry.altText, new Uint8Array(entry.image.bytes!)])).toEqual([
      ['Boats at the quay before sunrise', image.data],
    ]);
    expect(published.images[0]!.image.owner).toBe(`urn:li:person:${MEMBER.sub}`);
    expect(post.steps.at(-1)).toEqual({ 'image:media-quay': published.images[0]!.image.id });
  });

  it('posts several pictures as content.multiImage, in order', async () => {
    const live = await connection();
    const images = [await picture('media-a', 'The quay'), await picture('media-b', 'The market')];
    const post = { ...firstPost(`Two pictures ${randomUUID()}`), images };

    const made = await linkedinAdapter.publishPost(live, post);

    const published = linkedin.posts.find((entry) => entry.id === made.id)!;
    expect(published.images.map((entry) => entry.altText)).toEqual(['The quay', 'The market']);
  });

  it("gives the article's link card its preview image as the uploaded thumbnail", async () => {
    const live = await connection();
    const card = await picture('media-card', 'The harbour at dawn');
    const made = await linkedinAdapter.publishPost(live, {
      ...firstPost(`A link post ${randomUUID()}`),
      linkCardImage: card,
    });

    const published = linkedin.posts.find((entry) => entry.id === made.id)!;
    expect(published.article).toMatchObject({ source: ARTICLE, thumbnailAltText: 'The harbour at dawn' });
    expect(new Uint8Array(published.article!.thumbnail!.bytes!)).toEqual(card.data);
  });

  it('fails with the reason and makes no post when an upload or its processing fails', async () => {
    const live = await connection();
    const posted = linkedin.posts.length;
    const post = { ...firstPost(`Refused picture ${randomUUID()}`), images: [await picture('media-x', 'A picture')] };
    linkedin.failUploads({ status: 500 });

    await expect(linkedinAdapter.publishPost(live, post)).rejects.toBeInstanceOf(PlatformUnavailableError);
    linkedin.failUploads({ processing: 'failed' });
    const refused = await linkedinAdapter.publishPost(live, post).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(PlatformRejectedError);
    expect((refused as Error).message).toBe('LinkedIn could not process a picture (PROCESSING_FAILED)');
    expect(linkedin.posts.length).toBe(posted);
  });

  it('reuses the recorded image URNs when the post is retried, uploading nothing twice', async () => {
    const live = await connection();
    linkedin.failCreate(1, { status: 503 });
    const images = [await picture('media-r1', 'First'), await picture('media-r2', 'Second')];
    const post = recordingSteps({ ...firstPost(`Retried with pictures ${randomUUID()}`), images });
    await expect(linkedinAdapter.publishPost(live, post)).rejects.toBeInstanceOf(PlatformUnavailableError);

    const { made, recorded } = await expectRetryReusesRecordedUploads(post, {
      publish: (retry) => linkedinAdapter.publishPost(live, retry),
      uploads: () => linkedin.imageStats.initialized,
    });

    const published = linkedin.posts.find((entry) => entry.id === made.id)!;
    expect(published.images.map((entry) => entry.image.id)).toEqual([
      recorded['image:media-r1'],
      recorded['image:media-r2'],
    ]);
  });
});

describe('posting as an organisation page the member administers', () => {
  const choose = (userId: string, organizationUrn: string | null) =>
    callRoute(putLinkedInIdentity, { userId }, { body: { organizationUrn } });

  it('lists the pages at connection, posts as the chosen page with the link in the first comment, and back as the member', async () => {
    const userId = await connectedUser();
    const [listed] = (await listConnections(userId)).connections;
    expect(listed?.connectionData.administeredPages).toEqual([PAGE]);
    const posts = linkedin.posts.length;
    const comments = linkedin.comments.length;

    const chosen = await choose(userId, ORGANIZATION);
    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    expect(chosen.status).toBe(200);
    expect(chosen.body.connectionData).toMatchObject({ organizationUrn: ORGANIZATION, organizationName: PAGE.name });
    const [post] = linkedin.posts.slice(posts);
    expect(post).toMatchObject({ author: ORGANIZATION, article: null });
    expect(post!.text).not.toContain(ARTICLE);
    expect(linkedin.comments.slice(comments)).toEqual([
      expect.objectContaining({ actor: ORGANIZATION, object: post!.id, text: ATTRIBUTION }),
    ]);
    expect(row.status).toBe('completed');

    const member = await choose(userId, null);
    const again = await publish(userId);
    await settle(userId, again.id);

    expect(member.status).toBe(200);
    expect(member.body.connectionData).toMatchObject({ organizationUrn: null, organizationName: null });
    expect(linkedin.posts.at(-1)).toMatchObject({
      author: `urn:li:person:${MEMBER.sub}`,
      article: expect.objectContaining({ source: ARTICLE }),
    });
  });

  it('answers 400 and changes nothing for a page the member does not administer, checked with LinkedIn again', async () => {
    const userId = await connectedUser();
    const before = await getConnection(userId, 'linkedin');
    const acls = linkedin.stats.aclCalls;

    const foreign = await choose(userId, OTHER_ORGANIZATION);
    const malformed = await choose(userId, 'urn:li:person:someone');

    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 'linkedin_page_not_administered',
      error:
        'LinkedIn does not list you as an administrator of that page, so ThreadSnip cannot post as it. Nothing was changed.',
    });
    expect(linkedin.stats.aclCalls).toBe(acls + 1);
    expect(malformed.status).toBe(400);
    expect(await getConnection(userId, 'linkedin')).toEqual(before);
  });

  /** A user whose connection was stored before ThreadSnip asked for the page scopes: the member only. */
  async function connectedBeforePages(legacyData: Record<string, unknown> = {}) {
    const userId = await connectedUser();
    const record = (await getConnection(userId, 'linkedin'))!;
    await putConnection({ ...record, connectionData: { personUrn: `urn:li:person:${MEMBER.sub}`, ...legacyData } });
    return userId;
  }

  it('records the granted scopes, and asks a connection made with the page scopes for nothing more', async () => {
    const userId = await connectedUser();

    const [view] = (await listConnections(userId)).connections;

    expect(view?.connectionData.grantedScopes).toEqual(
      expect.arrayContaining(['w_member_social', 'w_organization_social', 'r_organization_admin']),
    );
    expect(view).not.toHaveProperty('pagesNeedReconnect');
  });

  it('tells the card to ask for a reconnection when the connection predates the page scopes, and still posts as the member', async () => {
    const userId = await connectedBeforePages();

    const [view] = (await listConnections(userId)).connections;
    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    expect(view).toMatchObject({ platform: 'linkedin', isConnected: true, pagesNeedReconnect: true });
    expect(view?.connectionData.administeredPages).toBeUndefined();
    expect(row.status).toBe('completed');
    expect(linkedin.posts.at(-1)?.author).toBe(`urn:li:person:${MEMBER.sub}`);
  });

  it('asks nothing more once reconnected: the new grant lists the pages', async () => {
    const userId = await connectedBeforePages();

    const back = await answerConsent(await startOAuth('linkedin', userId), 'allow');
    const location = await oauthCallback('linkedin', userId, Object.fromEntries(back.searchParams));

    expect(location.searchParams.get('linkedin_connected')).toBe('true');
    const [view] = (await listConnections(userId)).connections;
    expect(view).not.toHaveProperty('pagesNeedReconnect');
    expect(view?.connectionData.administeredPages).toEqual([PAGE]);
  });

  it('takes a connection that listed pages before its scopes were recorded as covering them', async () => {
    const userId = await connectedBeforePages({ administeredPages: [PAGE] });

    const [view] = (await listConnections(userId)).connections;

    expect(view).not.toHaveProperty('pagesNeedReconnect');
  });

  it('refuses a page listed at connection once LinkedIn no longer lists the member as its administrator', async () => {
    const userId = await connectedUser();
    linkedin.removeOrganization(ORGANIZATION);
    try {
      const answer = await choose(userId, ORGANIZATION);

      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('linkedin_page_not_administered');
      expect((await getConnection(userId, 'linkedin'))?.connectionData.organizationUrn).toBeUndefined();
    } finally {
      linkedin.addOrganization(PAGE);
    }
  });
});

describe('placing the source link on LinkedIn', () => {
  /** A user whose connection posts as the organisation page the member administers, chosen in Account Settings. */
  async function pageUser() {
    const userId = await connectedUser();
    const answer = await callRoute(putLinkedInIdentity, { userId }, { body: { organizationUrn: ORGANIZATION } });
    expect(answer.status).toBe(200);
    return userId;
  }

  const feedUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

  it("posts an organisation page's thread without the link, then the attribution with it as the first comment", async () => {
    const userId = await pageUser();
    const posts = linkedin.posts.length;
    const comments = linkedin.comments.length;

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    const [post, ...others] = linkedin.posts.slice(posts);
    expect(others).toEqual([]);
    expect(post).toMatchObject({ author: ORGANIZATION, article: null });
    expect(post!.text).not.toContain(ARTICLE);
    expect(post!.text.split('\n\n').at(-1)).toBe('Original article by Ada Harbour.');
    expect(linkedin.comments.slice(comments)).toEqual([
      expect.objectContaining({ actor: ORGANIZATION, object: post!.id, text: ATTRIBUTION }),
    ]);
    expect(row).toMatchObject({ status: 'completed', postsMade: 1, postUrl: feedUrl(post!.id) });
  });

  it('comments exactly once when the comment fails and the run is retried, reusing the post it made', async () => {
    const userId = await pageUser();
    const posts = linkedin.posts.length;
    const comments = linkedin.comments.length;
    const calls = linkedin.commentStats.createCalls;
    const postCalls = linkedin.stats.createCalls;
    const postSearches = linkedin.stats.findCalls;
    linkedin.failComments({ status: 500 });

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    const made = linkedin.posts.slice(posts);
    expect(made).toHaveLength(1);
    // The post was recorded as a step: the retry neither posted again nor looked for the post.
    expect(linkedin.stats.createCalls).toBe(postCalls + 1);
    expect(linkedin.stats.findCalls).toBe(postSearches);
    expect(linkedin.commentStats.createCalls).toBe(calls + 2);
    expect(linkedin.comments.slice(comments)).toEqual([
      expect.objectContaining({ object: made[0]!.id, text: ATTRIBUTION }),
    ]);
    expect(row).toMatchObject({ status: 'completed', postUrl: feedUrl(made[0]!.id) });
  });

  it('does not comment twice when LinkedIn made the comment but its answer was lost', async () => {
    const userId = await pageUser();
    const comments = linkedin.comments.length;
    linkedin.failComments({ answerLost: true });

    const thread = await publish(userId);
    const row = await settle(userId, thread.id);

    expect(linkedin.comments.slice(comments)).toHaveLength(1);
    expect(row.status).toBe('completed');
  });

  it("keeps the link in a personal profile's post unless the thread asks for the first comment, and remembers it", async () => {
    const userId = await connectedUser();
    const posts = linkedin.posts.length;
    const comments = linkedin.comments.length;

    const thread = await publish(userId, HARBOUR_POSTS, null, { linkedin: 'first-comment' });
    await settle(userId, thread.id);

    const [post] = linkedin.posts.slice(posts);
    expect(post).toMatchObject({ author: `urn:li:person:${MEMBER.sub}`, article: null });
    expect(post!.text).not.toContain(ARTICLE);
    expect(linkedin.comments.slice(comments)).toEqual([
      expect.objectContaining({ actor: `urn:li:person:${MEMBER.sub}`, object: post!.id, text: ATTRIBUTION }),
    ]);
    expect((await getThreadForUser(userId, thread.id))?.linkPlacements).toEqual({ linkedin: 'first-comment' });
  });

  it('answers 400 naming the placements LinkedIn takes, and queues nothing, for one it does not', async () => {
    const userId = await connectedUser();
    const thread = { ...makeThread(userId, HARBOUR_POSTS, { title: 'Badly placed' }), author: null };
    await putThread(thread);

    const answer = await callRoute(
      postPublish,
      { userId },
      {
        params: { threadId: thread.id },
        body: { platforms: ['linkedin'], linkPlacements: { linkedin: 'first-post-and-credit' } },
      },
      { method: 'POST' },
    );

    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(
      "Invalid request body: linkPlacements.linkedin: LinkedIn cannot take the link placement 'first-post-and-credit'; choose 'in-post' (link in the post) or 'first-comment' (link in the first comment).",
    );
    expect((await getPublishStatus(userId, thread.id, new Date())).platforms).toEqual([]);
    expect((await getThreadForUser(userId, thread.id))?.linkPlacements).toBeUndefined();
  });
});
