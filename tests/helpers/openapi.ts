import * as z from 'zod';
import type { OpenApiDocument } from '../../shared/schemas/openapi';

/** Inlines a documented JSON Schema's `#/components/…` references, so it stands alone. */
function inlineRefs(document: OpenApiDocument, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(document, item));
  if (!value || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Record<string, unknown>;
  // A `$ref` that is not a reference is a property of that name (the document's own schema has one).
  if (typeof $ref !== 'string')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineRefs(document, item)]));
  if ($ref.startsWith('#/')) {
    let target: unknown = document;
    for (const part of $ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
    if (target === undefined) throw new Error(`Reference not found: ${$ref}`);
    return inlineRefs(document, { ...(target as object), ...rest });
  }
  return value;
}

const UNICODE_ESCAPE = /\\[pP]\{/;

/**
 * Runs `convert` with patterns that use Unicode property escapes compiled with the `u` flag. JSON
 * Schema patterns are ECMA-262 regular expressions with Unicode semantics, but zod's converter
 * compiles them without flags, which reads `\p{Cc}` as the letters `p{Cc}`.
 */
function withUnicodePatterns<T>(convert: () => T): T {
  const NativeRegExp = globalThis.RegExp;
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct: (target, [pattern, flags]: [string | RegExp, string?]) =>
      new target(pattern, flags ?? (typeof pattern === 'string' && UNICODE_ESCAPE.test(pattern) ? 'u' : undefined)),
  });
  try {
    return convert();
  } finally {
    globalThis.RegExp = NativeRegExp;
  }
}

/** A documented body's JSON Schema as a zod schema, to check an answer against the document itself. */
export function documentedSchema(document: OpenApiDocument, schema: unknown): z.ZodType {
  return withUnicodePatterns(() => z.fromJSONSchema(inlineRefs(document, schema) as z.core.JSONSchema.JSONSchema));
}
