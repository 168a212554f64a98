import { describe, expect, it } from 'vitest';
import { resolveAuthRedirect } from '#web/features/auth/lib/auth-redirect';

const resolve = (query: string) => resolveAuthRedirect(new URLSearchParams(query));

describe('resolveAuthRedirect', () => {
  it('sends a pending generation to /create with url and tone, replacing the entry', () => {
    expect(resolve('url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&tone=casual&redirect=%2Fhistory')).toEqual({
      to: '/create?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&tone=casual',
      replace: true,
    });
  });

  it('keeps tone out when it was not given', () => {
    expect(resolve('url=https%3A%2F%2Fexample.com')).toEqual({
      to: '/create?url=https%3A%2F%2Fexample.com',
      replace: true,
    });
  });

  it('follows redirect when present and not /', () => {
    expect(resolve('redirect=%2Fthread%2Fabc%3Fx%3D1')).toEqual({ to: '/thread/abc?x=1', replace: false });
  });

  it('goes home when redirect is / or missing', () => {
    expect(resolve('redirect=%2F')).toEqual({ to: '/', replace: false });
    expect(resolve('')).toEqual({ to: '/', replace: false });
  });

  it('refuses redirects that leave the site', () => {
    expect(resolve('redirect=https%3A%2F%2Fevil.example')).toEqual({ to: '/', replace: false });
    expect(resolve('redirect=%2F%2Fevil.example')).toEqual({ to: '/', replace: false });
    expect(resolve('redirect=%2F%5Cevil.example')).toEqual({ to: '/', replace: false });
  });
});
