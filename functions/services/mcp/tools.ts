/**
 * The MCP server's tools, defined once over `ThreadSnipOperations`: the Lambda at /mcp runs them on
 * the services in process (in-process-operations.ts), `threadsnip mcp` over the public API (/v1) with
 * a key (cli/api-client.ts). Each tool's input is built from the shared schemas the /v1 routes
 * validate with, size-capped, and validated here so a refusal carries the app's error code.
 */
import * as z from 'zod';
import { mcpMessages } from '#shared/messages/mcp';
import { updatePostContent } from '#shared/posts';
import type { ApiKeyScope } from '#shared/schemas/api-keys';
import {
  type CreateGenerationJobRequest,
  createGenerationJobRequestSchema,
  type GenerationJob,
  generationJobParamsSchema,
} from '#shared/schemas/generation';
import { type InsightsResponse, insightsQuerySchema } from '#shared/schemas/insights';
import {
  type ConnectionsResponse,
  chosenAccountsSchema,
  type PublishRequest,
  type PublishStatusResponse,
  publishRequestSchema,
} from '#shared/schemas/publishing';
import {
  type ScheduledItem,
  type ScheduleRequest,
  scheduleRequestSchema,
  timeZoneSchema,
} from '#shared/schemas/scheduling';
import {
  type ListThreadsQuery,
  listThreadsQuerySchema,
  postSchema,
  type Thread,
  type ThreadPage,
  threadParamsSchema,
  type UpdateThreadRequest,
} from '#shared/schemas/thread';
import { ValidationError } from '../../lib/errors';
import { chosenConnections, type PlatformChoice, platformLayouts } from './platform-choice';

/** A job of thread_from_url, as POST /v1/threads answers it: the job and where to poll it. */
export type ThreadJob = GenerationJob & { statusUrl: string };

/**
 * What the tools do, one method per public API operation; each refuses with a `DomainError` (its
 * `code` and message are what the assistant reads). Each checks its key's scope and workspace role.
 */
export interface ThreadSnipOperations {
  createThreadFromUrl(request: CreateGenerationJobRequest): Promise<ThreadJob>;
  getJob(jobId: string): Promise<ThreadJob>;
  listThreads(query: ListThreadsQuery): Promise<ThreadPage>;
  getThread(threadId: string): Promise<Thread>;
  saveThreadPosts(threadId: string, request: UpdateThreadRequest): Promise<Thread>;
  scheduleThread(threadId: string, request: ScheduleRequest): Promise<ScheduledItem>;
  publishThread(threadId: string, request: PublishRequest): Promise<PublishStatusResponse>;
  getInsights(days: number): Promise<InsightsResponse>;
  /** The workspace's connections (GET /v1/connections), to check and lay out the platforms a tool names. */
  listConnections(): Promise<ConnectionsResponse>;
}

/** The largest post index a tool accepts (a thread has at most 50 posts). */
const MAX_POST_INDEX = 49;

const platforms = publishRequestSchema.shape.platforms;
// One account or several per platform, as the app's Schedule and Add to Queue take them.
const accounts = scheduleRequestSchema.shape.accounts;

/** The platforms a reading tool lays a thread out for (optional), and which of their accounts (absent: each connected one). */
const platformChoice = {
  platforms: platforms.optional(),
  accounts: chosenAccountsSchema.optional(),
};
const accountsOnlyOfPlatforms = (input: Partial<PlatformChoice>) =>
  Object.keys(input.accounts ?? {}).every((platform) => input.platforms?.some((each) => each === platform));
const accountsRefinement = {
  message: 'accounts may only name platforms given in platforms',
  path: ['accounts'],
};

/** The tools' inputs: the /v1 schemas (their own caps: URL 2,048, cursor 2,000, post text 10,000, 9 platforms). */
export const toolInputs = {
  thread_from_url: createGenerationJobRequestSchema
    .pick({ url: true, tone: true, language: true })
    .extend(platformChoice)
    .strict()
    .refine(accountsOnlyOfPlatforms, accountsRefinement),
  get_job: generationJobParamsSchema
    .extend(platformChoice)
    .strict()
    .refine(accountsOnlyOfPlatforms, accountsRefinement),
  list_threads: listThreadsQuerySchema.strict(),
  get_thread: threadParamsSchema.extend(platformChoice).strict().refine(accountsOnlyOfPlatforms, accountsRefinement),
  edit_post: threadParamsSchema
    .extend({
      postIndex: z.number().int().min(0).max(MAX_POST_INDEX),
      text: postSchema.shape.content.min(1, 'The new text is empty'),
    })
    .strict(),
  schedule_thread: threadParamsSchema
    .extend({
      platforms,
      at: scheduleRequestSchema.shape.at.unwrap(),
      timeZone: timeZoneSchema.optional(),
      accounts,
    })
    .strict(),
  add_to_queue: threadParamsSchema.extend({ platforms, accounts }).strict(),
  publish_thread: threadParamsSchema.extend({ platforms, accounts: publishRequestSchema.shape.accounts }).strict(),
  get_insights: insightsQuerySchema.strict(),
} as const;

export type ToolName = keyof typeof toolInputs;

export interface ToolDefinition<N extends ToolName = ToolName> {
  name: N;
  title: string;
  description: string;
  /** The key scopes the tool needs (for the listing and the docs; the operations enforce them). */
  scopes: ApiKeyScope[];
  /** True when the tool changes nothing (an assistant may call it without asking). */
  readOnly: boolean;
  run(operations: ThreadSnipOperations, input: z.output<(typeof toolInputs)[N]>): Promise<unknown>;
}

