/** The p-th percentile of ascending values (NaN for none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The median of some numbers (0 for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * How many times in a row a request waited on calls, given each call's [start, end]: calls that
 * overlap were waited for together (one round trip), a call started after all earlier ones ended is
 * another; and how long those waits took together (ms).
 */
export function sequentialWaits(calls: ReadonlyArray<readonly [number, number]>): { waits: number; ms: number } {
  const sorted = [...calls].sort((a, b) => a[0] - b[0]);
  let waits = 0;
  let ms = 0;
  let waveStart = Number.NEGATIVE_INFINITY;
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const [start, end] of sorted) {
    if (start >= waveEnd) {
      if (waits > 0) ms += waveEnd - waveStart;
      waits += 1;
      waveStart = start;
      waveEnd = end;
    } else waveEnd = Math.max(waveEnd, end);
  }
  if (waits > 0) ms += waveEnd - waveStart;
  return { waits, ms };
}
