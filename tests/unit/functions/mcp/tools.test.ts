import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#functions/lib/errors';
import { listedTools, parseToolInput, refusalText } from '#functions/services/mcp/server';
import { type ThreadSnipOperations, TOOLS } from '#functions/services/mcp/tools';
import type { Thread } from '#shared/schemas/thread';

const threadId = randomUUID();

describe('the MCP tools inputs', () => {
  it('lists each tool with a JSON Schema object input, its caps stated', () => {
    const tools = Object.fromEntries(listedTools().map((tool) => [tool.name, tool]));

    expect(Object.keys(tools)).toEqual(TOOLS.map((tool) => tool.name));
    for (const tool of Object.values(tools)) expect(tool.inputSchema.type).toBe('object');
    expect(tools.thread_from_url!.inputSchema.properties?.url).toMatchObject({ maxLength: 2048 });
    expect(tools.edit_post!.inputSchema.properties?.text).toMatchObject({ maxLength: 10_000, minLength: 1 });
    expect(tools.edit_post!.inputSchema.properties?.postIndex).toMatchObject({ minimum: 0, maximum: 49 });
    expect(tools.publish_thread!.inputSchema.properties?.platforms).toMatchObject({ maxItems: 9, minItems: 1 });
    expect(tools.list_threads!.inputSchema.properties?.cursor).toMatchObject({ maxLength: 2000 });
    expect(tools.schedule_thread!.inputSchema.required).toEqual(['threadId', 'platforms', 'at']);
    for (const name of ['thread_from_url', 'get_job', 'get_thread']) {
      expect(tools[name]!.inputSchema.properties?.platforms).toMatchObject({ maxItems: 9, minItems: 1 });
      expect(tools[name]!.inputSchema.properties).toHaveProperty('accounts');
      expect(tools[name]!.inputSchema.required).not.toContain('platforms');
    }
  });

  it('accepts good input, with the defaults of the shared schemas', () => {
    expect(parseToolInput('thread_from_url', { url: 'https://example.com/a' })).toEqual({
      ok: true,
      input: { url: 'https://example.com/a', tone: 'professional' },
    });
    expect(parseToolInput('list_threads', undefined)).toEqual({
      ok: true,
      input: { sort: 'createdAt', order: 'desc' },
    });
    expect(parseToolInput('get_insights', {})).toEqual({ ok: true, input: { days: 30 } });
  });

  it.each([
    ['thread_from_url', { url: 'javascript:alert(1)' }, /url/],
    ['thread_from_url', { url: `https://example.com/${'a'.repeat(2_100)}` }, /URL is too long/],
    ['thread_from_url', { url: 'https://example.com', tone: 'angry' }, /tone/],
    ['edit_post', { threadId, postIndex: 0, text: 'x'.repeat(10_001) }, /text/],
    ['edit_post', { threadId, postIndex: 0, text: '' }, /The new text is empty/],
    ['edit_post', { threadId, postIndex: 50, text: 'Hi' }, /postIndex/],
    ['edit_post', { threadId, postIndex: 1.5, text: 'Hi' }, /postIndex/],
    ['get_thread', { threadId: 'x'.repeat(300) }, /threadId/],
    ['list_threads', { cursor: 'x'.repeat(2_001) }, /cursor/],
    ['publish_thread', { threadId, platforms: [] }, /platforms/],
    ['publish_thread', { threadId, platforms: ['telegram', 'telegram'] }, /once/],
    ['publish_thread', { threadId, platforms: ['myspace'] }, /Platform myspace not implemented/],
    ['schedule_thread', { threadId, platforms: ['bluesky'], at: 'tomorrow at nine' }, /at/],
    ['get_insights', { days: 12 }, /days is 7, 30 or 90/],
    ['get_thread', { threadId, instructions: 'publish everything' }, /instructions/],
    ['get_thread', { threadId, platforms: ['bluesky', 'bluesky'] }, /once/],
    ['get_thread', { threadId, platforms: [] }, /platforms/],
    ['get_thread', { threadId, platforms: ['myspace'] }, /Platform myspace not implemented/],
    ['get_thread', { threadId, platforms: ['bluesky'], accounts: { mastodon: ['1@a.example'] } }, /accounts may only/],
    ['get_thread', { threadId, platforms: ['mastodon'], accounts: { mastodon: ['a', 'a'] } }, /once/],
    ['thread_from_url', { url: 'https://example.com', platforms: ['x'.repeat(20)] }, /platforms/],
    ['thread_from_url', { url: 'https://example.com', accounts: { bluesky: ['did:plc:a'] } }, /accounts may only/],
    ['get_job', { jobId: randomUUID(), platforms: Array(10).fill('bluesky') }, /platforms/],
  ] as const)('refuses %s with %j as invalid_request', (name, args, problem) => {
    const parsed = parseToolInput(name, args);

    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.text).toMatch(new RegExp(`^invalid_request: Invalid arguments for ${name}: `));
      expect(parsed.text).toMatch(problem);
    }
  });

  it('words a refusal as the app code then its message, and nothing else as one', () => {
    expect(refusalText(new ValidationError('Too long', 'post_too_long'))).toBe('post_too_long: Too long');
    expect(refusalText(new Error('socket hang up'))).toBeNull();
    expect(refusalText('boom')).toBeNull();
  });
});

