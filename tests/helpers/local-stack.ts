import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { hasExited, stopChildProcess } from '../../local/child-process';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StartedStack {
  url: string;
  /** The stack's mail catcher (read it with tests/helpers/mail-catcher.ts). */
  mailCatcherUrl: string;
  /** The stack's DynamoDB endpoint and table, to seed data. */
  dynamoEndpoint: string;
  tableName: string;
  /** The stack process (for memory readings). */
  pid: number;
  dataDir: string;
  /** Stops the stack; the data folder stays (for restart tests) until `cleanup`. */
  stop: () => Promise<void>;
  /**
   * Ctrl+C as a terminal sends it: SIGINT to the stack's whole process group (with `ownProcessGroup`).
   * Resolves with the stack's exit code once it has ended.
   */
  interrupt: () => Promise<number | null>;
  /** A crash: SIGKILL to the stack's whole process group (with `ownProcessGroup`); resolves once every process ended. */
  kill: () => Promise<void>;
  /** Stops the stack and deletes its data folder. */
  cleanup: () => Promise<void>;
  output: () => string;
}

export interface StackOptions {
  /** Reuse a data folder (to test a restart); a fresh temporary one otherwise. */
  dataDir?: string;
  web?: 'prod' | 'none';
  env?: Record<string, string>;
  /** Run the stack in a process group of its own, as a terminal runs `npm start` (for `interrupt`). */
  ownProcessGroup?: boolean;
}

/**
 * Starts `local/start.ts` in a child process on free ports with its own data folder, as `npm start`
 * would, and resolves once it prints its ready line. Never touches the developer's `.data/`.
 */
export async function startStack(options: StackOptions = {}): Promise<StartedStack> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'threadsnip-test-'));
  const args = ['--import', 'tsx', 'local/start.ts', options.web === 'prod' ? '--prod' : '--api-only'];
  // This test process may have pointed its own data layer somewhere (seedThreads sets TABLE_NAME,
  // ADMIN_EMAILS, …): the stack gets its settings from options.env, never from that.
  const {
    ADMIN_EMAILS: _adminEmails,
    TABLE_NAME: _tableName,
    DYNAMODB_ENDPOINT: _dynamoEndpoint,
    APP_PUBLIC_URL: _appPublicUrl,
    ...inherited
  } = process.env;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: rootDir,
    env: {
      ...inherited,
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
    detached: options.ownProcessGroup ?? false,
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output = (output + String(chunk)).slice(-20_000);
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const ready = await new Promise<{ url: string; mailCatcherUrl: string; dynamoEndpoint: string; tableName: string }>(
    (resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`local stack did not start in 60 s:\n${output}`)), 60_000);
      lines.on('line', (line) => {
        output = `${output}${line}\n`.slice(-20_000);
        const match = /^THREADSNIP_READY (.+)$/.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(JSON.parse(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`local stack exited (${code}):\n${output}`));
      });
    },
  );
  const stop = () => stopChildProcess(child);
  const interrupt = () =>
    new Promise<number | null>((resolve) => {
      if (hasExited(child)) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      process.kill(-(child.pid ?? 0), 'SIGINT');
    });
  const kill = async () => {
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    if (!(await waitUntilGroupEnds(child.pid ?? 0, 10_000))) throw new Error('the killed stack is still running');
  };
  const { url, mailCatcherUrl, dynamoEndpoint, tableName } = ready;
  return {
    url,
    mailCatcherUrl,
    dynamoEndpoint,
    tableName,
    pid: child.pid ?? 0,
    dataDir,
    stop,
    interrupt,
    kill,
    cleanup: async () => {
      await stop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    output: () => output,
  };
}

/** True while any process of the group led by `pid` still runs. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits until the process group led by `pid` has ended; false if it still runs after `timeoutMs`. */
export async function waitUntilGroupEnds(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !groupAlive(pid);
}
