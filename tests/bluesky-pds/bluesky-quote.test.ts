import { randomUUID } from 'node:crypto';
import { AtpAgent, RichText } from '@atproto/api';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, serveOnLoopback } from '../fakes/fake-http';
import { startPublishingPipeline } from '../helpers/publishing-harness';
import { makeThread, settle } from '../helpers/publishing-threads';
import { callRoute } from '../helpers/route-call';
import { type RunningPds, startPds } from './pds';

const ARTICLE = 'https://news.example.com/harbour-report';

/** The DID the PDS knows its AppView by, as Bluesky's own (the `atproto-proxy` header names it). */
const APPVIEW_DID = 'did:web:api.bsky.app';

/**
 * The few AppView reads quoting needs, answered from the real PDS's repositories (resolveHandle,
 * getPosts, and searchPosts over the `author`'s posts linking the `url`), so the credit the PDS
 * stores is a record it validated against the real lexicon. It starts before the PDS it reads
 * (the PDS proxies to it), so it learns the PDS's address with `readFrom`. Each searchPosts
 * request's authorization is kept in `searchedWith`.
 */
async function startAppView() {
  let pds: AtpAgent | null = null;
  const searchedWith: (string | undefined)[] = [];
  const postView = async (uri: string) => {
    const [, , repo, collection, rkey] = uri.split('/');
    const record = await pds!.com.atproto.repo.getRecord({ repo: repo!, collection: collection!, rkey: rkey! });
    const { data: profile } = await pds!.com.atproto.repo.describeRepo({ repo: repo! });
    return {
      uri,
      cid: record.data.cid,
      author: { did: profile.did, handle: profile.handle },
      record: record.data.value,
    };
  };
  const server = await serveOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://appview');
    const method = url.pathname.replace('/xrpc/', '');
    if (!pds) return sendJson(res, 503, { error: 'NotReady' });
    try {
      if (method === 'com.atproto.identity.resolveHandle') {
        const { data } = await pds.com.atproto.identity.resolveHandle({ handle: url.searchParams.get('handle')! });
        return sendJson(res, 200, data);
      }
      if (method === 'app.bsky.feed.getPosts') {
        return sendJson(res, 200, { posts: await Promise.all(url.searchParams.getAll('uris').map(postView)) });
      }
      if (method === 'app.bsky.feed.searchPosts') {
        searchedWith.push(req.headers.authorization);
        const listed = await pds.com.atproto.repo.listRecords({
          repo: url.searchParams.get('author')!,
          collection: 'app.bsky.feed.post',
        });
        const linking = listed.data.records.filter((entry) =>
          JSON.stringify(entry.value).includes(url.searchParams.get('url')!),
        );
        return sendJson(res, 200, { posts: await Promise.all(linking.map((entry) => postView(entry.uri))) });
      }
      sendJson(res, 400, { error: 'MethodNotImplemented' });
    } catch {
      sendJson(res, 400, { error: 'InvalidRequest' });
    }
  });
  return {
    ...server,
    searchedWith,
    readFrom(pdsUrl: string) {
      pds = new AtpAgent({ service: pdsUrl });
    },
  };
}

describe("quoting the author's post on a real PDS (@atproto/pds)", () => {
  let pds: RunningPds;
  let appView: Awaited<ReturnType<typeof startAppView>>;
  let pipeline: Awaited<ReturnType<typeof startPublishingPipeline>>;

  beforeAll(async () => {
    appView = await startAppView();
    pds = await startPds({ appView: { url: appView.url, did: APPVIEW_DID } });
    appView.readFrom(pds.pdsUrl);
    process.env.BLUESKY_SERVICE_URL = pds.pdsUrl;
    process.env.BLUESKY_APPVIEW_URL = appView.url;
    process.env.ALLOW_PRIVATE_FETCH_HOSTS = `${pds.allowedHosts},${new URL(appView.url).host}`;
    pipeline = await startPublishingPipeline();
  });

  afterAll(async () => {
    await pipeline?.stop();
    await appView?.close();
    await pds?.stop();
  });

  async function account() {
    const name = `q${randomUUID().slice(0, 8)}`;
    const agent = new AtpAgent({ service: pds.pdsUrl });
    await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.test`, password: randomUUID() });
    return { agent, handle: `${name}.test`, did: agent.session!.did };
  }

  it('stores the credit with the quote and the link card as recordWithMedia, which the PDS validates', async () => {
    const author = await account();
    const shared = new RichText({ text: `New piece on the harbour: ${ARTICLE}` });
    await shared.detectFacets(author.agent);
    const announcement = await author.agent.post({ text: shared.text, facets: shared.facets });
    const curator = await account();
    const appPassword = (await curator.agent.com.atproto.server.createAppPassword({ name: 'ThreadSnip' })).data
      .password;
    const userId = `user-${randomUUID()}`;
    const { connectBluesky } = await import('../../functions/services/connections/connections');
    await connectBluesky(userId, { handle: curator.handle, appPassword }, new Date());
    const thread = makeThread(userId, ['The harbour at dawn.'], {
      authorHandles: { bluesky: `@${author.handle}`, profiles: [] },
    });
    await (await import('../../functions/data/thread-repository')).putThread(thread);
    const { handler } = await import('../../functions/http/publishing/get-author-posts');
    const { requestPublish } = await import('../../functions/services/publishing/publish-thread');

    const found = await callRoute(
      handler,
      { userId },
      { params: { threadId: thread.id }, query: { platforms: 'bluesky' } },
    );
    expect(found.body.posts[0].post).toMatchObject({ id: announcement.uri, cid: announcement.cid });
    // The search reached the AppView through the curator's PDS, which signed it for the AppView.
    const [searched] = appView.searchedWith;
    expect(decodeJwt(searched!.replace(/^Bearer /, ''))).toMatchObject({
      iss: curator.did,
      aud: APPVIEW_DID,
      lxm: 'app.bsky.feed.searchPosts',
    });
    await requestPublish(
      userId,
      thread.id,
      { platforms: ['bluesky'], quotes: { bluesky: announcement.uri } },
      new Date(),
    );
    const row = await settle(userId, thread.id, 'bluesky');

    expect(row).toMatchObject({ status: 'completed', quoteNote: null });
    const listed = await curator.agent.com.atproto.repo.listRecords({
      repo: curator.did,
      collection: 'app.bsky.feed.post',
    });
    const credit = listed.data.records[0]!.value as { embed?: unknown };
    expect(credit.embed).toMatchObject({
      $type: 'app.bsky.embed.recordWithMedia',
      record: { record: { uri: announcement.uri, cid: announcement.cid } },
      media: { $type: 'app.bsky.embed.external', external: { uri: ARTICLE } },
    });
  });
});
