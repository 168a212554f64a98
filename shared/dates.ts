/** The UTC calendar date (YYYY-MM-DD) of an instant: free credits refresh at midnight UTC. */
export function utcDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The UTC date `days` after the given YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return utcDate(next);
}
