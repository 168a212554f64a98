import { describe, expect, it } from 'vitest';
import { invokeHandler, warmHandlers } from '#local/lambda-runtime';

describe('warming handler modules at start', () => {
  it('loads a module before its first invocation, which then answers as usual', async () => {
    await warmHandlers(['http/system/not-found']);

    const response = (await invokeHandler(
      'http/system/not-found',
      {
        version: '2.0',
        rawPath: '/api/nothing',
        rawQueryString: '',
        headers: {},
        isBase64Encoded: false,
        requestContext: { http: { method: 'GET', path: '/api/nothing' }, requestId: 'warm-test' },
      },
      5,
    )) as { statusCode: number; body: string };

    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'route_not_found' });
  });

  it('never fails the start for a module that cannot load: its first invocation reports the error', async () => {
    await expect(warmHandlers(['http/system/no-such-handler'])).resolves.toBeUndefined();

    await expect(invokeHandler('http/system/no-such-handler', {}, 5)).rejects.toThrow(/no-such-handler/);
  });
});
