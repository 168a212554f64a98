import type { CreditPackage } from '#shared/schemas/credits';
import { listCreditPackages, seedCreditPackagesIfMissing } from '../../data/payments-repository';
import { DEFAULT_CREDIT_PACKAGES } from './default-packages';

/** Every package, active or not, by sort order; an empty table is first seeded with the defaults. */
export async function allCreditPackages(): Promise<CreditPackage[]> {
  const packages = await listCreditPackages();
  if (packages.length > 0) return packages;
  await seedCreditPackagesIfMissing(DEFAULT_CREDIT_PACKAGES);
  return listCreditPackages();
}

/** The active packages by sort order (what /credits offers). */
export async function activeCreditPackages(): Promise<CreditPackage[]> {
  return (await allCreditPackages()).filter((pkg) => pkg.isActive);
}
