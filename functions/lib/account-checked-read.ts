/**
 * A route's first read, made together with the deleted-account check so the request waits for one
 * round trip instead of two. The route kind's stack (http-handler.ts) makes it: the route only says
 * what to read, and runs after the account passed the check, with what was read.
 */

/** One item by key: read with the account's tombstone in one consistent BatchGetItem. */
export interface ItemRead<T> {
  item: { pk: string; sk: string };
  /** The value the route gets from the item (undefined: no such item). */
  parse: (item: Record<string, unknown> | undefined) => T;
}

/**
 * A read with no batch partner (a Query): it runs alongside the tombstone's GetItem and its result is
 * dropped unless the account passed. It must have no side effect (nothing written, nothing sent).
 */
export interface SideBySideRead<T> {
  sideBySide: () => Promise<T>;
}

export type FirstRead<T> = ItemRead<T> | SideBySideRead<T>;
