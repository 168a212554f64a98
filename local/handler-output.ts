import { appendFileSync } from 'node:fs';
import { isEmfLine } from './metrics-log';

/** How the local stack prints the handlers' log lines: readable text, the cloud's JSON as is, or not at all. */
export type LocalLogFormat = 'text' | 'json' | 'quiet';

/** Powertools' own keys: shown in the line's fixed columns, or left out as noise on one machine. */
const FIXED_KEYS = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'function_name',
  'function_arn',
  'function_memory_size',
  'function_request_id',
  'cold_start',
  'sampling_rate',
  'xray_trace_id',
]);
const LEVEL_COLOURS: Record<string, number> = { DEBUG: 90, INFO: 36, WARN: 33, ERROR: 31, CRITICAL: 35 };
// Every local function is named `threadsnip-local-<kind>-<handler>`: the handler part says which.
const FUNCTION_PREFIX = /^threadsnip-[a-z0-9]+-/;

function fieldValue(value: unknown): string {
  if (value !== null && typeof value === 'object') {
    // Powertools' shape for an Error: its name, message and where it was thrown.
    const error = value as { name?: unknown; message?: unknown; location?: unknown };
    if (typeof error.message === 'string' && typeof error.name === 'string') {
      return JSON.stringify(`${error.name}: ${error.message}${error.location ? ` (${String(error.location)})` : ''}`);
    }
    return JSON.stringify(value);
  }
  const text = String(value);
  return /^[^\s"=]+$/.test(text) ? text : JSON.stringify(text);
}

function timeOf(timestamp: unknown): string {
  const date = new Date(typeof timestamp === 'number' || typeof timestamp === 'string' ? timestamp : Number.NaN);
  return Number.isNaN(date.getTime()) ? '--:--:--.---' : date.toISOString().slice(11, 23);
}

function parseObject(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * One Powertools JSON line (a log line or an EMF metric line) as one readable line: UTC time,
 * level, function, message, then the other fields as key=value. Any other line is returned as is.
 */
export function readableLogLine(line: string, colour = false): string {
  const entry = parseObject(line);
  if (!entry) return line;
  const paint = (code: number, text: string) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  if (isEmfLine(line)) {
    const directives = (entry._aws as { Timestamp: number; CloudWatchMetrics: { Metrics: { Name: string }[] }[] })
      .CloudWatchMetrics;
    const names = new Set(directives.flatMap((directive) => directive.Metrics.map((metric) => metric.Name)));
    const fields = Object.entries(entry)
      .filter(([key]) => key !== '_aws' && key !== 'service')
      .map(([key, value]) => `${names.has(key) ? paint(1, key) : key}=${fieldValue(value)}`);
    return `${timeOf((entry._aws as { Timestamp: number }).Timestamp)} ${paint(32, 'METRIC'.padEnd(5))} ${fields.join(' ')}`;
  }
  if (typeof entry.level !== 'string' || typeof entry.message !== 'string') return line;
  const level = entry.level.toUpperCase();
  const functionName = String(entry.function_name ?? entry.service ?? '-').replace(FUNCTION_PREFIX, '');
  const fields = Object.entries(entry)
    .filter(([key, value]) => !FIXED_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  return [
    timeOf(entry.timestamp),
    paint(LEVEL_COLOURS[level] ?? 0, level.padEnd(5)),
    paint(2, functionName),
    entry.message,
    ...fields,
  ].join(' ');
}

/**
 * Hooks the process's stdout and stderr, where the handlers' Powertools logger and metrics print:
 * every EMF line is also appended to `metricsFile` (for `npm run metrics:local`), and in `text`
 * format each JSON line is printed as one readable line (coloured on a terminal), in `quiet` none is
 * printed (benchmarks: the metrics still reach `metricsFile`). Lambda keeps JSON,
 * which CloudWatch needs. Returns the function that restores both streams.
 */
export function captureHandlerOutput(options: { metricsFile: string; format: LocalLogFormat }): () => void {
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream);
    const colour = Boolean(stream.isTTY) && !process.env.NO_COLOR;
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const lines = String(chunk).split('\n');
      const metricLines = stream === process.stdout ? lines.filter(isEmfLine) : [];
      if (metricLines.length > 0) appendFileSync(options.metricsFile, `${metricLines.join('\n')}\n`);
      const shown =
        options.format === 'quiet'
          ? lines.filter((line) => readableLogLine(line) === line)
          : options.format === 'text'
            ? lines.map((line) => readableLogLine(line, colour))
            : lines;
      const changed = shown.length !== lines.length || shown.some((line, index) => line !== lines[index]);
      if (!changed) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      // A chunk of held-back lines only (quiet) prints nothing at all.
      return shown.some(Boolean) ? (write as (...args: unknown[]) => boolean)(shown.join('\n'), ...rest) : true;
    }) as typeof stream.write;
    return () => {
      stream.write = write;
    };
  });
  return () => {
    for (const restore of restores) restore();
  };
}
