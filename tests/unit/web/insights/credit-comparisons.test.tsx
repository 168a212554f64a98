// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { creditComparisonsOf } from '#shared/insights/credit-comparisons';
import { creditSamples } from '#tests/helpers/credit-samples';
import { CreditComparisons } from '#web/features/insights/components/credit-comparisons';

afterEach(cleanup);

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

describe("/insights 'What works for your audience'", () => {
  it('shows a table per comparison with sample sizes, how many threads one still needs, and who was left out', () => {
    render(
      <CreditComparisons
        comparisons={creditComparisonsOf([
          ...creditSamples(5, 'bluesky', { linkPlacement: 'first-post-and-credit', quoted: true, creditReach: 0.62 }),
          ...creditSamples(4, 'bluesky', { linkClicks: 12 }),
          ...creditSamples(2, 'bluesky', { linkClicks: 12, plugFired: true }),
          ...creditSamples(2, 'mastodon', {}),
          { platform: 'mastodon', credit: null },
        ])}
      />,
    );

    const section = screen.getByRole('region', { name: 'What works for your audience' });
    expect(cells(within(section).getByRole('table', { name: 'Link placement on Bluesky' }))).toEqual([
      ['Credit made', 'Threads', 'Median credit reach', 'Link clicks (median)'],
      ['Link on the first post and in the credit post', '5', '62%', 'not reported'],
      ['Link in the credit post', '6', '50%', '12 (of 6 threads)'],
    ]);

    // Mastodon's other placement has no thread yet: no figure, how far it is, and the thread not counted.
    const mastodon = within(section).getByRole('region', { name: 'Link placement on Mastodon' });
    expect(within(mastodon).getByText('Not enough threads yet to compare (0 of 5)')).toBeTruthy();
    expect(cells(within(mastodon).getByRole('table'))).toEqual([
      ['Credit made', 'Threads'],
      ['Link in the credit post', '2'],
      ['Link on the first post and in the credit post', '0'],
    ]);
    expect(within(mastodon).queryByText(/%/)).toBeNull();
    expect(
      within(mastodon).getByText('1 thread left out: read before ThreadSnip kept where the link went.'),
    ).toBeTruthy();

    expect(cells(within(section).getByRole('table', { name: "Quoting the author's own post" })).slice(1)).toEqual([
      ["Author's post quoted", '5', '62%', 'not reported'],
      ['Not quoted', '8', '50%', '12 (of 6 threads)'],
    ]);

    // Two threads had the plug armed: the plug's comparison shows, still short of threads.
    const plug = within(section).getByRole('region', { name: 'The plug' });
    expect(within(plug).getByText('Not enough threads yet to compare (0 of 5)')).toBeTruthy();
    expect(within(plug).getByText('12 threads left out: no plug was armed.')).toBeTruthy();
  });

  it('has no plug comparison before any plug was armed, and no section when nothing can be compared', () => {
    render(<CreditComparisons comparisons={creditComparisonsOf(creditSamples(6, 'bluesky', {}))} />);
    expect(screen.getByRole('region', { name: 'What works for your audience' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'The plug' })).toBeNull();
    cleanup();

    const { container } = render(
      <CreditComparisons comparisons={creditComparisonsOf([{ platform: 'reddit', credit: null }])} />,
    );
    expect(container.textContent).toBe('');
  });
});
