/**
 * `npm run credits:audit`: recomputes every balance from its ledger and prints each difference;
 * exits 1 if there is any. Reads the running table at DYNAMODB_ENDPOINT + TABLE_NAME when set,
 * otherwise opens the local stack's data folder (DATA_DIR, default .data) while the stack is stopped.
 */
import { openTableForScript } from './lib/open-table';

const close = await openTableForScript();
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
  await close();
}
