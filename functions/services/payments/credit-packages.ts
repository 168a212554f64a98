import type { CreditPackage } from '../../../shared/schemas/credits';
import { listCreditPackages, seedCreditPackagesIfMissing } from '../../data/payments-repository';
import { DEFAULT_CREDIT_PACKAGES } from './default-packages';

/** The active packages by sort order; an empty table is first seeded with the defaults. */
export async function activeCreditPackages(): Promise<CreditPackage[]> {
  let packages = await listCreditPackages();
  if (packages.length === 0) {
    await seedCreditPackagesIfMissing(DEFAULT_CREDIT_PACKAGES);
    packages = await listCreditPackages();
  }
  return packages.filter((pkg) => pkg.isActive);
}
