import { httpHandler } from '#functions/route-kinds';
import { activeCreditPackages } from '../../services/payments/credit-packages';

/** GET /api/credit-packages: the active credit packages, by sort order. */
export const handler = httpHandler({}, async () => ({
  status: 200,
  body: { packages: await activeCreditPackages() },
}));
