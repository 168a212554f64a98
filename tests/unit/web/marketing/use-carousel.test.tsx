// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type CarouselState,
  carouselReducer,
  IDLE_RESUME_MS,
  initialCarouselState,
  useCarousel,
} from '#web/features/marketing/hooks/use-carousel';

describe('carouselReducer', () => {
  const playing: CarouselState = initialCarouselState(4);

  it('starts on the first slide, playing, and refuses an empty carousel', () => {
    expect(playing).toMatchObject({ index: 0, autoPlay: 'playing' });
    expect(() => initialCarouselState(0)).toThrow(RangeError);
  });

  it('advances while playing and wraps after the last slide', () => {
    const last = { ...playing, index: 3 };
    expect(carouselReducer(playing, { type: 'advance', from: 0 }).index).toBe(1);
    expect(carouselReducer(last, { type: 'advance', from: 3 }).index).toBe(0);
  });

  it('ignores an advance armed for another slide or arriving while paused', () => {
    expect(carouselReducer(playing, { type: 'advance', from: 2 })).toBe(playing);
    const paused = carouselReducer(playing, { type: 'interact', at: 1_000 });
    expect(carouselReducer(paused, { type: 'advance', from: 0 })).toBe(paused);
  });

  it('jumps on goTo, pausing auto-play, and keeps the slide for an index out of range', () => {
    const jumped = carouselReducer(playing, { type: 'goTo', index: 2, at: 5_000 });
    expect(jumped).toMatchObject({ index: 2, autoPlay: 'paused', lastInteractionAt: 5_000 });
    expect(carouselReducer(jumped, { type: 'goTo', index: 4, at: 6_000 })).toMatchObject({ index: 2 });
    expect(carouselReducer(jumped, { type: 'goTo', index: -1, at: 6_000 })).toMatchObject({ index: 2 });
  });

  it('resumes on an idle check only once the last interaction is IDLE_RESUME_MS old', () => {
    const paused = carouselReducer(playing, { type: 'interact', at: 50_000 });
    expect(carouselReducer(paused, { type: 'idleCheck', at: 50_000 + IDLE_RESUME_MS - 1 }).autoPlay).toBe('paused');
    expect(carouselReducer(paused, { type: 'idleCheck', at: 50_000 + IDLE_RESUME_MS }).autoPlay).toBe('playing');
  });

  it('keeps an explicit stop through interactions and idle checks until play', () => {
    const stopped = carouselReducer(playing, { type: 'stop' });
    const touched = carouselReducer(stopped, { type: 'interact', at: 1_000 });
    expect(touched.autoPlay).toBe('stopped');
    expect(carouselReducer(touched, { type: 'idleCheck', at: 1_000_000 }).autoPlay).toBe('stopped');
    expect(carouselReducer(touched, { type: 'play' }).autoPlay).toBe('playing');
  });
});

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const tick = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('keeps advancing when consecutive slides have the same dwell time', () => {
    const { result } = renderHook(() => useCarousel([300, 300, 300]));

    tick(300);
    expect(result.current.index).toBe(1);
    tick(300);
    expect(result.current.index).toBe(2);
    tick(300);
    expect(result.current.index).toBe(0);
  });

  it('pauses on interaction and resumes at the first 1 s check after 10 s idle', () => {
    let clock = 0;
    const { result } = renderHook(() => useCarousel([500, 500], () => clock));
    const advanceClock = (ms: number) => {
      clock += ms;
      tick(ms);
    };

    act(() => result.current.interact());
    advanceClock(9_999);
    expect(result.current.autoPlay).toBe('paused');
    expect(result.current.index).toBe(0);

    advanceClock(1);
    expect(result.current.autoPlay).toBe('playing');
    advanceClock(500);
    expect(result.current.index).toBe(1);
  });

  it('restarts the idle wait on every interaction', () => {
    const { result } = renderHook(() => useCarousel([500, 500]));

    act(() => result.current.interact());
    tick(4_500);
    act(() => result.current.interact());
    tick(9_000);
    expect(result.current.autoPlay).toBe('paused');

    tick(2_000);
    expect(result.current.autoPlay).toBe('playing');
  });
});
