import type { ReactNode } from 'react';

interface ErrorStateProps {
  /** The failure as the user reads it (a sentence, or a heading with its actions). */
  children: ReactNode;
  /** The element the message is: a paragraph, or a section standing for the whole page. */
  as?: 'div' | 'p' | 'section';
  className?: string;
  /** Announce the message as an alert (role="alert"); off for lines that were never a live region. */
  announced?: boolean;
}

/** A failed load or action: the message in the error notice, announced as an alert. */
export function ErrorState({
  children,
  as: Element = 'p',
  className = 'notice notice--error',
  announced = true,
}: ErrorStateProps) {
  return (
    <Element className={className || undefined} role={announced ? 'alert' : undefined}>
      {children}
    </Element>
  );
}
