import * as z from 'zod';

/** DELETE /api/me: the user types their email to confirm. */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z.string().trim().min(1, 'Type your email address to confirm').max(320),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
