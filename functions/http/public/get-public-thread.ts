import { html, routeStack } from '../../lib/http-handler';
import { publicThreadPage } from '../../services/public/public-threads';

/** GET /t/{publicId}: a public thread as a plain HTML page, readable signed out; 404 page otherwise. */
export const handler = routeStack('public', async (event) => {
  const page = await publicThreadPage((event.pathParameters?.publicId ?? '').slice(0, 200));
  return html(page.status, page.html);
});
