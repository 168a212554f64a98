import { describe, expect, it } from 'vitest';
import { isPlatform, PLATFORM_DISPLAY_NAMES } from '#shared/platforms';
import { PLATFORMS } from '#shared/schemas/thread';

describe('platforms', () => {
  it('names every platform, twitter as Twitter/X', () => {
    expect(Object.keys(PLATFORM_DISPLAY_NAMES).sort()).toEqual([...PLATFORMS].sort());
    expect(PLATFORM_DISPLAY_NAMES.twitter).toBe('Twitter/X');
  });

  it('recognises platform ids only', () => {
    expect(isPlatform('reddit')).toBe(true);
    expect(isPlatform('Twitter/X')).toBe(false);
    expect(isPlatform('myspace')).toBe(false);
    expect(isPlatform(null)).toBe(false);
  });
});
