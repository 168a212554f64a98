import { useMutation } from '@tanstack/react-query';
import { createCreditCheckoutRequestSchema, creditCheckoutSchema } from '#shared/schemas/credits';
import { apiRequest } from '#web/lib/api-client';

/**
 * POST /api/credits/checkout: the address of the checkout (Stripe's, or the local test checkout)
 * for a package. The test checkout comes as a path and opens on the origin this page is on, where
 * the user is signed in, whatever address the server knows the app by.
 */
export async function createCreditCheckout(packageId: string): Promise<{ url: string }> {
  const { url } = await apiRequest('/credits/checkout', {
    method: 'POST',
    bodySchema: createCreditCheckoutRequestSchema,
    body: { packageId },
    schema: creditCheckoutSchema,
  });
  return { url: new URL(url, window.location.origin).href };
}

/** Opening a checkout for a package. */
export function useCreateCreditCheckout() {
  return useMutation({ mutationFn: createCreditCheckout });
}
