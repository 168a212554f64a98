import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The connections module reads its configuration as it loads.
vi.hoisted(() => Object.assign(process.env, { TABLE_NAME: 'unused', APP_PUBLIC_URL: 'http://localhost:3000' }));

import { unreachableReason } from '#functions/lib/outbound/network-failure';
import { ConnectionFailedError } from '#functions/services/connections/connections';
import {
  PlatformRejectedError,
  PlatformUnavailableError,
  unansweredRequestError,
} from '#functions/services/platforms/platform-adapter';
import { freePort } from '#local/ports';

// A server that accepts requests and never answers them.
let silent: Server;
let silentHost: string;
beforeAll(async () => {
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentHost = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

/** The error a real request to `url` fails with. */
const failureOf = (url: string, timeoutMs = 2_000) =>
  fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
    () => {
      throw new Error(`${url} answered`);
    },
    (error: unknown) => error,
  );

describe('unreachable: what happened when nothing answered', () => {
  it('nothing listening, no answer in time, no such name', async () => {
    const closed = `127.0.0.1:${await freePort()}`;
    expect(unreachableReason(await failureOf(`http://${closed}/`), closed)).toBe(`nothing is listening at ${closed}`);
    expect(unreachableReason(await failureOf(`http://${silentHost}/`, 200), silentHost)).toBe(
      `${silentHost} did not answer in time`,
    );
    expect(unreachableReason(await failureOf('http://no-such-host.invalid/'), 'no-such-host.invalid')).toMatch(
      /^no server named no-such-host\.invalid was found$|did not answer in time$/,
    );
  });
});

describe('a failed connection says refused only when the platform answered so', () => {
  it('nothing answered: could not be reached, with what happened, never "refused"', async () => {
    const closed = `127.0.0.1:${await freePort()}`;
    const error = unansweredRequestError('Mastodon', 'The instance', closed, await failureOf(`http://${closed}/`));
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect(new ConnectionFailedError('mastodon', error).message).toBe(
      `Mastodon could not be reached: nothing is listening at ${closed}`,
    );
  });

  it('the server answered no: refused, with its reason', () => {
    expect(new ConnectionFailedError('telegram', new PlatformRejectedError('Unauthorized')).message).toBe(
      'Telegram refused the connection: Unauthorized',
    );
  });

  it('the server answered with an error: it could not complete the connection', () => {
    expect(new ConnectionFailedError('bluesky', new PlatformUnavailableError('Bluesky answered 503')).message).toBe(
      'Bluesky could not complete the connection: Bluesky answered 503',
    );
  });
});
