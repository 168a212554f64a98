import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createJwtVerifier } from '#local/jwt-verifier';

const ISSUER = 'http://127.0.0.1/local_pool';
const CLIENT_ID = 'local-client';
const { privateKey, publicKey } = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
let jwksRequests = 0;
const jwksServer = createServer((_req, res) => {
  jwksRequests += 1;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ keys: [jwk] }));
});
await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
const jwksUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/.well-known/jwks.json`;
afterAll(() => new Promise((resolve) => jwksServer.close(resolve)));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function token(sub: string, expiresIn: string) {
  return new SignJWT({ token_use: 'id' })
    .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(privateKey);
}

describe("the local stand-in for API Gateway's JWT authorizer", () => {
  it('verifies a token once, then answers its claims from memory until it expires', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, audience: CLIENT_ID });
    const signatureChecks = vi.spyOn(globalThis.crypto.subtle, 'verify');
    const ada = await token('ada', '1h');

    expect((await verify(ada)).sub).toBe('ada');
    expect((await verify(ada)).sub).toBe('ada');
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    expect(jwksRequests).toBe(1);

    // Past its expiry the remembered claims are not used: the token is refused as the gateway would.
    vi.useFakeTimers({ now: Date.now() + 2 * 3_600_000, toFake: ['Date'] });
    await expect(verify(ada)).rejects.toThrow();
  });

  it('remembers a token by all of it: the same claims under another signature are checked and refused', async () => {
    const verify = createJwtVerifier({ issuer: ISSUER, jwksUrl, audience: CLIENT_ID });
    const bea = await token('bea', '1h');
    expect((await verify(bea)).sub).toBe('bea');
    const [header, payload, signature = ''] = bea.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await expect(verify(forged)).rejects.toThrow();
    // Nor is a token for another client taken, before or after a valid one was seen.
    const other = createJwtVerifier({ issuer: ISSUER, jwksUrl, audience: 'another-client' });
    await expect(other(bea)).rejects.toThrow(/audience/);
  });
});
