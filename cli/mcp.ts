import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ThreadSnipOperations } from '../functions/services/mcp/tools';
import { mcpMessages } from '../shared/messages/mcp';
import { type ApiClient, createApiClient } from './api-client';
import { readCliConfig } from './config';

/** The MCP tools' operations over the public API (/v1): each a /v1 route, its refusals as the API words them. */
export function apiOperations(api: ApiClient): ThreadSnipOperations {
  return {
    createThreadFromUrl: (request) => api.createThread(request),
    getJob: (jobId) => api.getJob(jobId),
    listThreads: ({ cursor, sort, order }) => api.listThreads(cursor, { sort, order }),
    getThread: (threadId) => api.getThread(threadId),
    saveThreadPosts: (threadId, request) => api.updateThread(threadId, request),
    scheduleThread: (threadId, request) => api.schedule(threadId, request),
    publishThread: (threadId, request) => api.publish(threadId, request),
    getInsights: (days) => api.getInsights(days),
    listConnections: () => api.listConnections(),
  };
}

export interface McpStdioOptions {
  env: NodeJS.ProcessEnv;
  /** Where failures that are not refusals are told (never stdout: it carries the protocol). */
  log?: (message: string) => void;
}

/**
 * `threadsnip mcp`: the MCP server over stdio for a local assistant, its tools calling the ThreadSnip
 * API with the key `threadsnip login` stored (or THREADSNIP_API_KEY and THREADSNIP_API_URL).
 * Resolves when the assistant closes the connection; 1 without a key.
 */
export async function runMcpStdio({
  env,
  log = (message) => console.error(message),
}: McpStdioOptions): Promise<number> {
  const config = await readCliConfig(env);
  if (!config) {
    log(mcpMessages.noCredentials);
    return 1;
  }
  const { createMcpServer } = await import('../functions/services/mcp/server');
  const server = createMcpServer(apiOperations(createApiClient(config)), {
    onUnexpectedError: (error) => log(`threadsnip mcp: ${error instanceof Error ? error.message : String(error)}`),
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(new StdioServerTransport());
  await closed;
  return 0;
}
