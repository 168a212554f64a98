import path from 'node:path';

/** The file, in the stack's data folder, where the local stack keeps every EMF line its handlers print. */
export function metricsLogPath(dataDir: string): string {
  return path.join(dataDir, 'metrics.jsonl');
}

/** True for a line Powertools Metrics printed (CloudWatch Embedded Metric Format). */
export function isEmfLine(line: string): boolean {
  return line.startsWith('{') && line.includes('"_aws":{"Timestamp"');
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
