import { httpHandler } from '#functions/route-kinds';
import { getAccount } from '../../services/account/accounts';

/** GET /api/me: the caller's profile, role and credit balance (creating the records on first use). */
export const handler = httpHandler({}, async ({ caller }) => ({
  status: 200,
  body: await getAccount(caller, new Date()),
}));
