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

/** A documented body's JSON Schema as a zod schema, to check an answer against the document itself. */
export function documentedSchema(document: OpenApiDocument, schema: unknown): z.ZodType {
  return z.fromJSONSchema(inlineRefs(document, schema) as z.core.JSONSchema.JSONSchema);
}
