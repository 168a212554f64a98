import { useMutation } from '@tanstack/react-query';
import { verifiedCreditPaymentSchema, verifyCreditPaymentRequestSchema } from '#shared/schemas/credits';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/credits/verify-payment: confirms (and if need be fulfils) the caller's paid session. */
export function verifyCreditPayment(sessionId: string): Promise<{ credits: number }> {
  return apiRequest('/credits/verify-payment', {
    method: 'POST',
    bodySchema: verifyCreditPaymentRequestSchema,
    body: { sessionId },
    schema: verifiedCreditPaymentSchema,
  });
}

/** The payment return's verification. */
export function useVerifyCreditPayment() {
  return useMutation({ mutationFn: verifyCreditPayment });
}
