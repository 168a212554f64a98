import { afterEach, describe, expect, it, vi } from 'vitest';

/** A LinkedIn card asks for a reconnection to post as a page only where the app may post as pages. */

const BASE_ENV = { STAGE: 'local', TABLE_NAME: 'unused', APP_PUBLIC_URL: 'http://localhost:3000' };
const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'];
const PAGE_SCOPES = ['w_organization_social', 'r_organization_admin'];
const PAGE = { urn: 'urn:li:organization:2414183', name: 'Harbour Press' };

async function lacksPageGrantWith(pagesOn: boolean, connectionData: Record<string, unknown>): Promise<boolean> {
  vi.resetModules();
  for (const [name, value] of Object.entries({ ...BASE_ENV, LINKEDIN_ORGANIZATION_PAGES: String(pagesOn) })) {
    vi.stubEnv(name, value);
  }
  const { linkedinAdapter } = await import('#functions/services/platforms/linkedin');
  return linkedinAdapter.lacksPageGrant!({ connectionData });
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('whether a LinkedIn connection must be reconnected to post as a page', () => {
  it('asks a grant without the page scopes, or one stored before scopes were recorded that listed no page', async () => {
    expect(await lacksPageGrantWith(true, { grantedScopes: MEMBER_SCOPES })).toBe(true);
    expect(await lacksPageGrantWith(true, { grantedScopes: [...MEMBER_SCOPES, 'r_organization_admin'] })).toBe(true);
    expect(await lacksPageGrantWith(true, { personUrn: 'urn:li:person:1' })).toBe(true);
  });

  it('asks nothing of a grant with the page scopes, even one that administers no page', async () => {
    expect(await lacksPageGrantWith(true, { grantedScopes: [...MEMBER_SCOPES, ...PAGE_SCOPES] })).toBe(false);
    expect(
      await lacksPageGrantWith(true, { grantedScopes: [...MEMBER_SCOPES, ...PAGE_SCOPES], administeredPages: [] }),
    ).toBe(false);
    expect(await lacksPageGrantWith(true, { administeredPages: [PAGE] })).toBe(false);
  });

  it('asks nothing when the app may not post as pages (LINKEDIN_ORGANIZATION_PAGES off)', async () => {
    expect(await lacksPageGrantWith(false, { grantedScopes: MEMBER_SCOPES })).toBe(false);
    expect(await lacksPageGrantWith(false, { personUrn: 'urn:li:person:1' })).toBe(false);
  });
});
