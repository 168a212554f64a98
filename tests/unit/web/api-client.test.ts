import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAccountRequestSchema } from '#shared/schemas/account';
import { parseRuntimeConfig } from '#web/config/runtime-config';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '#web/lib/api-client';
import { classifyAuthError } from '#web/lib/auth-errors';
import { setCurrentWorkspaceId } from '#web/lib/current-workspace';

const signOutUser = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('#web/lib/auth-loader', () => ({
  loadAuth: async () => ({ auth: { getIdToken: async () => 'id-token', signOutUser } }),
}));

const fetchMock = vi.fn<typeof fetch>();
const config = {
  mode: 'cloud',
  apiBaseUrl: 'https://api.example.test/api/',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_abc',
  userPoolClientId: 'client',
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function route(handler: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input, init) =>
    String(input) === '/config.json' ? Response.json(config) : handler(String(input), init),
  );
}

describe('apiRequest', () => {
  it('calls the configured base URL with the bearer ID token and returns the JSON body', async () => {
    route(() => Response.json({ ok: true }));
    await expect(apiRequest('/me')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls.find(([input]) => String(input) !== '/config.json') ?? [];
    expect(url).toBe('https://api.example.test/api/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token');
  });

  it('names the chosen team workspace on signed-in calls, and none in the personal workspace or without a token', async () => {
    route(() => Response.json({ ok: true }));
    const workspaceHeaderOfLastCall = () =>
      new Headers(fetchMock.mock.calls.filter(([input]) => String(input) !== '/config.json').at(-1)?.[1]?.headers).get(
        'x-workspace-id',
      );
    await apiRequest('/threads');
    expect(workspaceHeaderOfLastCall()).toBeNull();
    setCurrentWorkspaceId('ws_team0000000000000');
    try {
      await apiRequest('/threads');
      expect(workspaceHeaderOfLastCall()).toBe('ws_team0000000000000');
      await apiRequest('/public/thing', { authenticated: false });
      expect(workspaceHeaderOfLastCall()).toBeNull();
    } finally {
      setCurrentWorkspaceId(null);
    }
    await apiRequest('/threads');
    expect(workspaceHeaderOfLastCall()).toBeNull();
  });

  it("turns a JSON error into an ApiError with the status, the server's message and its code", async () => {
    route(() => Response.json({ error: 'Thread not found', code: 'thread_not_found' }, { status: 404 }));
    const error = await apiRequest('/threads/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Thread not found', code: 'thread_not_found' });
  });

  it('signs the user out when the API says their account is deleted, and only then', async () => {
    signOutUser.mockClear();
    route(() => Response.json({ error: 'Authentication required', code: 'unauthorized' }, { status: 401 }));
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(signOutUser).not.toHaveBeenCalled();

    route(() => Response.json({ error: 'This account has been deleted.', code: 'account_deleted' }, { status: 401 }));
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 401, code: 'account_deleted' });
    expect(signOutUser).toHaveBeenCalledTimes(1);
  });

  it('keeps the message but no code when the server sends an unknown code', async () => {
    route(() => Response.json({ error: 'Teapot', code: 'i_am_a_teapot' }, { status: 418 }));
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 418, message: 'Teapot', code: null });
  });

  it('gives a generic message when the error body is not JSON', async () => {
    route(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 502, message: 'Request failed (HTTP 502)' });
  });

  it('reports an unreachable server as status 0 with a readable message', async () => {
    route(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiRequest('/me')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('resolves a 204 to undefined and sends a JSON body', async () => {
    route(() => new Response(null, { status: 204 }));
    await expect(
      apiRequest('/me', { method: 'DELETE', bodySchema: deleteAccountRequestSchema, body: { confirmEmail: 'a@b.c' } }),
    ).resolves.toBeUndefined();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) !== '/config.json') ?? [];
    expect(init?.body).toBe('{"confirmEmail":"a@b.c"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('takes a body only with the shared request schema that types it (checked by tsc)', () => {
    const calls = [
      // @ts-expect-error: a body without its request schema
      () => apiRequest('/me', { method: 'DELETE', body: { confirmEmail: 'a@b.c' } }),
      // @ts-expect-error: a body its request schema does not describe
      () => apiRequest('/me', { method: 'DELETE', bodySchema: deleteAccountRequestSchema, body: { email: 'a@b.c' } }),
    ];
    expect(calls).toHaveLength(2);
  });
});

describe('parseRuntimeConfig', () => {
  it('accepts the contract shape', () => {
    expect(parseRuntimeConfig({ ...config, googleSignIn: { cognitoDomain: 'auth.example.test' } }).mode).toBe('cloud');
  });

  it('names the bad fields', () => {
    expect(() => parseRuntimeConfig({ ...config, mode: 'staging', userPoolId: '' })).toThrow(
      /mode.*userPoolId|userPoolId.*mode/,
    );
  });

  it('requires the auth endpoint in local mode', () => {
    expect(() => parseRuntimeConfig({ ...config, mode: 'local' })).toThrow(/authEndpoint/);
  });
});

describe('classifyAuthError', () => {
  const named = (name: string, message = name) => Object.assign(new Error(message), { name });

  it('treats every wrong-credentials error of Cognito and cognito-local alike at sign-in', () => {
    for (const name of ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']) {
      expect(classifyAuthError(named(name), 'signIn')).toBe('invalidCredentials');
    }
  });

  it('reads InvalidPasswordException at sign-up as a weak password', () => {
    expect(classifyAuthError(named('InvalidPasswordException'), 'signUp')).toBe('weakPassword');
  });

  it('recognises an existing account and network failures', () => {
    expect(classifyAuthError(named('UsernameExistsException'), 'signUp')).toBe('userExists');
    expect(classifyAuthError(named('NetworkError'), 'signIn')).toBe('network');
    expect(classifyAuthError(new TypeError('Failed to fetch'), 'signIn')).toBe('network');
  });
});
