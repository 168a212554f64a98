import { httpHandler } from '#functions/route-kinds';
import { buildOpenApiDocument } from '../../services/public-api/openapi-document';

/** Built once per container: it changes only with a deployment. */
const document = buildOpenApiDocument();

/** GET /v1/openapi.json: the public API's OpenAPI 3.1 document, to anyone, cacheable for five minutes. */
export const handler = httpHandler({ auth: 'public' }, async () => ({
  status: 200,
  body: document,
  headers: { 'cache-control': 'public, max-age=300' },
}));
