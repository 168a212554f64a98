import {
  addFeedRequestSchema,
  type Feed,
  type FeedList,
  feedListSchema,
  type InboxItem,
  inboxPageSchema,
} from '#shared/schemas/feeds';
import { LOCAL_RUNTIME_CONFIG } from '../test-utils';

const refuse = (status: number, error: string, code: string) => Response.json({ error, code }, { status });

/** A followed feed as GET /api/feeds lists it. */
export function testFeed(overrides: Partial<Feed> = {}): Feed {
  return {
    id: 'feed-1',
    url: 'https://news.example/feed.xml',
    title: 'Harbour News',
    siteUrl: 'https://news.example/',
    state: 'ok',
    failureReason: null,
    consecutiveFailures: 0,
    lastCheckedAt: '2026-03-10T12:00:00.000Z',
    nextCheckAt: '2026-03-10T12:29:00.000Z',
    oversized: false,
    autoDraft: false,
    createdAt: '2026-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** An inbox article as GET /api/inbox lists it. */
export function testItem(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: 'feed-1.entry-1',
    feedId: 'feed-1',
    source: 'Harbour News',
    title: 'The quay reopens',
    url: 'https://news.example/articles/quay',
    summary: 'After two years the quay is open again.',
    publishedAt: '2026-03-10T09:00:00.000Z',
    autoDraft: null,
    ...overrides,
  };
}

/**
 * The feeds routes in memory, for the SPA's tests: answers are checked against the contract's schemas
 * (shared/schemas/feeds.ts) and requests with the request schemas. `addFeed` decides what POST
 * /api/feeds answers; 'Check now' stamps the feed's last check, as the worker does when it lands.
 */
export function feedsApi(options: { feeds?: Feed[]; items?: InboxItem[] } = {}) {
  const state = {
    feeds: options.feeds ?? [],
    items: options.items ?? [],
    sent: [] as { method: string; url: string }[],
    addFeed: (url: string): Response => {
      const feed = testFeed({ id: `feed-${state.feeds.length + 1}`, url, title: 'Added Feed' });
      state.feeds.push(feed);
      return Response.json(feed, { status: 201 });
    },
  };

  const answer = (method: string, url: string, body: unknown): Response | undefined => {
    if (method === 'GET' && url === '/api/feeds') {
      const list: FeedList = { feeds: state.feeds, settings: { autoDraftsPerDay: 3 } };
      return Response.json(feedListSchema.parse(list));
    }
    if (method === 'GET' && url.startsWith('/api/inbox?')) {
      return Response.json(inboxPageSchema.parse({ items: state.items, nextCursor: null }));
    }
    if (method === 'POST' && url === '/api/feeds') {
      const request = addFeedRequestSchema.safeParse(body);
      return request.success ? state.addFeed(request.data.url) : refuse(400, 'A URL is required', 'validation_error');
    }
    const check = url.match(/^\/api\/feeds\/([^/]+)\/check$/);
    if (method === 'POST' && check) {
      const feed = state.feeds.find((candidate) => candidate.id === check[1]);
      if (!feed) return refuse(404, 'Feed not found', 'feed_not_found');
      feed.lastCheckedAt = '2026-03-10T12:40:00.000Z';
      return Response.json({ queued: true }, { status: 202 });
    }
    const dismiss = url.match(/^\/api\/inbox\/([^/]+)\/dismiss$/);
    if (method === 'POST' && dismiss) {
      const before = state.items.length;
      state.items = state.items.filter((item) => item.id !== decodeURIComponent(dismiss[1] ?? ''));
      return state.items.length < before
        ? new Response(null, { status: 204 })
        : refuse(404, 'Inbox item not found', 'inbox_item_not_found');
    }
    return undefined;
  };

  /** A fetch for vi.stubGlobal: the runtime config, the feeds routes, else 404. */
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    const method = init?.method ?? 'GET';
    state.sent.push({ method, url });
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    return answer(method, url, body) ?? refuse(404, 'Not found', 'not_found');
  };

  return { state, fetch, refuse };
}
