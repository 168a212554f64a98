/**
 * The MCP server over a set of operations: the tools of tools.ts (listed with their inputs as JSON
 * Schema, validated with the shared schemas, every refusal a tool result with `isError` and the app's
 * `code: message`) and two resource templates, a thread and its source passages. Whatever an article
 * said reaches the assistant as JSON data; the server itself never acts on content.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ErrorCode as McpErrorCode,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { apiErrorMessages } from '#shared/messages/api-errors';
import { mcpMessages } from '#shared/messages/mcp';
import { type Thread, threadParamsSchema } from '#shared/schemas/thread';
import { directiveUrl, textDirective } from '#shared/text-fragment';
import { describeIssues } from '../../lib/http-handler';
import { type AnyTool, type ThreadSnipOperations, TOOLS, type ToolName, toolInputs } from './tools';

/** The name and version the server introduces itself with. */
export const MCP_SERVER_INFO = { name: 'threadsnip', version: '1.0.0' } as const;

export const THREAD_RESOURCE_TEMPLATE = 'threadsnip://threads/{id}';
export const SOURCES_RESOURCE_TEMPLATE = 'threadsnip://threads/{id}/sources';
const RESOURCE_URI = /^threadsnip:\/\/threads\/([^/?#]{1,200})(\/sources)?$/;

export interface McpServerOptions {
  /** Told of a failure that is not a refusal (a bug, an outage); the assistant hears `internal_error`. */
  onUnexpectedError: (error: unknown) => void;
}

/** A refusal as an assistant reads it: the app's error code, then its message. */
export function refusalText(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' ? `${code}: ${message}` : null;
}

function jsonSchemaOf(schema: z.ZodType): Tool['inputSchema'] {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return { ...rest, type: 'object' } as Tool['inputSchema'];
}

/** The tools as tools/list answers them. */
export function listedTools(): Tool[] {
  return TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(toolInputs[tool.name]),
    annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: true },
  }));
}

const asJson = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Validates a tool's arguments with its schema: the parsed input, or the refusal an assistant reads
 * (`invalid_request: …`, naming the first few problems).
 */
export function parseToolInput(
  name: ToolName,
  args: unknown,
): { ok: true; input: unknown } | { ok: false; text: string } {
  const parsed = toolInputs[name].safeParse(args ?? {});
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, text: `invalid_request: Invalid arguments for ${name}: ${describeIssues(parsed.error)}` };
}

async function callTool(
  operations: ThreadSnipOperations,
  name: string,
  args: unknown,
  options: McpServerOptions,
): Promise<CallToolResult> {
  const refused = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });
  const tool = TOOLS.find((candidate) => candidate.name === name) as AnyTool | undefined;
  if (!tool) return refused(`invalid_request: ${mcpMessages.unknownTool(name.slice(0, 100))}`);
  const parsed = parseToolInput(tool.name, args);
  if (!parsed.ok) return refused(parsed.text);
  try {
    // The input was parsed with this tool's own schema just above.
    const result = await (tool.run as (operations: ThreadSnipOperations, input: unknown) => Promise<unknown>)(
      operations,
      parsed.input,
    );
    return { content: [{ type: 'text', text: asJson(result) }] };
  } catch (error) {
    const text = refusalText(error);
    if (text) return refused(text);
    options.onUnexpectedError(error);
    return refused(`internal_error: ${apiErrorMessages.internal_error}`);
  }
}

/** The thread resource: its facts and posts in order. */
function threadResource(thread: Thread) {
  return {
    id: thread.id,
    title: thread.title,
    sourceUrl: thread.sourceUrl,
    createdAt: thread.createdAt,
    posts: thread.posts.map((post, index) => ({
      index,
      id: post.id,
      content: post.content,
      charCount: post.charCount,
    })),
  };
}

/** The link that opens the article at a post's passage (null without a passage, or one not in the page). */
function passageLink(sourceUrl: string, passage: string | undefined, fragment: string | null | undefined) {
  if (!passage || fragment === null) return null;
  try {
    return directiveUrl(sourceUrl, fragment ?? textDirective(passage));
  } catch {
    return null;
  }
}

/** The sources resource: each post's passage of the article, quoted as data, with its link. */
function sourcesResource(thread: Thread) {
  return {
    threadId: thread.id,
    sourceUrl: thread.sourceUrl,
    note: mcpMessages.sourcesNote,
    posts: thread.posts.map((post, index) => ({
      index,
      postId: post.id,
      passage: post.source ?? null,
      link: passageLink(thread.sourceUrl, post.source, post.sourceFragment),
    })),
  };
}

/** A resource read's refusal, as a JSON-RPC error (a resource has no error result). */
function resourceError(error: unknown, options: McpServerOptions): McpError {
  const text = refusalText(error);
  if (!text) {
    options.onUnexpectedError(error);
    return new McpError(McpErrorCode.InternalError, `internal_error: ${apiErrorMessages.internal_error}`);
  }
  const status = (error as { status?: unknown }).status;
  // -32002: the MCP specification's "resource not found".
  return new McpError(status === 404 ? -32002 : McpErrorCode.InvalidParams, text);
}

async function readResource(operations: ThreadSnipOperations, uri: string, options: McpServerOptions) {
  const match = RESOURCE_URI.exec(uri);
  const params = threadParamsSchema.safeParse({ threadId: decodeURIComponent(match?.[1] ?? '') });
  if (!match || !params.success)
    throw new McpError(McpErrorCode.InvalidParams, `invalid_request: ${mcpMessages.unknownResource}`);
  let thread: Thread;
  try {
    thread = await operations.getThread(params.data.threadId);
  } catch (error) {
    throw resourceError(error, options);
  }
  const body = match[2] ? sourcesResource(thread) : threadResource(thread);
  return { contents: [{ uri, mimeType: 'application/json', text: asJson(body) }] };
}

/** A new server over `operations` (stateless: one per request over HTTP, one per process over stdio). */
export function createMcpServer(operations: ThreadSnipOperations, options: McpServerOptions): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: mcpMessages.serverInstructions,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listedTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) =>
    callTool(operations, request.params.name, request.params.arguments, options),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: THREAD_RESOURCE_TEMPLATE,
        name: 'thread',
        title: 'Thread',
        description: mcpMessages.resources.thread,
        mimeType: 'application/json',
      },
      {
        uriTemplate: SOURCES_RESOURCE_TEMPLATE,
        name: 'thread-sources',
        title: 'Thread sources',
        description: mcpMessages.resources.sources,
        mimeType: 'application/json',
      },
    ],
  }));
  // The listing names the newest threads (one page); any thread is read through the templates.
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    try {
      const page = await operations.listThreads({ sort: 'createdAt', order: 'desc' });
      return {
        resources: page.threads.map((thread) => ({
          uri: `threadsnip://threads/${encodeURIComponent(thread.id)}`,
          name: thread.title.slice(0, 200),
          mimeType: 'application/json',
        })),
      };
    } catch (error) {
      throw resourceError(error, options);
    }
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request) =>
    readResource(operations, request.params.uri, options),
  );
  return server;
}
