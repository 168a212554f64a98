import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../../functions/services/publishing/platform-adapter';

const now = new Date('2026-11-23T12:00:00Z');
const epoch = (offsetSeconds: number) => String(now.getTime() / 1000 + offsetSeconds);

describe('how long a platform asks us to wait', () => {
  it('reads Retry-After in seconds or as a date, and either reset header as epoch seconds', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }), now)).toBe(7);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 12:01:00 GMT' }), now)).toBe(60);
    // Reddit, Discord and Mastodon name it x-ratelimit-reset; X names it x-rate-limit-reset.
    expect(retryAfterSeconds(new Headers({ 'x-ratelimit-reset': epoch(90) }), now)).toBe(90);
    expect(retryAfterSeconds(new Headers({ 'x-rate-limit-reset': epoch(900) }), now)).toBe(900);
  });

  it('never waits less than a second, and falls back when no header says', () => {
    expect(retryAfterSeconds(new Headers({ 'x-rate-limit-reset': epoch(-30) }), now)).toBe(1);
    expect(retryAfterSeconds(new Headers(), now, 45)).toBe(45);
  });
});
