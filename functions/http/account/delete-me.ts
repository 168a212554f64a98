import { httpHandler } from '#functions/route-kinds';
import { deleteAccountRequestSchema } from '#shared/schemas/account';
import { deleteAccount } from '../../services/account/delete-account';
import { deletePlugChecksOfAccount } from '../../services/insights/plug-cancellation';
import { deleteSchedulesOfAccount } from '../../services/scheduling/item-ending';

/** DELETE /api/me: deletes the caller's account and everything in it (again, after a run that stopped midway). */
export const handler = httpHandler(
  { body: deleteAccountRequestSchema, resumesAccountDeletion: true },
  async ({ body, caller }) => {
    await deleteAccount(caller, body.confirmEmail, new Date(), {
      deleteSchedulesOfAccount: async (userId) =>
        (await deleteSchedulesOfAccount(userId)) + (await deletePlugChecksOfAccount(userId)),
    });
    return { status: 204 };
  },
);
