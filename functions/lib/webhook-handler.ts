import { DomainError, WebhookSignatureError } from './errors';
import { type HttpEvent, type HttpResult, json, type RouteHandler, rawBodyOf, routeStack } from './http-handler';

/** Webhook bodies over this size are refused unless the handler sets its own cap. */
export const WEBHOOK_MAX_BODY_BYTES = 64 * 1024;

export interface WebhookInput<TPayload> {
  /** The body exactly as the sender signed it. */
  rawBody: Buffer;
  /** What `verify` returned for it (e.g. the provider SDK's parsed event). */
  payload: TPayload;
  event: HttpEvent;
}

export interface WebhookOptions<TPayload> {
  /** Bytes; the sender's documented maximum. */
  maxBodyBytes?: number;
  /**
   * Checks the signature over the raw body (e.g. `stripe.webhooks.constructEvent`) and returns the
   * trusted payload; any throw is answered 400 `webhook_signature_invalid` and the route never runs.
   */
  verify: (rawBody: Buffer, headers: Record<string, string | undefined>) => TPayload | Promise<TPayload>;
}

/**
 * Builds a `webhook` route handler: no token, the raw body kept byte for byte (never parsed or
 * re-encoded before the signature check) under its own size cap, then the route with the payload.
 */
export function webhookHandler<TPayload>(
  options: WebhookOptions<TPayload>,
  route: (input: WebhookInput<TPayload>) => Promise<HttpResult>,
): RouteHandler {
  return routeStack('webhook', async (event) => {
    const rawBody = rawBodyOf(event, options.maxBodyBytes ?? WEBHOOK_MAX_BODY_BYTES);
    let payload: TPayload;
    try {
      payload = await options.verify(rawBody, event.headers ?? {});
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new WebhookSignatureError();
    }
    const result = await route({ rawBody, payload, event });
    return json(result.status, result.body, result.headers);
  });
}
