import * as z from 'zod';
import { displayNameProblem, normaliseDisplayName } from '../display-name';
import { plugChoiceSchema } from './plug';

/** DELETE /api/me: the user types their email to confirm. */
export const deleteAccountRequestSchema = z.object({
  confirmEmail: z.string().trim().min(1, 'Type your email address to confirm').max(320),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** A display name as typed: refused with the rule's own sentence (shared/display-name.ts), kept normalised. */
export const displayNameSchema = z
  .string()
  .max(500)
  .superRefine((value, context) => {
    const problem = displayNameProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseDisplayName);

/** PUT /api/me/display-name: the name public pages give the curator; null removes it (pages then name no one). */
export const displayNameRequestSchema = z.object({ displayName: displayNameSchema.nullable() });
export type DisplayNameRequest = z.infer<typeof displayNameRequestSchema>;

/** The answer of PUT /api/me/display-name. */
export const displayNameResponseSchema = z.object({ displayName: z.string().nullable() });
export type DisplayNameResponse = z.infer<typeof displayNameResponseSchema>;

/** PUT /api/me/plug-default: the plug new threads start with (a thread's own choice on the share step wins). */
export const plugDefaultRequestSchema = z.object({ plugDefault: plugChoiceSchema });
export type PlugDefaultRequest = z.infer<typeof plugDefaultRequestSchema>;
/** The answer of PUT /api/me/plug-default. */
export const plugDefaultResponseSchema = plugDefaultRequestSchema;
export type PlugDefaultResponse = z.infer<typeof plugDefaultResponseSchema>;
