import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../helpers/auth-client';
import { type StartedStack, startStack, waitUntilGroupEnds } from '../../helpers/local-stack';

describe('starting and stopping the local stack', () => {
  const started: StartedStack[] = [];
  afterEach(async () => {
    for (const stack of started.splice(0)) await stack.cleanup();
  });

  it('stops every process it started on Ctrl+C, even though the terminal signals them all', async () => {
    const stack = await startStack({ ownProcessGroup: true });
    started.push(stack);
    expect((await api(stack.url, '/api/health')).status).toBe(200);

    const exitCode = await stack.interrupt();

    expect(exitCode).toBe(0);
    expect(await waitUntilGroupEnds(stack.pid, 10_000)).toBe(true);
    expect(existsSync(path.join(stack.dataDir, 'local-stack.pid'))).toBe(false);
  });

  it('refuses a second stack on the same data folder with a clear message, and frees the folder on stop', async () => {
    const first = await startStack();
    started.push(first);

    await expect(startStack({ dataDir: first.dataDir })).rejects.toThrow(
      /ThreadSnip could not start: Another ThreadSnip \(process \d+\) is already running on the data folder/,
    );
    expect((await api(first.url, '/api/health')).status).toBe(200);

    await first.stop();
    const second = await startStack({ dataDir: first.dataDir });
    started.push(second);
    expect((await api(second.url, '/api/health')).status).toBe(200);
  });

  it('takes over a data folder left locked by a stack that was killed', async () => {
    const crashed = await startStack({ ownProcessGroup: true });
    await crashed.kill();
    expect(existsSync(path.join(crashed.dataDir, 'local-stack.pid'))).toBe(true);

    const restarted = await startStack({ dataDir: crashed.dataDir });
    started.push(restarted);
    expect((await api(restarted.url, '/api/health')).status).toBe(200);
    rmSync(crashed.dataDir, { recursive: true, force: true });
  });
});
