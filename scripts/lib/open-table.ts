import path from 'node:path';
import { applyLocalAwsEnv } from '../../local/aws-env';
import { claimDataDir } from '../../local/data-dir-lock';
import { ensureTable, startDynalite } from '../../local/dynamo';
import { freePort } from '../../local/ports';
import { TABLE_NAME } from '../../local/stack';

/**
 * Points the functions' data modules at a table for an offline script: a deployed table when only
 * TABLE_NAME is set (reached with the caller's own AWS credentials and region, unchanged, as
 * `npm run cdk -- deploy` uses them), the running local table at DYNAMODB_ENDPOINT + TABLE_NAME, or
 * else the local stack's data folder (DATA_DIR, default .data), opened while the stack is stopped.
 * Import the data modules after it; call the returned function when done.
 */
export async function openTableForScript(): Promise<() => Promise<void>> {
  if (process.env.TABLE_NAME && !process.env.DYNAMODB_ENDPOINT) {
    process.env.APP_PUBLIC_URL ??= 'http://localhost:3000';
    return async () => {};
  }
  applyLocalAwsEnv();
  const stops: Array<() => unknown> = [];
  if (!process.env.DYNAMODB_ENDPOINT) {
    const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
    stops.push(claimDataDir(dataDir));
    const dynamo = await startDynalite(await freePort(), path.join(dataDir, 'dynamodb'));
    stops.push(dynamo.close);
    await ensureTable(dynamo.endpoint, TABLE_NAME);
    Object.assign(process.env, { DYNAMODB_ENDPOINT: dynamo.endpoint, TABLE_NAME });
  }
  process.env.APP_PUBLIC_URL ??= 'http://localhost:3000';
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
