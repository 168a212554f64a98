import * as z from 'zod';
import type { ThreadSortField } from '../../shared/schemas/thread';
import { keys } from '../data/keys';
import { THREAD_PAGE_KEY_ATTRIBUTES, type ThreadPageKey } from '../data/thread-repository';
import { ValidationError } from '../lib/errors';

export const INVALID_CURSOR_MESSAGE = 'Invalid cursor: start again from the first page.';

const cursorSchema = z.object({ sort: z.string(), key: z.record(z.string(), z.string().max(500)) });

/** The opaque cursor of the next page: the sort it belongs to and the last key read. */
export function encodeThreadCursor(sort: ThreadSortField, key: ThreadPageKey): string {
  return Buffer.from(JSON.stringify({ sort, key }), 'utf8').toString('base64url');
}

/**
 * Reads a cursor back, refusing (400) one that does not decode, belongs to another sort, or
 * points outside the caller's own threads: a tampered cursor never reads someone else's rows.
 */
export function decodeThreadCursor(cursor: string, sort: ThreadSortField, userId: string): ThreadPageKey {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ValidationError(INVALID_CURSOR_MESSAGE);
  }
  const expected = THREAD_PAGE_KEY_ATTRIBUTES[sort];
  const [pkName, skName, indexPkName, indexSkName] = expected;
  const { key } = parsed;
  const names = Object.keys(key).sort();
  const valid =
    parsed.sort === sort &&
    names.length === expected.length &&
    names.every((name) => expected.includes(name)) &&
    key[pkName as string] === keys.userPartition(userId) &&
    key[skName as string]?.startsWith(keys.threadPrefix) &&
    key[indexPkName as string] === keys.threadsOfUser(userId) &&
    Boolean(key[indexSkName as string]);
  if (!valid) throw new ValidationError(INVALID_CURSOR_MESSAGE);
  return key;
}
