import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/**
 * Verifies a bearer token as the API Gateway JWT authorizer does: signature against the issuer's
 * JWKS, issuer, expiry, and audience (`aud`, or `client_id` for access tokens) equal to the client id.
 */
export function createJwtVerifier(options: { issuer: string; jwksUrl: string; audience: string }) {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl));
  return async (token: string): Promise<JWTPayload> => {
    const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, algorithms: ['RS256'] });
    const audiences = [payload.aud, payload.client_id].flat().filter((value) => typeof value === 'string');
    if (!audiences.includes(options.audience)) throw new Error('token audience does not match the client');
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
