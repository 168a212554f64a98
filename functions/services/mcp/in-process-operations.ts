/**
 * The MCP tools' operations in process (the /mcp Lambda): each the service call its /v1 route makes,
 * behind the same checks the /v1 route stack makes: the key's scope for the operation (403
 * `api_key_scope_missing`), then the creator's account and role in the key's workspace, made with
 * the operation's first read.
 */
import { apiKeyMessages } from '#shared/messages/api-keys';
import { type ApiKeyScope, scopePermission } from '#shared/schemas/api-keys';
import { createGenerationJobRequestSchema } from '#shared/schemas/generation';
import { jobStatusPath } from '#shared/schemas/public-api';
import { scheduleRequestSchema } from '#shared/schemas/scheduling';
import { listThreadsQuerySchema, updateThreadRequestSchema } from '#shared/schemas/thread';
import type { FirstRead } from '../../lib/account-checked-read';
import { ForbiddenError } from '../../lib/errors';
import { parseInput } from '../../lib/http-handler';
import { readWorkspaceCheckingAccount } from '../account/deleted-accounts';
import type { ApiKeyPrincipal } from '../api-keys/verify-api-key';
import { listConnections } from '../connections/connections';
import { getGenerationJob } from '../generation/job-view';
import { submitGenerationJob } from '../generation/submit-job';
import { getInsights } from '../insights/insights';
import { requestPublish } from '../publishing/publish-thread';
import { scheduleThread } from '../scheduling/scheduled-items';
import { actingIn } from '../threads/thread-access';
import { getThread, listThreads, saveThreadPosts, threadDetailRead, threadPageRead } from '../threads/threads';
import type { ThreadSnipOperations } from './tools';

export interface McpCaller {
  /** The key the request came with, as verified. */
  principal: ApiKeyPrincipal;
  /** The user agent of the request (for security events). */
  userAgent: string;
}

/** The operations acting as the key's creator in the key's workspace. */
export function inProcessOperations({ principal, userAgent }: McpCaller): ThreadSnipOperations {
  const { workspaceId, userId } = principal;

  /** The scope, then the account and the role for it, with the operation's first read (its value). */
  async function checked<T>(scope: ApiKeyScope, firstRead?: () => FirstRead<T>): Promise<T | undefined> {
    if (!principal.scopes.includes(scope))
      throw new ForbiddenError(apiKeyMessages.scopeMissing(scope), 'api_key_scope_missing');
    const read = firstRead?.();
    const workspace = { workspaceId, permission: scopePermission[scope] };
    if (!read || 'item' in read) return (await readWorkspaceCheckingAccount(userId, new Date(), workspace, read)).value;
    await readWorkspaceCheckingAccount(userId, new Date(), workspace);
    return read.sideBySide();
  }
  const reading = () => ({ userId: workspaceId, userAgent, now: new Date() });
  const acting = () => actingIn(workspaceId, userId, userAgent);

  return {
    async createThreadFromUrl(request) {
      await checked('threads:write');
      const body = parseInput(createGenerationJobRequestSchema, request, 'arguments');
      // The key's workspace's thread, paid from its credits, as POST /v1/threads makes it.
      const job = await submitGenerationJob({ userId: workspaceId, email: '' }, body, new Date(), {
        userAgent,
        actorId: userId,
      });
      return { ...job, statusUrl: jobStatusPath(job.jobId) };
    },
    async getJob(jobId) {
      await checked('read');
      const job = await getGenerationJob(workspaceId, jobId);
      return { ...job, statusUrl: jobStatusPath(job.jobId) };
    },
    async listThreads(query) {
      const page = await checked('read', () =>
        threadPageRead(workspaceId, parseInput(listThreadsQuerySchema, query, 'arguments')),
      );
      return listThreads(reading(), page!);
    },
    async getThread(threadId) {
      const found = await checked('read', () => threadDetailRead(workspaceId, threadId));
      return getThread(reading(), threadId, found ?? null);
    },
    async saveThreadPosts(threadId, request) {
      await checked('threads:write');
      return saveThreadPosts(acting(), threadId, parseInput(updateThreadRequestSchema, request, 'arguments'));
    },
    async scheduleThread(threadId, request) {
      await checked('publish');
      return scheduleThread(acting(), threadId, parseInput(scheduleRequestSchema, request, 'arguments'));
    },
    async publishThread(threadId, request) {
      await checked('publish');
      return requestPublish(workspaceId, threadId, request, new Date(), { userAgent, actorId: userId });
    },
    async getInsights(days) {
      await checked('read');
      return getInsights(workspaceId, days, new Date());
    },
    async listConnections() {
      await checked('read');
      return listConnections(workspaceId);
    },
  };
}
