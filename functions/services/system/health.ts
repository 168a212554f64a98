import { checkTable } from '../../data/health-repository';
import { checkQueues } from '../../lib/aws/sqs';
import { config } from '../../lib/config';

export type ComponentState = 'ok' | 'down';

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { table: ComponentState; auth: ComponentState; queues: ComponentState };
}

/** The token issuer's key set: reachable means sign-in and token checks can work. */
async function checkAuth(): Promise<void> {
  const { userPoolId, region, endpoints } = config();
  if (!userPoolId) throw new Error('USER_POOL_ID is not configured');
  const issuer = endpoints.cognito
    ? `${endpoints.cognito}/${userPoolId}`
    : `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  const response = await fetch(`${issuer}/.well-known/jwks.json`, { signal: AbortSignal.timeout(3000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
}

async function state(check: () => Promise<void>): Promise<ComponentState> {
  try {
    await check();
    return 'ok';
  } catch {
    return 'down';
  }
}

/** Checks the table, auth and queues in parallel. */
export async function checkHealth(): Promise<HealthReport> {
  const [table, auth, queues] = await Promise.all([state(checkTable), state(checkAuth), state(checkQueues)]);
  const checks = { table, auth, queues };
  return { status: Object.values(checks).every((value) => value === 'ok') ? 'ok' : 'degraded', checks };
}
