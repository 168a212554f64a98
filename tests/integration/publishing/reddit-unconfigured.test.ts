import { afterAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// No Reddit app registered on this server: neither variable is set.
delete process.env.REDDIT_CLIENT_ID;
delete process.env.REDDIT_CLIENT_SECRET;
const table = await startTestTable();
const { listConnections } = await import('#functions/services/connections/connections');
const { handler: authorizeRoute } = await import('#functions/http/connections/post-oauth-authorization');

afterAll(() => table.stop());

const REASON = 'Reddit is not configured on this server (no app credentials).';

describe('Reddit without an app configured', () => {
  it('is listed as not available for connection, with the reason, instead of a Connect button', async () => {
    const { enabledPlatforms, unavailablePlatforms } = await listConnections('user-1');

    expect(enabledPlatforms).not.toContain('reddit');
    expect(unavailablePlatforms).toContainEqual({ platform: 'reddit', reason: REASON });
  });

  it('refuses to start a connection with the same reason', async () => {
    const answer = await callRoute(
      authorizeRoute,
      { userId: 'user-1' },
      { params: { platform: 'reddit' }, body: {} },
      { method: 'POST' },
    );

    expect(answer).toMatchObject({ status: 400, body: { code: 'platform_not_configured', error: REASON } });
  });
});
