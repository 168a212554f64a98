import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebmention, type WebmentionFetchOptions } from '#functions/services/public/webmention/send-webmention';
import { EXPECTED_ENDPOINTS, startWebmentionReceiver } from '#tests/fakes/webmention-server';

const SOURCE = 'https://threadsnip.example/t/AAAAAAAAAAAAAAAAAAAAAA';

describe('Webmention: discovery and the POST, against a local receiver', () => {
  let receiver: Awaited<ReturnType<typeof startWebmentionReceiver>>;
  let fetchOptions: WebmentionFetchOptions;

  beforeAll(async () => {
    receiver = await startWebmentionReceiver();
    // Only the receiver's own host:port may be private (as ALLOW_PRIVATE_FETCH_HOSTS allows it locally).
    fetchOptions = { allowPrivateHosts: [receiver.host], timeoutMs: 5_000 };
  });
  afterAll(() => receiver.close());

  it.each(Object.entries(EXPECTED_ENDPOINTS))(
    'case %s: finds %s and POSTs source and target there',
    async (id, endpoint) => {
      const target = `${receiver.url}/test/${id}`;
      const outcome = await sendWebmention(fetchOptions, SOURCE, target);

      expect(outcome).toMatchObject({ kind: 'sent', statusCode: 202 });
      expect(receiver.received.filter((mention) => mention.target === target)).toEqual([
        { endpoint, source: SOURCE, target },
      ]);
    },
  );

  it('reports an article that declares no endpoint, and POSTs nothing', async () => {
    receiver.page('plain', '<html><head><link rel="stylesheet" href="/s.css"></head><body>Text</body></html>');
    const before = receiver.received.length;

    expect(await sendWebmention(fetchOptions, SOURCE, `${receiver.url}/plain`)).toEqual({ kind: 'no_endpoint' });
    expect(receiver.received).toHaveLength(before);
  });

  it.each([
    ['a private address', 'http://10.0.0.7/webmention'],
    ['loopback under another name', 'http://localhost:9/webmention'],
    ['another scheme', 'ftp://example.com/webmention'],
  ])('never calls an endpoint at %s', async (_what, endpoint) => {
    receiver.page('private', `<html><head><link rel="webmention" href="${endpoint}"></head></html>`);

    expect(await sendWebmention(fetchOptions, SOURCE, `${receiver.url}/private`)).toMatchObject({ kind: 'blocked' });
  });

  it('refuses an article at a private address before reading it', async () => {
    expect(await sendWebmention(fetchOptions, SOURCE, 'http://192.168.1.20/article')).toMatchObject({
      kind: 'blocked',
    });
  });

  it('asks for a retry on a 5xx and reports a 4xx as refused', async () => {
    receiver.page('flaky', '<html><head><link rel="webmention" href="/endpoint/flaky"></head></html>');
    receiver.failNext(503, 400);

    expect(await sendWebmention(fetchOptions, SOURCE, `${receiver.url}/flaky`)).toMatchObject({
      kind: 'retry',
      statusCode: 503,
    });
    expect(await sendWebmention(fetchOptions, SOURCE, `${receiver.url}/flaky`)).toEqual({
      kind: 'refused',
      statusCode: 400,
    });
    expect(await sendWebmention(fetchOptions, SOURCE, `${receiver.url}/flaky`)).toMatchObject({ kind: 'sent' });
  });
});
