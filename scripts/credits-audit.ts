/**
 * `npm run credits:audit`: recomputes every balance from its ledger and prints each difference;
 * exits 1 if there is any. Reads the running table at DYNAMODB_ENDPOINT + TABLE_NAME when set,
 * otherwise opens the local stack's data folder (DATA_DIR, default .data) while the stack is stopped.
 */
import path from 'node:path';
import { applyLocalAwsEnv } from '../local/aws-env';
import { claimDataDir } from '../local/data-dir-lock';
import { ensureTable, startDynalite } from '../local/dynamo';
import { freePort } from '../local/ports';
import { TABLE_NAME } from '../local/stack';

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

const { auditCreditBalances } = await import('../functions/services/credits/audit');
try {
  const { checked, differences } = await auditCreditBalances();
  for (const d of differences) {
    console.log(
      `${d.userId}: stored ${d.storedAvailable} available / ${d.storedUsed} used; ledger ${d.ledgerAvailable} / ${d.ledgerUsed}`,
    );
  }
  console.log(`${checked} balances checked, ${differences.length} differing from their ledger`);
  process.exitCode = differences.length > 0 ? 1 : 0;
} finally {
  for (const stop of stops.reverse()) await stop();
}
