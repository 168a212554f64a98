import * as z from 'zod';

/** The balance as the client sees it. */
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

/** A purchasable credit package. */
export const creditPackageSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  credits: z.number().int().positive(),
  priceCents: z.number().int().nonnegative(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/** GET /api/credit-packages: the active packages, by sort order. */
export const creditPackageListSchema = z.object({ packages: z.array(creditPackageSchema) });

/** POST /api/credits/checkout */
export const createCreditCheckoutRequestSchema = z.object({ packageId: z.string().min(1).max(100) });
/**
 * Where Buy leads: Stripe Checkout's address, or the local test checkout's path on the app's own
 * origin (a single leading slash, so never another host).
 */
export const creditCheckoutSchema = z.object({
  url: z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?![/\\])/, 'Not a path of this app')]),
});

/** A Checkout Session id as Stripe (`cs_…`) or the local test checkout (`test_…`) makes them. */
export const checkoutSessionIdSchema = z
  .string()
  .regex(/^(cs_|test_)[A-Za-z0-9_-]{1,250}$/, 'Not a checkout session id');

/** POST /api/credits/verify-payment: the return page's check of its session. */
export const verifyCreditPaymentRequestSchema = z.object({ sessionId: checkoutSessionIdSchema });
export const verifiedCreditPaymentSchema = z.object({ credits: z.number().int().positive() });

/** POST /api/credits/test-checkout: 'Complete test payment' on the local test checkout page. */
export const completeTestCheckoutRequestSchema = z.object({
  sessionId: checkoutSessionIdSchema.refine((id) => id.startsWith('test_'), 'Not a test checkout session'),
  packageId: z.string().min(1).max(100),
});
export type CompleteTestCheckoutRequest = z.infer<typeof completeTestCheckoutRequestSchema>;
