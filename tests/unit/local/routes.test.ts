import { describe, expect, it } from 'vitest';
import { routes } from '#functions/manifest';
import { createRouter } from '#local/routes';

describe('the local route matcher', () => {
  const match = createRouter(routes);

  it('picks the most specific route, as API Gateway does', () => {
    expect(match('GET', '/api/me')?.route.handler).toBe('http/account/get-me');
    expect(match('DELETE', '/api/me')?.route.handler).toBe('http/account/delete-me');
    expect(match('POST', '/api/me')?.route.handler).toBe('http/system/not-found');
    expect(match('GET', '/api/unknown/deep/path')?.route.handler).toBe('http/system/not-found');
  });

  it('extracts path parameters', () => {
    const found = match('GET', '/api/threads/abc-123');
    expect(found?.route.handler).toBe('http/threads/get-thread');
    expect(found?.pathParameters).toEqual({ threadId: 'abc-123' });
  });

  it('flags escapes that are not percent-encoded UTF-8 instead of throwing', () => {
    for (const bad of ['%ZZ', '%FF', '%ED%A0%80', '%']) {
      const found = match('GET', `/api/threads/${bad}`);
      expect(found?.route.handler, bad).toBe('http/threads/get-thread');
      expect(found?.malformed, bad).toBe(true);
    }
    expect(match('GET', '/api/%ZZ')).toMatchObject({ route: { handler: 'http/system/not-found' }, malformed: true });
    expect(match('GET', '/api/threads/a%20b')).toMatchObject({ pathParameters: { threadId: 'a b' }, malformed: false });
  });

  it('matches nothing outside /api', () => {
    expect(match('GET', '/create')).toBeNull();
  });
});
