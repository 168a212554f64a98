import { describe, expect, it } from 'vitest';
import { callerFromApiKeyEvent, type HttpEvent, refuseApiKeyInUrl } from '#functions/lib/http-handler';
import { maskLogValue } from '#functions/lib/logger';
import { hashApiKeySecret, newApiKeySecret, secretFromAuthorization } from '#functions/services/api-keys/key-secret';
import {
  API_KEY_SECRET_PATTERN,
  API_KEY_SHOWN_CHARS,
  createApiKeyBodySchema,
  scopePermission,
} from '#shared/schemas/api-keys';

const SECRET = `tsk_live_${'Ab3_-'.repeat(8)}xyz`;

describe('an API key secret', () => {
  it('is tsk_live_ and 43 base64url characters (32 random bytes), new every time', () => {
    const secrets = Array.from({ length: 50 }, () => newApiKeySecret());

    for (const secret of secrets) expect(secret).toMatch(API_KEY_SECRET_PATTERN);
    expect(new Set(secrets).size).toBe(50);
    expect(Buffer.from(secrets[0]!.slice('tsk_live_'.length), 'base64url')).toHaveLength(32);
  });

  it('is stored as its SHA-256 in hex, which neither contains nor reveals its shown prefix', () => {
    const hash = hashApiKeySecret('tsk_live_example');

    // A known answer: SHA-256 of the UTF-8 text, in lower-case hex.
    expect(hash).toBe('564066fede000c8845bea0ec06b9904b4a9be85ada5e862496f321357a6e7ee4');
    expect(hashApiKeySecret('tsk_live_example')).toBe(hash);
    expect(hashApiKeySecret('tsk_live_examplf')).not.toBe(hash);
    expect(hash).not.toContain(SECRET.slice(0, API_KEY_SHOWN_CHARS));
  });

  it('is read only from an exact `Bearer tsk_live_…` header', () => {
    expect(secretFromAuthorization(`Bearer ${SECRET}`)).toBe(SECRET);
    expect(secretFromAuthorization(`bearer ${SECRET}`)).toBe(SECRET);
    for (const refused of [
      undefined,
      '',
      SECRET,
      `Basic ${SECRET}`,
      `Bearer ${SECRET} extra`,
      `Bearer ${SECRET}x`,
      `Bearer tsk_test_${SECRET.slice(9)}`,
      'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
    ])
      expect(() => secretFromAuthorization(refused), String(refused)).toThrow(
        expect.objectContaining({ status: 401, code: 'api_key_invalid' }),
      );
  });
});

describe('keys in URLs', () => {
  it('refuses a query string that carries a key, encoded or not, and lets any other through', () => {
    for (const query of [
      `api_key=${SECRET}`,
      `key=${encodeURIComponent(SECRET)}`,
      'x=TSK_LIVE_abc',
      'a=%ZZ&k=tsk_live_1',
    ])
      expect(() => refuseApiKeyInUrl(query), query).toThrow(
        expect.objectContaining({ status: 400, code: 'api_key_in_url' }),
      );
    for (const query of [undefined, '', 'cursor=abc&sort=title', 'q=task_live'])
      expect(() => refuseApiKeyInUrl(query)).not.toThrow();
  });

  it('never logs a key, in a masked field or inside any text', () => {
    expect(maskLogValue('authorization', `Bearer ${SECRET}`)).toBe('[masked]');
    expect(maskLogValue('rawQueryString', `cursor=1&api_key=${SECRET}`)).toBe('cursor=1&api_key=[token]');
    expect(maskLogValue('message', `refused ${SECRET}.`)).toBe('refused [token].');
  });
});

describe('scopes', () => {
  it('accepts one to three distinct known scopes and a trimmed name', () => {
    expect(createApiKeyBodySchema.parse({ name: '  CMS ', scopes: ['read', 'publish'] })).toEqual({
      name: 'CMS',
      scopes: ['read', 'publish'],
    });
    for (const body of [
      { name: 'CMS', scopes: [] },
      { name: 'CMS', scopes: ['read', 'read'] },
      { name: 'CMS', scopes: ['admin'] },
      { name: '   ', scopes: ['read'] },
      { name: 'x'.repeat(61), scopes: ['read'] },
    ])
      expect(createApiKeyBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
  });

  it('map onto the workspace permissions a member role must also allow', () => {
    expect(scopePermission).toEqual({ read: 'read', 'threads:write': 'write', publish: 'write' });
  });

  it("reach a /v1 handler as the authorizer's context: the key, its workspace and its known scopes", () => {
    const event = (lambda: Record<string, unknown> | undefined) =>
      ({ requestContext: { authorizer: lambda ? { lambda } : undefined } }) as unknown as HttpEvent;

    expect(
      callerFromApiKeyEvent(
        event({ keyId: 'key_1', userId: 'u-1', workspaceId: 'ws_1', scopes: 'read publish admin' }),
      ),
    ).toEqual({
      userId: 'u-1',
      username: 'u-1',
      email: '',
      groups: [],
      apiKey: { keyId: 'key_1', workspaceId: 'ws_1', scopes: ['read', 'publish'] },
    });
    expect(callerFromApiKeyEvent(event(undefined))).toBeNull();
    expect(callerFromApiKeyEvent(event({ userId: 'u-1', workspaceId: 'ws_1', scopes: 'read' }))).toBeNull();
  });
});
