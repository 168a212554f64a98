import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS } from '#shared/schemas/thread';
import { callRoute, type RouteAnswer, type RouteRequest } from '../../helpers/route-call';
import { startTestTable } from '../../helpers/test-table';

// Platform toggles: stored as SETTINGS/PLATFORM#<id> items (no item = enabled), read the same way
// by every platform endpoint through isPlatformEnabled.

const table = await startTestTable();
const { isPlatformEnabled } = await import('#functions/data/settings-repository');
const { ensureAccount } = await import('#functions/services/account/accounts');
const settingsRoute = (await import('#functions/http/admin/get-admin-settings')).handler;
const toggleRoute = (await import('#functions/http/admin/put-platform-setting')).handler;

afterAll(() => table.stop());

beforeAll(async () => {
  await ensureAccount({ userId: 'boss', email: 'admin@example.com' }, new Date());
});

function call(route: typeof settingsRoute, request: RouteRequest = {}): Promise<RouteAnswer> {
  return callRoute(route, { userId: 'boss', email: 'admin@example.com' }, request, {
    path: '/api/admin/settings',
    userAgent: 'settings test',
  });
}

describe('platform settings', () => {
  it('are all enabled until an admin turns one off, which every reader sees at once', async () => {
    const before = await call(settingsRoute);
    expect(before.body.uptime).toBe('99.9%');
    expect(before.body.platforms.every((setting: { enabled: boolean }) => setting.enabled)).toBe(true);
    expect(await isPlatformEnabled('bluesky')).toBe(true);

    const off = await call(toggleRoute, { params: { platform: 'bluesky' }, body: { enabled: false } });

    expect(off).toEqual({ status: 200, body: { platform: 'bluesky', enabled: false } });
    expect(await isPlatformEnabled('bluesky')).toBe(false);
    expect(await isPlatformEnabled('mastodon')).toBe(true);
    const after = await call(settingsRoute);
    expect(after.body.platforms).toContainEqual({ platform: 'bluesky', enabled: false });
    expect(after.body.platforms).toHaveLength(PLATFORMS.length);

    await call(toggleRoute, { params: { platform: 'bluesky' }, body: { enabled: true } });
    expect(await isPlatformEnabled('bluesky')).toBe(true);
  });

  it('refuse an unknown platform or a body with more than the toggle, changing nothing', async () => {
    const unknown = await call(toggleRoute, { params: { platform: 'myspace' }, body: { enabled: false } });
    const forged = await call(toggleRoute, { params: { platform: 'reddit' }, body: { enabled: false, platform: 'x' } });
    const missing = await call(toggleRoute, { params: { platform: 'reddit' }, body: {} });

    for (const response of [unknown, forged, missing]) {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
    }
    expect(await isPlatformEnabled('reddit')).toBe(true);
  });
});
