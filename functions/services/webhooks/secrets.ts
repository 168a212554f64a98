/**
 * An endpoint's signing secrets, sealed at rest with the token key (as platform tokens are), each
 * bound to its endpoint so a sealed value copied to another item does not open.
 */
import type { WebhookEndpointRecord } from '../../data/webhook-repository';
import { openToken, sealToken } from '../connections/token-vault';

const boundTo = (workspaceId: string, endpointId: string) => `webhook#${workspaceId}#${endpointId}`;

export function sealWebhookSecret(secret: string, workspaceId: string, endpointId: string): Promise<string> {
  return sealToken(secret, boundTo(workspaceId, endpointId));
}

/** The secrets a delivery at `now` is signed with: the current one, and the previous one during its overlap. */
export async function signingSecrets(endpoint: WebhookEndpointRecord, now: Date): Promise<string[]> {
  const bound = boundTo(endpoint.workspaceId, endpoint.endpointId);
  const secrets = [await openToken(endpoint.sealedSecret, bound)];
  if (
    endpoint.sealedPreviousSecret &&
    endpoint.previousSecretUntil &&
    Date.parse(endpoint.previousSecretUntil) > now.getTime()
  )
    secrets.push(await openToken(endpoint.sealedPreviousSecret, bound));
  return secrets;
}
