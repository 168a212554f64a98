import * as z from 'zod';

/**
 * The parts of an OpenAPI 3.1 document that GET /v1/openapi.json answers with and the web app's
 * reference page reads: the essentials of the OpenAPI 3.1 specification's own schema (required
 * fields, parameter locations, response maps keyed by status), loose elsewhere so extensions pass.
 * A JSON Schema inside the document is any object (OpenAPI 3.1 uses JSON Schema 2020-12 as is).
 */
const jsonSchemaSchema = z.looseObject({});

const referenceSchema = z.object({ $ref: z.string().startsWith('#/components/') });

export const openApiParameterSchema = z.looseObject({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  description: z.string().optional(),
  required: z.boolean().optional(),
  schema: jsonSchemaSchema,
});
export type OpenApiParameter = z.infer<typeof openApiParameterSchema>;

const mediaTypesSchema = z.record(z.string(), z.looseObject({ schema: jsonSchemaSchema.optional() }));

export const openApiResponseSchema = z.looseObject({
  description: z.string(),
  headers: z.record(z.string(), z.union([referenceSchema, z.looseObject({ schema: jsonSchemaSchema })])).optional(),
  content: mediaTypesSchema.optional(),
});
export type OpenApiResponse = z.infer<typeof openApiResponseSchema>;

/** Security requirements: scheme name → the scopes (roles, for a bearer scheme) the operation needs. */
const securityRequirementsSchema = z.array(z.record(z.string(), z.array(z.string())));

export const openApiOperationSchema = z.looseObject({
  operationId: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/),
  summary: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(z.union([referenceSchema, openApiParameterSchema])).optional(),
  requestBody: z
    .looseObject({ description: z.string().optional(), required: z.boolean().optional(), content: mediaTypesSchema })
    .optional(),
  // Responses are inline (the document's generator writes no response references).
  responses: z.record(z.string().regex(/^[1-5][0-9]{2}$/), openApiResponseSchema),
  security: securityRequirementsSchema.optional(),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type OpenApiMethod = (typeof OPENAPI_METHODS)[number];

const pathItemSchema = z.partialRecord(z.enum(OPENAPI_METHODS), openApiOperationSchema);

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string(), description: z.string().optional() })).min(1),
  // Paths start with a slash (OpenAPI 3.1, 4.8.8.1).
  paths: z.record(z.string().startsWith('/'), pathItemSchema),
  components: z.looseObject({
    schemas: z.record(z.string(), jsonSchemaSchema).optional(),
    parameters: z.record(z.string(), openApiParameterSchema).optional(),
    headers: z.record(z.string(), z.looseObject({ schema: jsonSchemaSchema })).optional(),
    securitySchemes: z
      .record(z.string(), z.looseObject({ type: z.enum(['apiKey', 'http', 'mutualTLS', 'oauth2', 'openIdConnect']) }))
      .optional(),
  }),
  security: securityRequirementsSchema.optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
