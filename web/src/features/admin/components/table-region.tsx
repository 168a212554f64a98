import type { ReactNode } from 'react';
import './admin.css';

/** A wide table's scroll box: focusable and named, so keyboard users can scroll it (axe: scrollable-region-focusable). */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll
    <section className="admin-table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
