import { vi } from 'vitest';

/**
 * Captures what the process writes to stdout and stderr (where Powertools' logger and metrics
 * print) while `run` runs, as the JSON lines CloudWatch would receive.
 */
export async function captureJsonLines(run: () => Promise<unknown> | unknown): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n'));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run();
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}
