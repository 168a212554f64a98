import type { ReactNode } from 'react';

interface LoadingStateProps {
  /** What is loading, as read out ('Loading your threads…'). */
  children?: ReactNode;
  /** The element the line is: a page's block, a paragraph or a section standing for the page. */
  as?: 'div' | 'p' | 'section';
  className?: string;
  /** Show the spinner before the text. */
  spinner?: boolean;
  /** Announce the line as a status (role="status"); off for lines that were never a live region. */
  announced?: boolean;
}

/** A loading line: a spinner and its text, announced as a status, the same on every page. */
export function LoadingState({
  children = 'Loading…',
  as: Element = 'div',
  className = 'page-status',
  spinner = true,
  announced = true,
}: LoadingStateProps) {
  return (
    <Element className={className || undefined} role={announced ? 'status' : undefined}>
      {spinner ? (
        <>
          <span className="spinner" aria-hidden="true" />{' '}
        </>
      ) : null}
      {children}
    </Element>
  );
}
