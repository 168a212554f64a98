import type {
  OpenApiDocument,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
} from '#shared/schemas/openapi';
import { OPENAPI_METHODS } from '#shared/schemas/openapi';

type JsonSchema = Record<string, unknown>;

/** Follows a local `#/components/…` reference (the document's only kind); anything else as it is. */
function resolve<T>(document: OpenApiDocument, value: unknown): T {
  const ref = (value as { $ref?: unknown } | null)?.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return value as T;
  let target: unknown = document;
  for (const part of ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[part];
  return (target ?? value) as T;
}

/** A schema's type in a few words: `string`, `integer ≥ 0`, `one of a, b`, `array of object`, `string or null`. */
export function describeType(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(', ')}`;
  if (Array.isArray(schema.anyOf))
    return (schema.anyOf as JsonSchema[]).map((option) => describeType(option)).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${describeType(schema.items as JsonSchema)}`;
  return type;
}

/** An object's fields, nested, each with its type and whether it is always there. */
function SchemaFields({
  document,
  schema,
  depth = 0,
}: {
  document: OpenApiDocument;
  schema: JsonSchema;
  depth?: number;
}) {
  const resolved = resolve<JsonSchema>(document, schema);
  const object = Array.isArray(resolved.anyOf)
    ? ((resolved.anyOf as JsonSchema[]).find((option) => option.properties) ?? resolved)
    : resolved.type === 'array' && resolved.items
      ? resolve<JsonSchema>(document, resolved.items)
      : resolved;
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  if (Object.keys(properties).length === 0 || depth > 3) return <code className="small">{describeType(resolved)}</code>;
  return (
    <ul className="plain-list small">
      {Object.entries(properties).map(([name, property]) => (
        <li key={name}>
          <code>{name}</code> <span className="muted">{describeType(property)}</span>
          {!required.has(name) && <span className="muted"> (optional)</span>}
          {Boolean(
            property.properties || (property.type === 'array' && (property.items as JsonSchema)?.properties),
          ) && <SchemaFields document={document} schema={property} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

function ParametersTable({ document, parameters }: { document: OpenApiDocument; parameters: unknown[] }) {
  const resolved = parameters.map((parameter) => resolve<OpenApiParameter>(document, parameter));
  return (
    <table className="small">
      <caption>Parameters</caption>
      <thead>
        <tr>
          <th scope="col">name</th>
          <th scope="col">in</th>
          <th scope="col">type</th>
          <th scope="col">required</th>
          <th scope="col">about</th>
        </tr>
      </thead>
      <tbody>
        {resolved.map((parameter) => (
          <tr key={`${parameter.in} ${parameter.name}`}>
            <td>
              <code>{parameter.name}</code>
            </td>
            <td>{parameter.in}</td>
            <td>
              {describeType(parameter.schema)}
              {parameter.schema.default !== undefined && ` (default ${String(parameter.schema.default)})`}
            </td>
            <td>{parameter.required ? 'yes' : 'no'}</td>
            <td>{parameter.description ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The error codes a response's body may carry (the shared error object narrowed to them). */
function errorCodesOf(response: OpenApiResponse): string[] {
  const schema = response.content?.['application/json']?.schema as { allOf?: JsonSchema[] } | undefined;
  const narrowed = schema?.allOf?.find((part) => part.properties) as
    | { properties: { code?: { enum?: string[] } } }
    | undefined;
  return narrowed?.properties.code?.enum ?? [];
}

function Responses({ document, operation }: { document: OpenApiDocument; operation: OpenApiOperation }) {
  return (
    <dl className="stack small">
      {Object.entries(operation.responses).map(([status, value]) => {
        const response = resolve<OpenApiResponse>(document, value);
        const codes = errorCodesOf(response);
        const body = response.content?.['application/json']?.schema;
        return (
          <div key={status} data-status={status}>
            <dt>
              <strong>{status}</strong> {response.description}
            </dt>
            <dd>
              {codes.length > 0 ? (
                <span>
                  Error codes:{' '}
                  {codes.map((code) => (
                    <code key={code}>{code} </code>
                  ))}
                </span>
              ) : (
                body && <SchemaFields document={document} schema={body} />
              )}
              {response.headers && <span className="muted"> Headers: {Object.keys(response.headers).join(', ')}</span>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function Operation({
  document,
  method,
  path,
  operation,
}: {
  document: OpenApiDocument;
  method: OpenApiMethod;
  path: string;
  operation: OpenApiOperation;
}) {
  const scopes = (operation.security ?? document.security ?? []).flatMap((requirement) =>
    Object.values(requirement).flat(),
  );
  const requiresKey = (operation.security ?? document.security ?? []).length > 0;
  const body = operation.requestBody?.content['application/json']?.schema;
  return (
    <article className="card stack" id={operation.operationId} aria-labelledby={`${operation.operationId}-title`}>
      <h2 id={`${operation.operationId}-title`}>
        <code>
          {method.toUpperCase()} {path}
        </code>
      </h2>
      <p>{operation.summary}</p>
      {operation.description && <p className="small muted">{operation.description}</p>}
      <p className="small">
        {requiresKey ? (
          <>
            API key with scope: <code>{scopes.join(', ') || 'any'}</code>
          </>
        ) : (
          'No key needed'
        )}
      </p>
      {operation.parameters && operation.parameters.length > 0 && (
        <ParametersTable document={document} parameters={operation.parameters} />
      )}
      {body && (
        <section aria-label="Request body">
          <h3>Request body (JSON)</h3>
          <SchemaFields document={document} schema={body} />
        </section>
      )}
      <section aria-label="Responses">
        <h3>Responses</h3>
        <Responses document={document} operation={operation} />
      </section>
    </article>
  );
}

/** The document as a readable list of operations: parameters, bodies, responses with their error codes, scopes. */
export function ApiReference({ document }: { document: OpenApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    OPENAPI_METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ path, method, operation }] : [];
    }),
  );
  return (
    <div className="stack">
      <p>{document.info.description}</p>
      <p className="small muted">
        Version {document.info.version} · OpenAPI {document.openapi} · <a href="/v1/openapi.json">openapi.json</a>
      </p>
      <nav aria-label="Operations">
        <ul className="plain-list small">
          {operations.map(({ path, method, operation }) => (
            <li key={operation.operationId}>
              <a href={`#${operation.operationId}`}>
                {method.toUpperCase()} {path}
              </a>{' '}
              — {operation.summary}
            </li>
          ))}
        </ul>
      </nav>
      {operations.map(({ path, method, operation }) => (
        <Operation key={operation.operationId} document={document} method={method} path={path} operation={operation} />
      ))}
    </div>
  );
}
