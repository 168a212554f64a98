import { useMutation } from '@tanstack/react-query';
import { creditCheckoutSchema } from '../../../../../shared/schemas/credits';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/credits/checkout: the checkout URL (Stripe's, or the local test checkout) for a package. */
export function createCreditCheckout(packageId: string): Promise<{ url: string }> {
  return apiRequest('/credits/checkout', { method: 'POST', body: { packageId }, schema: creditCheckoutSchema });
}

/** Opening a checkout for a package. */
export function useCreateCreditCheckout() {
  return useMutation({ mutationFn: createCreditCheckout });
}
