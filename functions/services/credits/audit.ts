import { listLedgerForUser, scanAllCredits } from '../../data/credits-repository';

/** One balance that its ledger does not explain. */
export interface CreditDifference {
  userId: string;
  /** Free plus paid plus the credits reserved for running auto-drafts (still owned), as stored. */
  storedAvailable: number;
  /** The sum of every ledger entry. */
  ledgerAvailable: number;
  storedUsed: number;
  /** Credits spent according to the ledger's usage entries. */
  ledgerUsed: number;
}

/**
 * Re-derives every balance from its ledger: the available credits (reserved ones included) must
 * equal the sum of all entries, and the used count the usage entries. Returns each balance that differs.
 */
export async function auditCreditBalances(): Promise<{ checked: number; differences: CreditDifference[] }> {
  const differences: CreditDifference[] = [];
  let checked = 0;
  for await (const balance of scanAllCredits()) {
    checked++;
    let ledgerAvailable = 0;
    let ledgerUsed = 0;
    for (const entry of await listLedgerForUser(balance.userId)) {
      ledgerAvailable += entry.amount;
      if (entry.type === 'usage') ledgerUsed -= entry.amount;
    }
    // A reserved credit has left its pocket but not the ledger: it is spent (a usage entry) or given back.
    const storedAvailable = balance.freeCredits + balance.paidCredits + (balance.reservedCredits ?? 0);
    if (storedAvailable !== ledgerAvailable || balance.usedCredits !== ledgerUsed) {
      differences.push({
        userId: balance.userId,
        storedAvailable,
        ledgerAvailable,
        storedUsed: balance.usedCredits,
        ledgerUsed,
      });
    }
  }
  return { checked, differences };
}
