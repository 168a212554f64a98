import type { ConnectionView } from '#shared/schemas/publishing';
import {
  type PostingQueue,
  postingQueueSchema,
  rescheduleRequestSchema,
  type ScheduledItem,
  scheduleRequestSchema,
} from '#shared/schemas/scheduling';
import type { Thread } from '#shared/schemas/thread';
import { LOCAL_RUNTIME_CONFIG } from '../test-utils';

type Answer = Response | undefined;

/** A request the page sent, its body parsed. */
export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
}

const refuse = (status: number, error: string, code: string) => Response.json({ error, code }, { status });

/**
 * The scheduling routes as the contract (shared/schemas/scheduling.ts) describes them, in memory, for
 * the SPA's tests: requests are checked with the contract's own schemas (a body the API would refuse
 * gets its 400), items move from upcoming to past when published. `nextSlot` is where Add to Queue
 * lands; with no slots saved the queue is refused, as the API does.
 */
export function schedulingApi(options: {
  thread: Thread;
  queue?: PostingQueue | null;
  nextSlot?: string;
  /** The workspace's connections (default: one Telegram account). */
  connections?: ConnectionView[];
}) {
  const state = {
    queue: options.queue ?? null,
    items: [] as ScheduledItem[],
    sent: [] as SentRequest[],
    /** When set, every scheduling route answers as an API without them (before the backend lands). */
    routesMissing: false,
  };
  let counter = 0;

  const newItem = (at: string, platforms: ScheduledItem['platforms'], source: ScheduledItem['source']) => {
    counter += 1;
    const item: ScheduledItem = {
      itemId: `item-${counter}`,
      threadId: options.thread.id,
      threadTitle: options.thread.title,
      platforms,
      at: new Date(at).toISOString(),
      timeZone: state.queue?.timeZone ?? 'UTC',
      source,
      status: 'scheduled',
      firedAt: null,
      outcomes: [],
    };
    state.items.push(item);
    return item;
  };

  const answer = (method: string, url: string, body: unknown): Answer => {
    if (url === '/api/connections') {
      return Response.json({
        connections: options.connections ?? [
          {
            platform: 'telegram',
            accountId: 'account-1',
            name: 'Account one',
            isConnected: true,
            platformUsername: 'readsbot',
            connectionData: {},
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
        enabledPlatforms: ['telegram'],
        unavailablePlatforms: [],
      });
    }
    if (url === `/api/threads/${options.thread.id}/publishing`) {
      return Response.json({ threadId: options.thread.id, platforms: [] });
    }
    const scheduling =
      url.startsWith('/api/scheduling/') || url.startsWith('/api/scheduled') || url.endsWith('/schedule');
    if (scheduling && state.routesMissing) return refuse(404, 'Route not found', 'route_not_found');

    if (url === '/api/scheduling/queue' && method === 'GET') {
      return state.queue ? Response.json(state.queue) : refuse(404, 'No posting queue yet', 'not_found');
    }
    if (url === '/api/scheduling/queue' && method === 'PUT') {
      const parsed = postingQueueSchema.safeParse(body);
      if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message, 'invalid_request');
      state.queue = parsed.data;
      return Response.json(state.queue);
    }
    if (url === `/api/threads/${options.thread.id}/schedule` && method === 'POST') {
      const parsed = scheduleRequestSchema.safeParse(body);
      if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message, 'invalid_request');
      if (parsed.data.queue) {
        if (!state.queue?.slots.length || !options.nextSlot) {
          return refuse(400, 'Add weekly slots to your posting queue first', 'invalid_request');
        }
        return Response.json(newItem(options.nextSlot, parsed.data.platforms, 'queue'), { status: 201 });
      }
      return Response.json(newItem(parsed.data.at!, parsed.data.platforms, 'time'), { status: 201 });
    }
    if (url === `/api/threads/${options.thread.id}/schedule` && method === 'GET') {
      return Response.json({ items: state.items.filter((item) => item.status === 'scheduled') });
    }
    if (url.startsWith('/api/scheduled?view=')) {
      const upcoming = url.endsWith('upcoming');
      const items = state.items
        .filter((item) => (item.status === 'scheduled') === upcoming)
        .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
      return Response.json({ items });
    }
    const itemMatch = /^\/api\/scheduled\/([^/]+)(\/publish-now)?$/.exec(url);
    if (itemMatch) {
      const item = state.items.find((each) => each.itemId === itemMatch[1] && each.status === 'scheduled');
      if (!item) return refuse(404, 'Scheduled item not found', 'not_found');
      if (itemMatch[2] && method === 'POST') {
        Object.assign(item, {
          status: 'fired',
          firedAt: new Date().toISOString(),
          outcomes: item.platforms.map((platform) => ({
            platform,
            accountId: null,
            status: 'pending',
            error: null,
            postUrl: null,
          })),
        });
        return Response.json(item, { status: 202 });
      }
      if (method === 'PUT') {
        const parsed = rescheduleRequestSchema.safeParse(body);
        if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message, 'invalid_request');
        item.at = new Date(parsed.data.at).toISOString();
        return Response.json(item);
      }
      if (method === 'DELETE') {
        item.status = 'cancelled';
        return new Response(null, { status: 204 });
      }
    }
    return undefined;
  };

  /** A fetch for vi.stubGlobal: the runtime config, the scheduling routes, else the fallback (404 by default). */
  const fetch = async (input: RequestInfo | URL, init?: RequestInit, fallback?: (url: string) => Answer) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(LOCAL_RUNTIME_CONFIG);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url !== '/api/connections' && !url.endsWith('/publishing')) state.sent.push({ method, url, body });
    return answer(method, url, body) ?? fallback?.(url) ?? refuse(404, 'Not found', 'not_found');
  };

  return { state, fetch };
}
