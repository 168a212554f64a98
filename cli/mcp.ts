import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ThreadSnipOperations } from '../functions/services/mcp/tools';
import { mcpMessages } from '../shared/messages/mcp';
import { type ApiClient, createApiClient, resolveApiCredentials } from './api-client';

/** The MCP tools' operations over the public API (/v1): each a /v1 route, its refusals as the API words them. */
export function apiOperations(api: ApiClient): ThreadSnipOperations {
  const thread = (threadId: string) => `/v1/threads/${encodeURIComponent(threadId)}`;
  return {
    createThreadFromUrl: (request) => api.request('POST', '/v1/threads', request),
    getJob: (jobId) => api.request('GET', `/v1/jobs/${encodeURIComponent(jobId)}`),
    listThreads: (query) => {
      const search = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]),
      );
      return api.request('GET', `/v1/threads${search.size ? `?${search}` : ''}`);
    },
    getThread: (threadId) => api.request('GET', thread(threadId)),
    saveThreadPosts: (threadId, request) => api.request('PATCH', thread(threadId), request),
    scheduleThread: (threadId, request) => api.request('POST', `${thread(threadId)}/schedule`, request),
    publishThread: (threadId, request) => api.request('POST', `${thread(threadId)}/publish`, request),
    getInsights: (days) => api.request('GET', `/v1/insights?days=${days}`),
  };
}

export interface McpStdioOptions {
  env: NodeJS.ProcessEnv;
  /** Where failures that are not refusals are told (never stdout: it carries the protocol). */
  log?: (message: string) => void;
}

/**
 * `threadsnip mcp`: the MCP server over stdio for a local assistant, its tools calling the ThreadSnip
 * API with the key from THREADSNIP_API_KEY (or `threadsnip login`). Resolves when the assistant
 * closes the connection; 1 without a key.
 */
export async function runMcpStdio({
  env,
  log = (message) => console.error(message),
}: McpStdioOptions): Promise<number> {
  const credentials = await resolveApiCredentials(env);
  if (!credentials) {
    log(mcpMessages.noCredentials);
    return 1;
  }
  const { createMcpServer } = await import('../functions/services/mcp/server');
  const server = createMcpServer(apiOperations(createApiClient(credentials)), {
    onUnexpectedError: (error) => log(`threadsnip mcp: ${error instanceof Error ? error.message : String(error)}`),
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await closed;
  return 0;
}
