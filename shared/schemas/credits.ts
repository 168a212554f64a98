import { z } from 'zod';

/** The balance as the client sees it (spec §3 user_credits client view). */
export const creditsViewSchema = z.object({
  totalCredits: z.number().int().nonnegative(),
  usedCredits: z.number().int().nonnegative(),
  /** Free plus paid. */
  availableCredits: z.number().int().nonnegative(),
  freeCredits: z.number().int().nonnegative(),
  paidCredits: z.number().int().nonnegative(),
  /** The UTC date (YYYY-MM-DD) of the next free-credit refresh. */
  resetDate: z.iso.date(),
});
export type CreditsView = z.infer<typeof creditsViewSchema>;

/** A purchasable credit package (spec §3 credit_packages). */
export const creditPackageSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  credits: z.number().int().positive(),
  priceCents: z.number().int().nonnegative(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;
