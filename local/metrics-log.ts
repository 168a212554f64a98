import { appendFileSync } from 'node:fs';
import path from 'node:path';

/** The file, in the stack's data folder, where the local stack keeps every EMF line its handlers print. */
export function metricsLogPath(dataDir: string): string {
  return path.join(dataDir, 'metrics.jsonl');
}

/** True for a line Powertools Metrics printed (CloudWatch Embedded Metric Format). */
export function isEmfLine(line: string): boolean {
  return line.startsWith('{') && line.includes('"_aws":{"Timestamp"');
}

/**
 * Copies every EMF line the handlers print to stdout into `file` as well (they still reach the
 * terminal, as they reach CloudWatch Logs in the cloud), for `npm run metrics:local` to sum.
 * Returns the function that stops copying.
 */
export function keepEmfLines(file: string): () => void {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const lines = String(chunk).split('\n').filter(isEmfLine);
    if (lines.length > 0) appendFileSync(file, `${lines.join('\n')}\n`);
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}

interface EmfLine {
  _aws: { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** One row per metric and dimension values (besides the service and stage every line has). */
export function summariseEmf(
  lines: string[],
): { metric: string; dimensions: string; unit: string; values: number[] }[] {
  const rows = new Map<string, { metric: string; dimensions: string; unit: string; values: number[] }>();
  for (const line of lines.filter(isEmfLine)) {
    const emf = JSON.parse(line) as EmfLine;
    for (const directive of emf._aws.CloudWatchMetrics) {
      const names = [...new Set(directive.Dimensions.flat())].filter((name) => name !== 'service');
      const dimensions = names.map((name) => `${name}=${String(emf[name])}`).join(' ');
      for (const { Name, Unit } of directive.Metrics) {
        const raw = emf[Name];
        const values = (Array.isArray(raw) ? raw : [raw]).map(Number).filter(Number.isFinite);
        const key = `${Name}|${dimensions}`;
        const row = rows.get(key) ?? { metric: Name, dimensions, unit: Unit, values: [] };
        row.values.push(...values);
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) => a.metric.localeCompare(b.metric) || a.dimensions.localeCompare(b.dimensions),
  );
}
