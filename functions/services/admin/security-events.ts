import {
  ADMIN_SECURITY_EVENTS_PAGE_SIZE,
  type AdminSecurityEventsPage,
  type AdminSecurityEventsQuery,
} from '#shared/schemas/admin';
import { decodeAdminCursor, encodeAdminCursor, INVALID_CURSOR_MESSAGE } from '../../data/cursor';
import { listSecurityEvents, securityEventSource } from '../../data/security-event-repository';
import { ValidationError } from '../../lib/errors';

/**
 * The security log (beyond the spec): every user's security events newest first, optionally of one
 * type and/or one user, a page at a time. A cursor only continues the listing of the same filters.
 */
export async function listAdminSecurityEvents(query: AdminSecurityEventsQuery): Promise<AdminSecurityEventsPage> {
  const source = securityEventSource({ eventType: query.type, userId: query.userId });
  const startKey = query.cursor ? decodeAdminCursor(query.cursor, source.keyAttributes, source.partitionKey) : null;
  // A start key outside the partition's security events would make DynamoDB refuse the query.
  if (startKey && source.sortKeyPrefix && !startKey.sk?.startsWith(source.sortKeyPrefix))
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  const page = await listSecurityEvents(source, ADMIN_SECURITY_EVENTS_PAGE_SIZE, startKey);
  return { events: page.events, nextCursor: page.lastKey ? encodeAdminCursor(page.lastKey) : null };
}
