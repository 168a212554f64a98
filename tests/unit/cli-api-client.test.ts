import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../cli/api-client';
import { cliConfigPath, readCliConfig, removeCliConfig, writeCliConfig } from '../../cli/config';

const SECRET = `tsk_live_${'A'.repeat(43)}`;

/** A client whose every request is answered `status` with `body` (a string as it is). */
function answering(status: number, body: unknown) {
  const seen: Request[] = [];
  const client = createApiClient({ url: 'https://api.example', key: SECRET }, async (input, init) => {
    seen.push(new Request(input, init));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  });
  return { client, seen };
}

describe("the command line's API client", () => {
  it('sends the key in the Authorization header only, never in the URL', async () => {
    const { client, seen } = answering(200, { threads: [], nextCursor: null });

    await client.listThreads('next page');

    expect(seen[0]!.headers.get('authorization')).toBe(`Bearer ${SECRET}`);
    const url = new URL(seen[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://api.example/v1/threads');
    expect([...url.searchParams]).toEqual([['cursor', 'next page']]);
    expect(seen[0]!.url).not.toContain(SECRET);
  });

  it("passes on the API's { error, code }; says to log in again on any 401, the gateway's own body too", async () => {
    await expect(
      answering(409, { error: 'Needs approval', code: 'approval_required' }).client.listThreads(),
    ).rejects.toMatchObject({ name: 'ApiError', status: 409, code: 'approval_required', message: 'Needs approval' });
    for (const body of [{ error: 'Invalid API key', code: 'api_key_invalid' }, { message: 'Unauthorized' }])
      await expect(answering(401, body).client.listThreads()).rejects.toMatchObject({
        status: 401,
        message: 'Your key was refused: run threadsnip login',
      });
    await expect(answering(502, '<html>Bad gateway</html>').client.listThreads()).rejects.toMatchObject({
      status: 502,
      message: 'The API answered HTTP 502.',
    });
  });

  it('refuses an answer its route schema does not accept, and tells an unreachable API apart', async () => {
    await expect(answering(200, { threads: 'none' }).client.listThreads()).rejects.toMatchObject({
      code: 'unexpected_answer',
    });
    const offline = createApiClient({ url: 'http://127.0.0.1:9', key: SECRET }, async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    });
    await expect(offline.listThreads()).rejects.toMatchObject({
      status: 0,
      message: 'Cannot reach the API at http://127.0.0.1:9 (connect ECONNREFUSED 127.0.0.1:9).',
    });
  });
});

describe("the command line's config", () => {
  const home = mkdtempSync(path.join(tmpdir(), 'threadsnip-config-'));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('is stored 0600 under XDG_CONFIG_HOME, and the environment overrides it', async () => {
    const env = { XDG_CONFIG_HOME: home };
    expect(await readCliConfig(env)).toBeNull();

    const file = await writeCliConfig({ url: 'https://site.example', key: SECRET }, env);

    expect(file).toBe(path.join(home, 'threadsnip', 'config.json'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await readCliConfig(env)).toEqual({ url: 'https://site.example', key: SECRET });
    expect(await readCliConfig({ ...env, THREADSNIP_API_KEY: 'tsk_live_other' })).toEqual({
      url: 'https://site.example',
      key: 'tsk_live_other',
    });
    expect(await readCliConfig({ ...env, THREADSNIP_API_URL: 'http://localhost:3000/' })).toEqual({
      url: 'http://localhost:3000',
      key: SECRET,
    });
    expect(await removeCliConfig(env)).toBe(true);
    expect(await removeCliConfig(env)).toBe(false);
  });

  it('defaults to ~/.config, and reads a damaged file as no config', async () => {
    expect(cliConfigPath({ HOME: '/home/ada' })).toBe('/home/ada/.config/threadsnip/config.json');
    const env = { XDG_CONFIG_HOME: home };
    await writeCliConfig({ url: 'https://site.example', key: SECRET }, env);
    writeFileSync(cliConfigPath(env), '{"url": 3}');

    expect(await readCliConfig(env)).toBeNull();
  });
});
