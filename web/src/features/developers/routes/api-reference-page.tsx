import { ErrorState } from '#web/components/ui/error-state';
import { LoadingState } from '#web/components/ui/loading-state';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { ApiReference } from '../components/api-reference';

/** /developers/api: the public API's reference, rendered from GET /v1/openapi.json (public, like the document). */
export function ApiReferencePage() {
  const document = useOpenApiDocument();
  return (
    <section className="page stack">
      <h1>ThreadSnip API reference</h1>
      {document.isPending && <LoadingState as="p" />}
      {document.isError && <ErrorState>{document.error.message}</ErrorState>}
      {document.data && <ApiReference document={document.data} />}
    </section>
  );
}
