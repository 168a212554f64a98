import * as z from 'zod';
import type { ThreadSortField } from '../../shared/schemas/thread';
import { ValidationError } from '../lib/errors';
import { keys } from './keys';
import { LISTINGS_OF_SORT, THREAD_PAGE_KEY_ATTRIBUTES, type ThreadPagePosition } from './thread-repository';

// The opaque page cursors of every paged listing: a user's threads and the admin listings.

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor: start again from the first page.';

const keySchema = z.record(z.string(), z.string().max(500));
const cursorSchema = z.object({ sort: z.string(), key: keySchema });

/** The opaque cursor of the next page: the listing it continues (one of its sort's) and the last key read. */
export function encodeThreadCursor(position: ThreadPagePosition): string {
  return Buffer.from(JSON.stringify({ sort: position.listing, key: position.key }), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back, refusing (400) one that does not decode, belongs to another sort, or
 * points outside the caller's own threads: a tampered cursor never reads someone else's rows.
 */
export function decodeThreadCursor(cursor: string, sort: ThreadSortField, userId: string): ThreadPagePosition {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  }
  const listing = LISTINGS_OF_SORT[sort].find((name) => name === parsed.sort);
  if (!listing) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  const expected = THREAD_PAGE_KEY_ATTRIBUTES[listing];
  const [pkName, skName, indexPkName, indexSkName] = expected;
  const { key } = parsed;
  const names = Object.keys(key).sort();
  const valid =
    names.length === expected.length &&
    names.every((name) => expected.includes(name)) &&
    key[pkName as string] === keys.userPartition(userId) &&
    key[skName as string]?.startsWith(keys.threadPrefix) &&
    key[indexPkName as string] === keys.threadsOfUser(userId) &&
    Boolean(key[indexSkName as string]);
  if (!valid) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return { listing, key };
}

/** The opaque cursor of an admin listing's next page: the last key read. */
export function encodeAdminCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back; refused (400) unless it decodes to a key of the listing it came from
 * (`indexPk` names the index partition attribute and its only allowed value).
 */
export function decodeAdminCursor(
  cursor: string,
  attributes: readonly string[],
  indexPk: { name: string; value: string },
): Record<string, string> {
  let key: Record<string, string>;
  try {
    key = keySchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  }
  const names = Object.keys(key);
  const valid =
    names.length === attributes.length &&
    names.every((name) => attributes.includes(name) && Boolean(key[name])) &&
    key[indexPk.name] === indexPk.value;
  if (!valid) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return key;
}

/**
 * Reads an activity log cursor back: refused (400) unless it is a key of that workspace's log, so a
 * tampered cursor never reads another workspace's entries or other items of its partition.
 */
export function decodeActivityCursor(cursor: string, workspaceId: string): Record<string, string> {
  const key = decodeAdminCursor(cursor, ['pk', 'sk'], { name: 'pk', value: keys.workspacePartition(workspaceId) });
  if (!key.sk?.startsWith(keys.workspaceActivityPrefix)) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return key;
}