/** edit_post: the thread read, the one post replaced as the editor replaces it, then saved (length and safety checked there). */
async function editPost(
  operations: ThreadSnipOperations,
  input: z.output<(typeof toolInputs)['edit_post']>,
): Promise<Thread> {
  const thread = await operations.getThread(input.threadId);
  if (input.postIndex >= thread.posts.length)
    throw new ValidationError(mcpMessages.noPostAt(input.postIndex, thread.posts.length));
  const update = updatePostContent(thread.posts, input.postIndex, input.text);
  if (!update.ok) throw new ValidationError(update.error.description ?? update.error.title, 'attribution_protected');
  return operations.saveThreadPosts(input.threadId, {
    posts: update.posts.map((post) => ({ id: post.id, content: post.content, media: post.media })),
  });
}

/** What a tool answers the assistant to call next: the tool and its arguments. */
export interface NextStep {
  tool: ToolName;
  arguments: Record<string, unknown>;
}

type Choice = Partial<PlatformChoice>;

/** The platforms (and accounts) of a choice, for the next step's arguments; none when none were named. */
const choiceArguments = ({ platforms, accounts }: Choice) => ({
  ...(platforms ? { platforms } : {}),
  ...(accounts ? { accounts } : {}),
});

/** The connections a choice names, checked at call time (none named: none checked). */
async function checkedChoice(operations: ThreadSnipOperations, choice: Choice) {
  if (!choice.platforms) return undefined;
  const { connections } = await operations.listConnections();
  return chosenConnections({ platforms: choice.platforms, accounts: choice.accounts }, connections);
}

/** A job with the step after it: poll it while it runs, read its thread (laid out for the platforms) once it succeeded. */
function withNextStep(job: ThreadJob, choice: Choice): ThreadJob & Choice & { next: NextStep | null } {
  const next: NextStep | null =
    job.status === 'queued' || job.status === 'running'
      ? { tool: 'get_job', arguments: { jobId: job.jobId, ...choiceArguments(choice) } }
      : job.status === 'succeeded'
        ? { tool: 'get_thread', arguments: { threadId: job.threadId, ...choiceArguments(choice) } }
        : null;
  return { ...job, ...choiceArguments(choice), next };
}

/** thread_from_url: the platforms checked before the job is made (and charged), then the job and its next step. */
async function threadFromUrl(
  operations: ThreadSnipOperations,
  { platforms: chosen, accounts: chosenAccounts, ...request }: z.output<(typeof toolInputs)['thread_from_url']>,
) {
  const choice = { platforms: chosen, accounts: chosenAccounts };
  await checkedChoice(operations, choice);
  return withNextStep(await operations.createThreadFromUrl(request), choice);
}

/** get_thread: the thread, and with platforms, each chosen account's posts as they will post there. */
async function getThreadLaidOut(
  operations: ThreadSnipOperations,
  { threadId, ...choice }: z.output<(typeof toolInputs)['get_thread']>,
) {
  const thread = await operations.getThread(threadId);
  const connections = await checkedChoice(operations, choice);
  return connections ? { ...thread, layouts: platformLayouts(thread, connections) } : thread;
}

const tool = <N extends ToolName>(definition: Omit<ToolDefinition<N>, 'description'>): ToolDefinition<N> => ({
  ...definition,
  description: mcpMessages.tools[definition.name],
});

/** Any one tool. */
export type AnyTool = { [N in ToolName]: ToolDefinition<N> }[ToolName];

/** Every tool, in the order they are listed. */
export const TOOLS: AnyTool[] = [
  tool({
    name: 'thread_from_url',
    title: 'Thread from URL',
    scopes: ['threads:write'],
    readOnly: false,
    run: threadFromUrl,
  }),
  tool({
    name: 'get_job',
    title: 'Get job',
    scopes: ['read'],
    readOnly: true,
    run: async (operations, { jobId, ...choice }) => withNextStep(await operations.getJob(jobId), choice),
  }),
  tool({
    name: 'list_threads',
    title: 'List threads',
    scopes: ['read'],
    readOnly: true,
    run: (operations, input) => operations.listThreads(input),
  }),
  tool({
    name: 'get_thread',
    title: 'Get thread',
    scopes: ['read'],
    readOnly: true,
    run: getThreadLaidOut,
  }),
  tool({ name: 'edit_post', title: 'Edit post', scopes: ['read', 'threads:write'], readOnly: false, run: editPost }),
  tool({
    name: 'schedule_thread',
    title: 'Schedule thread',
    scopes: ['publish'],
    readOnly: false,
    run: (operations, { threadId, ...request }) => operations.scheduleThread(threadId, request),
  }),
  tool({
    name: 'add_to_queue',
    title: 'Add to queue',
    scopes: ['publish'],
    readOnly: false,
    run: (operations, { threadId, ...request }) => operations.scheduleThread(threadId, { ...request, queue: true }),
  }),
  tool({
    name: 'publish_thread',
    title: 'Publish thread',
    scopes: ['publish'],
    readOnly: false,
    run: (operations, { threadId, ...request }) => operations.publishThread(threadId, request),
  }),
  tool({
    name: 'get_insights',
    title: 'Get insights',
    scopes: ['read'],
    readOnly: true,
    run: (operations, input) => operations.getInsights(input.days),
  }),
];
