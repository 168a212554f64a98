import { config } from '../../lib/config';
import { html, routeStack } from '../../lib/http-handler';
import { aboutArticlePage } from '../../services/public/public-threads';

/** GET /about-article?url=…: every public thread about that article, newest first, as plain HTML. */
export const handler = routeStack('public', async (event) => {
  const url = event.queryStringParameters?.url?.slice(0, 2_000);
  const pageUrl = new URL(`/about-article${url ? `?url=${encodeURIComponent(url)}` : ''}`, config().appPublicUrl).href;
  const page = await aboutArticlePage(url, pageUrl);
  return html(page.status, page.html);
});
