import * as z from 'zod';
import { ValidationError } from '../lib/errors';

export const INVALID_ADMIN_CURSOR_MESSAGE = 'Invalid cursor: start again from the first page.';

const keySchema = z.record(z.string(), z.string().max(500));

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
    throw new ValidationError(INVALID_ADMIN_CURSOR_MESSAGE);
  }
  const names = Object.keys(key);
  const valid =
    names.length === attributes.length &&
    names.every((name) => attributes.includes(name) && Boolean(key[name])) &&
    key[indexPk.name] === indexPk.value;
  if (!valid) throw new ValidationError(INVALID_ADMIN_CURSOR_MESSAGE);
  return key;
}
