/**
 * `npm run metrics:local [file]`: sums the metrics the local stack's handlers wrote (the EMF lines
 * CloudWatch would turn into metrics), from the running stack's data folder (DATA_DIR) or a file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readLocalConfig } from '../local/config';
import { metricsLogPath, summariseEmf } from '../local/metrics-log';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const file = process.argv[2] ?? metricsLogPath(readLocalConfig(process.env, []).dataDir);
if (!existsSync(file)) {
  console.error(`No metrics yet at ${file}: start the stack with \`npm start\` and use the app first.`);
  process.exit(1);
}
const rows = summariseEmf(readFileSync(file, 'utf8').split('\n'));
console.log(`Metrics from ${file}\n`);
console.table(
  rows.map(({ metric, dimensions, unit, values }) =>
    unit === 'Count'
      ? { metric, dimensions, total: values.reduce((sum, value) => sum + value, 0) }
      : {
          metric,
          dimensions,
          total: `${values.length} samples`,
          p50: `${Math.round(percentile(values, 50))} ${unit}`,
          p95: `${Math.round(percentile(values, 95))} ${unit}`,
          max: `${Math.round(Math.max(...values))} ${unit}`,
        },
  ),
);
