import { useMutation } from '@tanstack/react-query';
import {
  type CompleteTestCheckoutRequest,
  completeTestCheckoutRequestSchema,
  verifiedCreditPaymentSchema,
} from '#shared/schemas/credits';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/credits/test-checkout: the local test checkout's payment (local stack only). */
export function completeTestCheckout(request: CompleteTestCheckoutRequest): Promise<{ credits: number }> {
  return apiRequest('/credits/test-checkout', {
    method: 'POST',
    bodySchema: completeTestCheckoutRequestSchema,
    body: request,
    schema: verifiedCreditPaymentSchema,
  });
}

/** Completing a test payment. */
export function useCompleteTestCheckout() {
  return useMutation({ mutationFn: completeTestCheckout });
}
