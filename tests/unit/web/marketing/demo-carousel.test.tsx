// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '#web/features/marketing/routes/landing-page';

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/**
 * Lets `ms` of fake time pass one millisecond at a time, each in its own act(), so React renders
 * and re-arms its timers at the moment they fire, as in a browser, instead of at the end of a jump.
 */
function wait(ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 1) {
    act(() => {
      vi.advanceTimersByTime(1);
    });
  }
}

/** The title of the slide on show, from its accessible name ('3 of 4: Ready to Share'). */
function shownSlide(): string {
  const slide = screen.getByRole('group', { name: /^\d of 4: / });
  return (slide.getAttribute('aria-label') ?? '').replace(/^\d of 4: /, '');
}

const stepButton = (step: number) => screen.getByRole('button', { name: new RegExp(`^Step ${step}: `) });

describe('landing demo carousel', () => {
  it('names its four steps on numbered buttons and marks the current one', () => {
    const names = [1, 2, 3, 4].map((step) => stepButton(step).getAttribute('aria-label'));
    expect(names).toEqual([
      'Step 1: Paste URL',
      'Step 2: Generate thread',
      'Step 3: Ready to share',
      'Step 4: Multi-platform sharing',
    ]);
    expect(stepButton(1).getAttribute('aria-current')).toBe('step');
    expect(stepButton(2).hasAttribute('aria-current')).toBe(false);
  });

  it('advances on the exact dwell times 2500, 1750, 4000 and 3500 ms, then wraps', () => {
    expect(shownSlide()).toBe('Paste Article URL');
    wait(2_499);
    expect(shownSlide()).toBe('Paste Article URL');
    wait(1);
    expect(shownSlide()).toBe('AI Generates Thread');
    wait(1_749);
    expect(shownSlide()).toBe('AI Generates Thread');
    wait(1);
    expect(shownSlide()).toBe('Ready to Share');
    wait(3_999);
    expect(shownSlide()).toBe('Ready to Share');
    wait(1);
    expect(shownSlide()).toBe('Share Everywhere');
    expect(stepButton(4).getAttribute('aria-current')).toBe('step');
    wait(3_499);
    expect(shownSlide()).toBe('Share Everywhere');
    wait(1);
    expect(shownSlide()).toBe('Paste Article URL');
  });

  it('jumps to a step from its numbered button and stops advancing', () => {
    fireEvent.click(stepButton(3));

    expect(shownSlide()).toBe('Ready to Share');
    expect(stepButton(3).getAttribute('aria-current')).toBe('step');
    expect(stepButton(1).hasAttribute('aria-current')).toBe(false);
    wait(9_999);
    expect(shownSlide()).toBe('Ready to Share');
  });

  it('resumes auto-play after 10 s without interaction, and not before', () => {
    fireEvent.click(stepButton(3));

    // Resumed at 10 s, the slide then stays its full 4000 ms dwell time.
    wait(10_000 + 3_999);
    expect(shownSlide()).toBe('Ready to Share');
    wait(1);
    expect(shownSlide()).toBe('Share Everywhere');
  });

  it('counts the 10 s from the latest interaction', () => {
    fireEvent.click(stepButton(2));
    wait(5_500);
    fireEvent.keyDown(stepButton(2), { key: 'Shift' });

    wait(10_000 + 1_749);
    expect(shownSlide()).toBe('AI Generates Thread');
    wait(1_000 + 1);
    expect(shownSlide()).toBe('Ready to Share');
  });

  it('stays paused after Pause demo until Play demo is pressed', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Pause demo' }));

    wait(60_000);
    expect(shownSlide()).toBe('Paste Article URL');

    fireEvent.click(screen.getByRole('button', { name: 'Play demo' }));
    wait(2_500);
    expect(shownSlide()).toBe('AI Generates Thread');
  });

  it('names the landing share targets in the multi-platform step', () => {
    fireEvent.click(stepButton(4));

    const slide = screen.getByRole('group', { name: '4 of 4: Share Everywhere' });
    for (const platform of ['Reddit', 'Mastodon', 'Bluesky', 'Discord']) {
      expect(slide.textContent).toContain(platform);
    }
    expect(
      screen.getByRole('img', { name: 'The thread posted successfully to Reddit, Mastodon, Bluesky and Discord' }),
    ).toBeTruthy();
  });
});
