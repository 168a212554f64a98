// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#web/components/ui/toast-provider';
import type { ToastInput } from '#web/components/ui/toast-store';
import { useToast } from '#web/components/ui/use-toast';

let show: (input: ToastInput) => string = () => '';

function Trigger() {
  show = useToast().toast;
  return null;
}

function renderToaster() {
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
}

function toastItem(title: string): HTMLElement {
  const element = screen.getByText(title).closest<HTMLElement>('.toast');
  if (!element) throw new Error(`no toast titled ${title}`);
  return element;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('closes a default toast after 5 s and removes it 2000 ms later', () => {
    renderToaster();
    act(() => void show({ title: 'Saved draft' }));
    expect(toastItem('Saved draft').dataset.state).toBe('open');

    act(() => vi.advanceTimersByTime(4999));
    expect(toastItem('Saved draft').dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(toastItem('Saved draft').dataset.state).toBe('closed');

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.queryByText('Saved draft')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved draft')).toBeNull();
  });

  it('closes a success toast after 2 s', () => {
    renderToaster();
    act(() => void show({ title: 'Thread saved', variant: 'success' }));
    act(() => vi.advanceTimersByTime(1999));
    expect(toastItem('Thread saved').dataset.state).toBe('open');
    act(() => vi.advanceTimersByTime(1));
    expect(toastItem('Thread saved').dataset.state).toBe('closed');
  });

  it('shows one toast at a time', () => {
    renderToaster();
    act(() => void show({ title: 'First' }));
    act(() => void show({ title: 'Second' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('announces destructive toasts as alerts and others as status', () => {
    renderToaster();
    act(() => void show({ title: 'Sign in failed', description: 'Nope', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Sign in failed');
    act(() => void show({ title: 'Signed out', variant: 'info' }));
    expect(screen.getByRole('status').textContent).toContain('Signed out');
  });

  it('dismisses with the close button', () => {
    renderToaster();
    act(() => void show({ title: 'Closable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(toastItem('Closable').dataset.state).toBe('closed');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Closable')).toBeNull();
  });

  it('dismisses on a swipe longer than 50 px, not a shorter one', () => {
    renderToaster();
    act(() => void show({ title: 'Swipe me' }));
    const item = toastItem('Swipe me');
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 140, pointerId: 1 });
    expect(item.dataset.state).toBe('open');

    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 151, pointerId: 1 });
    expect(item.dataset.state).toBe('closed');
  });
});
