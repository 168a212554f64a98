import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/** How many verified tokens are remembered (the oldest is forgotten first). */
const VERIFIED_TOKENS_KEPT = 1000;

/**
 * Verifies a bearer token as the API Gateway JWT authorizer does: signature against the issuer's
 * JWKS (fetched once and kept by jose), issuer, expiry, and audience (`aud`, or `client_id` for
 * access tokens) equal to the client id. A verified token's claims are remembered, keyed by the whole
 * token (its signature included), until the token expires: the same token proves the same claims.
 */
export function createJwtVerifier(options: { issuer: string; jwksUrl: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  const verified = new Map<string, JWTPayload>();
  return async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known && typeof known.exp === 'number' && known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
    const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, algorithms: ['RS256'] });
    const audiences = [payload.aud, payload.client_id].flat().filter((value) => typeof value === 'string');
    if (!audiences.includes(options.audience)) throw new Error('token audience does not match the client');
    // jwtVerify accepts a token without exp; only a token that expires is remembered.
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value ?? '');
      verified.set(token, payload);
    }
    return payload;
  };
}

/** Claims as API Gateway hands them to the Lambda: strings, arrays flattened as `[a b]`. */
export function claimsForEvent(payload: JWTPayload): Record<string, string | number | boolean | string[]> {
  const claims: Record<string, string | number | boolean | string[]> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (Array.isArray(value)) claims[name] = `[${value.join(' ')}]`;
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      claims[name] = String(value);
  }
  return claims;
}
