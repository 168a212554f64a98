import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartedStack {
  url: string;
  /** The stack process (for memory readings). */
  pid: number;
  dataDir: string;
  /** Stops the stack; the data folder stays (for restart tests) until `cleanup`. */
  stop: () => Promise<void>;
  /** Stops the stack and deletes its data folder. */
  cleanup: () => Promise<void>;
  output: () => string;
}

export interface StackOptions {
  /** Reuse a data folder (to test a restart); a fresh temporary one otherwise. */
  dataDir?: string;
  web?: 'prod' | 'none';
  env?: Record<string, string>;
}

/**
 * Starts `local/start.ts` in a child process on free ports with its own data folder, as `npm start`
 * would, and resolves once it prints its ready line. Never touches the developer's `.data/`.
 */
export async function startStack(options: StackOptions = {}): Promise<StartedStack> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'threadsnip-test-'));
  const args = ['--import', 'tsx', 'local/start.ts', options.web === 'prod' ? '--prod' : '--api-only'];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: rootDir,
    env: {
      ...process.env,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_EC2_METADATA_DISABLED: 'true',
      PORT: '0',
      DATA_DIR: dataDir,
      LOCAL_QUEUE_RETRY_SECONDS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output = (output + String(chunk)).slice(-20_000);
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack did not start in 60 s:\n${output}`)), 60_000);
    lines.on('line', (line) => {
      output = (output + line + '\n').slice(-20_000);
      const ready = /^THREADSNIP_READY (.+)$/.exec(line);
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve((JSON.parse(ready[1]) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited (${code}):\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    url,
    pid: child.pid ?? 0,
    dataDir,
    stop,
    cleanup: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}
