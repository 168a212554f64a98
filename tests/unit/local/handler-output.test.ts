import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '#functions/lib/logger';
import { countBy } from '#functions/lib/metrics';
import { captureHandlerOutput, type LocalLogFormat, readableLogLine } from '#local/handler-output';

const context = {
  functionName: 'threadsnip-local-queue-generation-worker',
  awsRequestId: 'request-1',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:threadsnip-local-queue-generation-worker',
  memoryLimitInMB: '1024',
} as Context;

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Runs `emit` with the local stack's output hook installed over a terminal stand-in; returns what it printed. */
function printedBy(format: LocalLogFormat, emit: () => void) {
  const folder = mkdtempSync(path.join(tmpdir(), 'threadsnip-output-'));
  folders.push(folder);
  const metricsFile = path.join(folder, 'metrics.jsonl');
  const printed: string[] = [];
  const collect = (chunk: string | Uint8Array) => {
    printed.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(collect);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(collect);
  const restore = captureHandlerOutput({ metricsFile, format });
  try {
    emit();
  } finally {
    restore();
    out.mockRestore();
    err.mockRestore();
  }
  return { printed, metricsFile };
}

function logAndCount() {
  logger.addContext(context);
  logger.setCorrelationId('corr-42');
  logger.info('generation job queued', { jobId: 'job-7', title: 'Two words' });
  logger.error('queue record failed', { error: new TypeError('boom') });
  countBy('GenerationFailed', { reason: 'busy' });
  logger.resetKeys();
}

describe("the local stack's handler output", () => {
  it('prints each log line as one readable line: time, level, function, message, key fields', () => {
    const { printed } = printedBy('text', logAndCount);

    expect(printed).toHaveLength(3);
    expect(printed[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}queue-generation-worker generation job queued correlation_id=corr-42 jobId=job-7 title="Two words"$/,
    );
    expect(printed[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} ERROR queue-generation-worker queue record failed /);
    expect(printed[1]).toContain('error="TypeError: boom (');
    expect(printed[2]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} METRIC stage=local reason=busy GenerationFailed=1$/);
    expect(printed.join('\n')).not.toContain('function_request_id');
  });

  it('keeps every EMF line as JSON in the metrics file, whichever the format', () => {
    for (const format of ['text', 'json', 'quiet'] as const) {
      const { metricsFile } = printedBy(format, logAndCount);
      const kept = readFileSync(metricsFile, 'utf8').trim().split('\n');

      expect(kept).toHaveLength(1);
      expect(JSON.parse(kept[0]!)).toMatchObject({ GenerationFailed: 1, reason: 'busy', stage: 'local' });
    }
  });

  it("prints the cloud's JSON unchanged in json format", () => {
    const { printed } = printedBy('json', logAndCount);

    expect(printed.map((line) => JSON.parse(line))).toMatchObject([
      { level: 'INFO', message: 'generation job queued', jobId: 'job-7' },
      { level: 'ERROR', message: 'queue record failed' },
      { GenerationFailed: 1 },
    ]);
  });

  it('prints no handler line in quiet format, and everything else the process prints', () => {
    const { printed } = printedBy('quiet', () => {
      logAndCount();
      process.stdout.write('readings per second: 120\n');
    });

    expect(printed).toEqual(['readings per second: 120']);
  });

  it('leaves lines that are not Powertools JSON as they are', () => {
    expect(readableLogLine('  ThreadSnip is running at http://localhost:3000')).toBe(
      '  ThreadSnip is running at http://localhost:3000',
    );
    expect(readableLogLine('{"not":"a log line"}')).toBe('{"not":"a log line"}');
    expect(readableLogLine('{broken')).toBe('{broken');
  });
});
