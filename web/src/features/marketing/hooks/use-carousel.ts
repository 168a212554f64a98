import { useCallback, useEffect, useReducer } from 'react';

/** Auto-play resumes after this long without user interaction. */
export const IDLE_RESUME_MS = 10_000;

/** How often a paused carousel checks whether the user has been idle long enough. */
export const IDLE_CHECK_INTERVAL_MS = 1_000;

/**
 * playing: slides advance on their dwell times; paused: the user interacted, auto-play resumes
 * once they have been idle for IDLE_RESUME_MS; stopped: the user pressed Pause, only Play resumes.
 */
export type AutoPlay = 'playing' | 'paused' | 'stopped';

/** What the carousel shows and whether it moves on by itself. */
export interface CarouselState {
  readonly count: number;
  readonly index: number;
  readonly autoPlay: AutoPlay;
  /** Epoch milliseconds of the last user interaction; read only while paused. */
  readonly lastInteractionAt: number;
}

/** Everything that can happen to the carousel; times are epoch milliseconds supplied by the caller. */
export type CarouselAction =
  | { type: 'advance'; from: number }
  | { type: 'interact'; at: number }
  | { type: 'goTo'; index: number; at: number }
  | { type: 'idleCheck'; at: number }
  | { type: 'stop' }
  | { type: 'play' };

/** The state of a carousel of `count` slides: first slide, playing. */
export function initialCarouselState(count: number): CarouselState {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`A carousel needs at least one slide, got ${count}`);
  return { count, index: 0, autoPlay: 'playing', lastInteractionAt: 0 };
}

function touched(state: CarouselState, at: number): CarouselState {
  // An explicit Pause outlasts later interactions: only Play undoes it.
  return { ...state, lastInteractionAt: at, autoPlay: state.autoPlay === 'stopped' ? 'stopped' : 'paused' };
}

/** Pure transition function of the carousel; returns the same object when nothing changes. */
export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'advance':
      // A dwell timer armed for a slide the user has since left must not skip the new one.
      if (state.autoPlay !== 'playing' || action.from !== state.index) return state;
      return { ...state, index: (state.index + 1) % state.count };
    case 'interact':
      return touched(state, action.at);
    case 'goTo': {
      const next = touched(state, action.at);
      const valid = Number.isInteger(action.index) && action.index >= 0 && action.index < state.count;
      return valid ? { ...next, index: action.index } : next;
    }
    case 'idleCheck':
      if (state.autoPlay !== 'paused' || action.at - state.lastInteractionAt < IDLE_RESUME_MS) return state;
      return { ...state, autoPlay: 'playing' };
    case 'stop':
      return state.autoPlay === 'stopped' ? state : { ...state, autoPlay: 'stopped' };
    case 'play':
      return state.autoPlay === 'playing' ? state : { ...state, autoPlay: 'playing' };
  }
}

/** The carousel as a component sees it. */
export interface Carousel {
  index: number;
  autoPlay: AutoPlay;
  /** Shows a slide and pauses auto-play like any interaction. */
  goTo: (index: number) => void;
  /** Records a user interaction: pauses auto-play until the user is idle again. */
  interact: () => void;
  /** Stops auto-play until play() is called. */
  stop: () => void;
  play: () => void;
}

/**
 * Auto-advancing carousel: slide i stays for dwellTimesMs[i], then the next one shows (wrapping).
 * An interaction pauses it; a check every IDLE_CHECK_INTERVAL_MS resumes it after IDLE_RESUME_MS idle.
 */
export function useCarousel(dwellTimesMs: readonly number[], now: () => number = Date.now): Carousel {
  const [state, dispatch] = useReducer(carouselReducer, dwellTimesMs.length, initialCarouselState);
  const { index, autoPlay } = state;
  const dwell = dwellTimesMs[index] ?? 0;

  useEffect(() => {
    if (autoPlay !== 'playing') return;
    const timer = setTimeout(() => dispatch({ type: 'advance', from: index }), dwell);
    return () => clearTimeout(timer);
  }, [autoPlay, index, dwell]);

  useEffect(() => {
    if (autoPlay !== 'paused') return;
    const timer = setInterval(() => dispatch({ type: 'idleCheck', at: now() }), IDLE_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoPlay, now]);

  const goTo = useCallback((target: number) => dispatch({ type: 'goTo', index: target, at: now() }), [now]);
  const interact = useCallback(() => dispatch({ type: 'interact', at: now() }), [now]);
  const stop = useCallback(() => dispatch({ type: 'stop' }), []);
  const play = useCallback(() => dispatch({ type: 'play' }), []);

  return { index, autoPlay, goTo, interact, stop, play };
}
