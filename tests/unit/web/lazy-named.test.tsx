// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyNamed } from '#web/lib/lazy-named';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe('lazyNamed', () => {
  it('shows the fallback, then the named export with its props', async () => {
    const Lazy = lazyNamed(async () => ({ Greeting }), 'Greeting');

    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Ada" />
      </Suspense>,
    );

    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello, Ada')).toBeTruthy();
  });

  it('starts loading on preload(), before the component first renders', () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Lazy = lazyNamed(load, 'Greeting');

    Lazy.preload();

    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed preload to the render, which loads again', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ Greeting });
    const Lazy = lazyNamed(load, 'Greeting');

    Lazy.preload();
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Lazy name="Grace" />
      </Suspense>,
    );

    expect(await screen.findByText('Hello, Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
