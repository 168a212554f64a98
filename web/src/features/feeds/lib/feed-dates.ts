/** A date as the inbox and the feeds list show it ('Mar 4, 2026, 9:30 AM'), in the browser's zone. */
export function formatFeedDate(iso: string | null): string {
  if (!iso) return 'never';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
