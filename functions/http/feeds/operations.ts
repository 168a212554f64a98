import { inboxQuerySchema } from '#shared/schemas/feeds';
import { operation } from '../../lib/http-handler';
import { listFeeds, listInbox } from '../../services/feeds/feeds';

/** The workspace's feeds and auto-draft settings (GET …/feeds, /api and /v1). */
export const listFeedsOperation = operation({}, async ({ workspace }) => ({
  status: 200,
  body: await listFeeds(workspace.workspaceId),
}));

/** One page of new articles, newest first, dismissed ones left out (GET …/inbox, /api and /v1). */
export const inboxOperation = operation({ query: inboxQuerySchema }, async ({ query, workspace }) => ({
  status: 200,
  body: await listInbox(workspace.workspaceId, query.limit, query.cursor),
}));
