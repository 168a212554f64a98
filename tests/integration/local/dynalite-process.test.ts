import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_AWS_ENV } from '#local/aws-env';
import { startDynaliteProcess } from '#local/dynamo';
import { freePort } from '#local/ports';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-dynalite-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the local stack's dynalite process", () => {
  it('ends with the process that started it, even one killed with SIGKILL, and frees its data folder', async () => {
    // A stand-in for the stack's process: starts dynalite on the folder and prints the child's pid.
    const port = await freePort();
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { startDynaliteProcess } from './local/dynamo.ts';
         await startDynaliteProcess(${port}, ${JSON.stringify(path.join(dataDir, 'dynamodb'))});
         const { execSync } = await import('node:child_process');
         console.log(execSync('pgrep -P ' + process.pid).toString().trim());
         setInterval(() => {}, 1000);`,
      ],
      { cwd: rootDir, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [firstLine] = (await once(readline.createInterface({ input: owner.stdout! }), 'line')) as [string];
    const dynalitePid = Number(firstLine);
    expect(isRunning(dynalitePid)).toBe(true);

    owner.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    while (isRunning(dynalitePid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));

    expect(isRunning(dynalitePid)).toBe(false);
    // The LevelDB lock is free: a new dynalite opens the same folder and answers.
    const again = await startDynaliteProcess(await freePort(), path.join(dataDir, 'dynamodb'));
    try {
      const client = new DynamoDBClient({
        region: LOCAL_AWS_ENV.AWS_REGION,
        endpoint: again.endpoint,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
