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
 * The /v1 routes' Lambda authorizer (HTTP API REQUEST authorizer, simple responses): a verified
 * key's principal as context, or a refusal (the gateway answers 403; 401 without the header). Its
 * answer is cached per key and source address for the gateway's TTL: the revocation window.
 */
export const handler = jobHandler(
  'api-key-authorizer',
  async (
    event: APIGatewayRequestAuthorizerEventV2,
  ): Promise<APIGatewaySimpleAuthorizerWithContextResult<ApiKeyAuthorizerContext | Record<string, never>>> => {
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
      if (error instanceof DomainError) return { isAuthorized: false, context: {} };
      throw error;
    }
  },
);
