import { randomUUID } from 'node:crypto';
import { AtpAgent } from '@atproto/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveConnection } from '../../functions/services/platforms/platform-adapter';
import { outgoingImage } from '../helpers/outgoing-images';
import { MEDIA_ARTICLE, outgoingPost } from '../helpers/outgoing-posts';
import { type RunningPds, startPds } from './pds';
import { startRelay } from './relay';

interface BlobRef {
  $type: 'blob';
  ref: { toString(): string };
  mimeType: string;
  size: number;
}
interface MediaRecord {
  text: string;
  facets?: unknown[];
  embed?: {
    $type: string;
    images?: { alt: string; aspectRatio: { width: number; height: number }; image: BlobRef }[];
    external?: { uri: string; title: string; description: string; thumb?: BlobRef };
  };
}

describe('Bluesky pictures on a real PDS (@atproto/pds)', () => {
  let pds: RunningPds;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let adapter: typeof import('../../functions/services/platforms/bluesky').blueskyAdapter;

  beforeAll(async () => {
    pds = await startPds();
    relay = await startRelay(pds.pdsUrl);
    // Before the adapter loads: the config is read once; the PDS on loopback must be allowed.
    Object.assign(process.env, {
      BLUESKY_SERVICE_URL: pds.pdsUrl,
      ALLOW_PRIVATE_FETCH_HOSTS: `${pds.allowedHosts},${relay.host}`,
      // The adapter keeps nothing: no table is used.
      TABLE_NAME: 'unused',
      APP_PUBLIC_URL: 'http://localhost:3000',
    });
    adapter = (await import('../../functions/services/platforms/bluesky')).blueskyAdapter;
  });

  afterAll(async () => {
    await relay?.close();
    await pds?.stop();
  });

  afterEach(() => relay.intercept(null));

  async function connectedAccount(): Promise<{ agent: AtpAgent; did: string; connection: LiveConnection }> {
    const name = `m${randomUUID().slice(0, 8)}`;
    const agent = new AtpAgent({ service: pds.pdsUrl });
    await agent.createAccount({ handle: `${name}.test`, email: `${name}@example.test`, password: randomUUID() });
    const appPassword = (await agent.com.atproto.server.createAppPassword({ name: 'ThreadSnip' })).data.password;
    const connection = await adapter.connect({ handle: `${name}.test`, appPassword });
    return { agent, did: agent.session!.did, connection };
  }

  async function recordOf(agent: AtpAgent, uri: string): Promise<MediaRecord> {
    const [repo, collection, rkey] = uri.replace('at://', '').split('/');
    const answer = await agent.com.atproto.repo.getRecord({ repo: repo!, collection: collection!, rkey: rkey! });
    return answer.data.value as unknown as MediaRecord;
  }

  async function blobBytes(agent: AtpAgent, did: string, blob: BlobRef): Promise<Uint8Array> {
    const answer = await agent.com.atproto.sync.getBlob({ did, cid: blob.ref.toString() });
    return answer.data;
  }

  it('uploads each picture as a blob and embeds them with their alt text and aspect ratio; links stay facets', async () => {
    const { agent, did, connection } = await connectedAccount();
    const wide = await outgoingImage({ mediaId: 'media-wide', width: 120, height: 60, alt: 'Boats at the quay' });
    const tall = await outgoingImage({
      mediaId: 'media-tall',
      width: 40,
      height: 90,
      mimeType: 'image/jpeg',
      alt: 'The auction hall',
    });
    const post = outgoingPost({
      text: 'Full schedule: https://harbour.example.org/auction',
      images: [wide, tall],
      // An attribution post with pictures: the pictures are its one embed.
      index: 1,
      total: 2,
    });

    const made = await adapter.publishPost(connection, post);

    const record = await recordOf(agent, made.id);
    expect(record.embed?.$type).toBe('app.bsky.embed.images');
    expect(
      record.embed?.images?.map(({ alt, aspectRatio, image }) => ({ alt, aspectRatio, mimeType: image.mimeType })),
    ).toEqual([
      { alt: 'Boats at the quay', aspectRatio: { width: 120, height: 60 }, mimeType: 'image/png' },
      { alt: 'The auction hall', aspectRatio: { width: 40, height: 90 }, mimeType: 'image/jpeg' },
    ]);
    const images = record.embed!.images!;
    expect(await blobBytes(agent, did, images[0]!.image)).toEqual(wide.data);
    expect(await blobBytes(agent, did, images[1]!.image)).toEqual(tall.data);
    expect(record.facets).toHaveLength(1);
    expect(post.steps.at(-1)).toEqual({
      'media-wide': expect.stringContaining(images[0]!.image.ref.toString()),
      'media-tall': expect.stringContaining(images[1]!.image.ref.toString()),
    });
  });

  it('puts the uploaded thumb on the attribution post’s link card', async () => {
    const { agent, did, connection } = await connectedAccount();
    const preview = await outgoingImage({ mediaId: 'media-preview', width: 80, height: 42 });
    const post = outgoingPost({ text: 'Read the article', index: 0, total: 1, linkCardImage: preview });

    const made = await adapter.publishPost(connection, post);

    const { embed } = await recordOf(agent, made.id);
    expect(embed).toMatchObject({
      $type: 'app.bsky.embed.external',
      external: { uri: MEDIA_ARTICLE.url, title: MEDIA_ARTICLE.title, description: '' },
    });
    expect(await blobBytes(agent, did, embed!.external!.thumb!)).toEqual(preview.data);
  });

  it("puts the same thumb on the first post's link card when the link is placed there too", async () => {
    const { agent, did, connection } = await connectedAccount();
    const preview = await outgoingImage({ mediaId: 'media-preview', width: 80, height: 42 });
    const post = outgoingPost({
      text: 'The boats come in before dawn.',
      linkCardImage: preview,
      linkPlacement: 'first-post-and-credit',
    });

    const made = await adapter.publishPost(connection, post);

    const { embed } = await recordOf(agent, made.id);
    expect(embed).toMatchObject({ $type: 'app.bsky.embed.external', external: { uri: MEDIA_ARTICLE.url } });
    expect(await blobBytes(agent, did, embed!.external!.thumb!)).toEqual(preview.data);
  });

  it('fails, creating no post, when an upload fails midway; the retry uploads only the picture not yet recorded', async () => {
    const { agent, did, connection } = await connectedAccount();
    // The account's calls go through the relay, which sees them and fails the second upload.
    const relayed = { ...connection, connectionData: { ...connection.connectionData, pds: relay.url } };
    const pictures = [
      await outgoingImage({ mediaId: 'media-first', alt: 'A gull on the slipway' }),
      await outgoingImage({ mediaId: 'media-second', alt: 'Nets on the quay', width: 50 }),
    ];
    const first = outgoingPost({ images: pictures, index: 0, total: 3 });
    const calls = relay.record();
    let uploads = 0;
    relay.intercept(async (method, forward) =>
      method === 'com.atproto.repo.uploadBlob' && ++uploads === 2
        ? Response.json({ error: 'InternalServerError', message: 'Internal Server Error' }, { status: 500 })
        : forward(),
    );

    await expect(adapter.publishPost(relayed, first)).rejects.toThrow('Internal Server Error');
    const listed = await agent.com.atproto.repo.listRecords({ repo: did, collection: 'app.bsky.feed.post' });
    expect(listed.data.records).toEqual([]);
    const recorded = first.steps.at(-1)!;
    expect(Object.keys(recorded)).toEqual(['media-first']);

    relay.intercept(null);
    const retry = outgoingPost({ images: pictures, index: 0, total: 3, step: recorded });
    const made = await adapter.publishPost(relayed, retry);

    expect(calls).toEqual([
      'com.atproto.repo.uploadBlob',
      'com.atproto.repo.uploadBlob',
      'com.atproto.repo.uploadBlob',
      'com.atproto.repo.createRecord',
    ]);
    const { embed } = await recordOf(agent, made.id);
    const blobs = embed!.images!.map((image) => image.image);
    expect(blobs[0]!.ref.toString()).toBe(JSON.parse(recorded['media-first']!).ref.$link);
    expect(await blobBytes(agent, did, blobs[0]!)).toEqual(pictures[0]!.data);
    expect(await blobBytes(agent, did, blobs[1]!)).toEqual(pictures[1]!.data);
  });
});
