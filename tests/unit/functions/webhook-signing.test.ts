import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { maskLogValue } from '#functions/lib/logger';
import { newWebhookSecret, payloadBody, signedHeaders, webhookMessageId } from '#functions/services/webhooks/signing';

const payload = {
  type: 'thread.published' as const,
  timestamp: '2026-11-28T09:00:00.000Z',
  data: { threadId: 't1', platform: 'bluesky', postUrls: ['https://bsky.app/profile/a/post/1'] },
};

describe('a webhook secret', () => {
  it('is whsec_ and the base64 of 32 random bytes, new every time, and accepted by the reference library', () => {
    const secrets = Array.from({ length: 20 }, () => newWebhookSecret());

    expect(new Set(secrets).size).toBe(20);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect(() => new Webhook(secret)).not.toThrow();
      // Never in a log line, even inside a message or under an innocent-looking field.
      expect(String(maskLogValue('detail', `sent with ${secret} today`))).not.toContain(secret.slice(6, 20));
    }
  });
});

describe('a webhook message id', () => {
  it('is the same for one event and endpoint on every try, and differs for another endpoint or event', () => {
    const id = webhookMessageId('event-1', 'wh_a');

    expect(webhookMessageId('event-1', 'wh_a')).toBe(id);
    expect(webhookMessageId('event-1', 'wh_b')).not.toBe(id);
    expect(webhookMessageId('event-2', 'wh_a')).not.toBe(id);
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{32}$/);
  });
});

describe('a signed delivery', () => {
  const sentAt = new Date();
  const body = payloadBody(payload);

  it('is the JSON { type, timestamp, data } the Standard Webhooks verifier accepts with the secret', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders('msg_1', body, [secret], sentAt);

    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(sentAt.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual(payload);
  });

  it('is refused by the verifier with another secret, an altered body or another id', () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders('msg_1', body, [secret], sentAt);

    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body.replace('t1', 't2'), headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow(
      WebhookVerificationError,
    );
  });

  it('carries one signature per secret during a rotation, each verifying on its own', () => {
    const previous = newWebhookSecret();
    const current = newWebhookSecret();
    const headers = signedHeaders('msg_1', body, [current, previous], sentAt);

    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(payload);
    expect(new Webhook(previous).verify(body, headers)).toEqual(payload);
  });

  it('needs a secret', () => {
    expect(() => signedHeaders('msg_1', body, [], sentAt)).toThrow();
  });
});