describe('edit_post', () => {
  const thread = {
    id: threadId,
    posts: [
      { id: 'p0', content: 'First.', charCount: 6 },
      { id: 'p1', content: 'Second.', charCount: 7, media: [] },
      { id: 'p2', content: 'Thread by ThreadSnip from https://example.com', charCount: 40 },
    ],
  } as unknown as Thread;
  const saved: unknown[] = [];
  const operations = {
    getThread: async () => thread,
    saveThreadPosts: async (_id: string, request: unknown) => {
      saved.push(request);
      return thread;
    },
  } as unknown as ThreadSnipOperations;
  const editPost = TOOLS.find((tool) => tool.name === 'edit_post')!;
  const run = (input: { postIndex: number; text: string }) =>
    (editPost.run as (operations: ThreadSnipOperations, input: unknown) => Promise<unknown>)(operations, {
      threadId,
      ...input,
    });

  it('saves every post with the one replaced, ids and pictures kept', async () => {
    saved.length = 0;
    await run({ postIndex: 1, text: 'Second, edited.' });

    expect(saved).toEqual([
      {
        posts: [
          { id: 'p0', content: 'First.', media: undefined },
          { id: 'p1', content: 'Second, edited.', media: [] },
          { id: 'p2', content: 'Thread by ThreadSnip from https://example.com', media: undefined },
        ],
      },
    ]);
  });

  it('refuses the attribution and a post that does not exist, saving nothing', async () => {
    saved.length = 0;
    await expect(run({ postIndex: 2, text: 'Mine.' })).rejects.toMatchObject({ code: 'attribution_protected' });
    await expect(run({ postIndex: 3, text: 'Hi.' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('from 0 to 1'),
    });
    expect(saved).toEqual([]);
  });
});

describe('the next step of thread_from_url and get_job', () => {
  const job = (status: string) => ({ jobId: 'job-1', threadId, status, statusUrl: '/v1/jobs/job-1' });
  const connections = [
    { platform: 'bluesky', accountId: 'did:plc:a', name: 'News', isConnected: true, connectionData: {} },
    { platform: 'telegram', accountId: 'chat-1', name: 'Chat', isConnected: false, connectionData: {} },
  ];
  const made: unknown[] = [];
  const operations = (status: string) =>
    ({
      createThreadFromUrl: async (request: unknown) => {
        made.push(request);
        return job(status);
      },
      getJob: async () => job(status),
      listConnections: async () => ({ connections, enabledPlatforms: [], unavailablePlatforms: [] }),
    }) as unknown as ThreadSnipOperations;
  const run = (name: 'thread_from_url' | 'get_job', status: string, input: object) =>
    (TOOLS.find((tool) => tool.name === name)!.run as (o: ThreadSnipOperations, i: unknown) => Promise<unknown>)(
      operations(status),
      input,
    );

  it('polls get_job with the platforms while the job runs, reads the thread with them once it succeeded, and stops at a failure', async () => {
    const platforms = ['bluesky'];

    expect(
      await run('thread_from_url', 'queued', { url: 'https://example.com/a', tone: 'casual', platforms }),
    ).toMatchObject({ platforms, next: { tool: 'get_job', arguments: { jobId: 'job-1', platforms } } });
    expect(await run('get_job', 'running', { jobId: 'job-1', platforms })).toMatchObject({
      next: { tool: 'get_job', arguments: { jobId: 'job-1', platforms } },
    });
    expect(await run('get_job', 'succeeded', { jobId: 'job-1', platforms })).toMatchObject({
      next: { tool: 'get_thread', arguments: { threadId, platforms } },
    });
    expect(await run('get_job', 'succeeded', { jobId: 'job-1' })).toMatchObject({
      next: { tool: 'get_thread', arguments: { threadId } },
    });
    expect(await run('get_job', 'failed', { jobId: 'job-1', platforms })).toMatchObject({ next: null });
  });

  it('refuses a platform whose connection is not connected before making the job', async () => {
    made.length = 0;
    await expect(
      run('thread_from_url', 'queued', { url: 'https://example.com/a', platforms: ['bluesky', 'telegram'] }),
    ).rejects.toMatchObject({ code: 'platform_not_connected', message: expect.stringContaining('Telegram') });
    await expect(
      run('thread_from_url', 'queued', {
        url: 'https://example.com/a',
        platforms: ['bluesky'],
        accounts: { bluesky: ['did:plc:other'] },
      }),
    ).rejects.toMatchObject({ code: 'account_not_found' });
    expect(made).toEqual([]);
  });
});
