import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '#functions/services/platforms/platform-adapter';

const now = new Date('2026-11-23T12:00:00Z');
const epochIn = (seconds: number) => String(now.getTime() / 1000 + seconds);

describe('how long a rate-limited platform asks us to wait', () => {
  it('reads x-ratelimit-reset as an epoch by default (Discord, Mastodon)', () => {
    expect(retryAfterSeconds(new Headers({ 'x-ratelimit-reset': epochIn(42) }), now)).toBe(42);
  });

  it('reads X’s x-rate-limit-reset as an epoch', () => {
    expect(retryAfterSeconds(new Headers({ 'x-rate-limit-reset': epochIn(900) }), now)).toBe(900);
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterSeconds(new Headers({ 'retry-after': '7' }), now)).toBe(7);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Mon, 23 Nov 2026 12:01:00 GMT' }), now)).toBe(60);
  });

  it('reads Reddit’s x-ratelimit-reset as seconds from now, not as a time in 1970', () => {
    const headers = new Headers({ 'x-ratelimit-reset': '120', 'x-ratelimit-remaining': '0' });
    expect(retryAfterSeconds(headers, now, 30, 'seconds-from-now')).toBe(120);
    expect(retryAfterSeconds(headers, now)).toBe(1);
  });

  it('never waits less than a second for a reset already past', () => {
    expect(retryAfterSeconds(new Headers({ 'x-rate-limit-reset': epochIn(-30) }), now)).toBe(1);
  });

  it('prefers Retry-After, and falls back when no header says', () => {
    expect(
      retryAfterSeconds(new Headers({ 'retry-after': '7', 'x-ratelimit-reset': '120' }), now, 30, 'seconds-from-now'),
    ).toBe(7);
    expect(retryAfterSeconds(new Headers(), now, 60, 'seconds-from-now')).toBe(60);
  });
});
