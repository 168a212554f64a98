import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerWithContextResult } from 'aws-lambda';
import { DomainError } from '../lib/errors';
import { jobHandler } from '../lib/job-handler';
import { verifyApiKey } from '../services/api-keys/verify-api-key';

/** What the /v1 handlers receive as `requestContext.authorizer.lambda` (values must be scalars). */
export interface ApiKeyAuthorizerContext {
  keyId: string;
  userId: string;
  workspaceId: string;
  /** The key's scopes, space-separated. */
  scopes: string;
}

/**
 * The context of a refused key: the error code the route's stack answers (401 `{ error, code }`).
 * The gateway's own deny would answer `{"message":"Forbidden"}`, and an HTTP API has no gateway
 * responses to reshape it, so a refusal is let through to the route, which answers it in our shape.
 */
export interface ApiKeyRefusalContext {
  refusal: string;
}

/**
 * The /v1 routes' Lambda authorizer (HTTP API REQUEST authorizer, simple responses): a verified
 * key's principal as context, or its refusal as context (`isAuthorized` stays true so the route's
 * stack, not the gateway, answers; docs/api.md). Its answer is cached per key and source address
 * for the gateway's TTL: the revocation window. Without an Authorization header the gateway answers
 * 401 itself, unasked (the identity source is missing).
 */
export const handler = jobHandler(
  'api-key-authorizer',
  async (
    event: APIGatewayRequestAuthorizerEventV2,
  ): Promise<APIGatewaySimpleAuthorizerWithContextResult<ApiKeyAuthorizerContext | ApiKeyRefusalContext>> => {
    try {
      const principal = await verifyApiKey({
        authorization: event.headers?.authorization,
        sourceIp: event.requestContext.http.sourceIp,
        userAgent: event.headers?.['user-agent'] ?? 'unknown',
        now: new Date(),
      });
      return { isAuthorized: true, context: { ...principal, scopes: principal.scopes.join(' ') } };
    } catch (error) {
      // A refused key is an answer, not a failure; anything else fails the invocation (a 500).
      if (error instanceof DomainError) return { isAuthorized: true, context: { refusal: error.code } };
      throw error;
    }
  },
);
