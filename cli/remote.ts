/**
 * The command line's online commands, through the public API (/v1) with the key `threadsnip login`
 * stored: `login`, `logout`, `threads list|get`, and `thread <url>` with `--publish`, `--at`,
 * `--queue` or `--remote`. Results go to stdout (JSON only with `--json`), progress to stderr.
 */
import { cliMessages } from '../shared/messages/cli';
import { PLATFORMS, type Platform, platformSchema } from '../shared/schemas/thread';
import { browserTimeZone, fromWallClock } from '../shared/time-zone';
import type { Tone } from '../shared/tones';
import { type ApiClient, createApiClient, type PublicJob } from './api-client';
import {
  apiBaseUrl,
  type CliConfig,
  cliConfigPath,
  DEFAULT_API_URL,
  readCliConfig,
  removeCliConfig,
  writeCliConfig,
} from './config';
import { ApiError, CliUsageError } from './errors';

/** What a command prints to and reads from; the process's own in the command line. */
export interface CliIo {
  env: NodeJS.ProcessEnv;
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  /** The key, read from the terminal without echo, or from standard input. */
  readKey: (prompt: string, fromStdin: boolean) => Promise<string>;
}

const JOB_TIMEOUT_MS = 120_000;
const PUBLISH_TIMEOUT_MS = 120_000;
const POLL_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function clientFor(io: CliIo): Promise<ApiClient> {
  const config = await readCliConfig(io.env);
  if (!config) throw new ApiError(401, 'not_logged_in', cliMessages.notLoggedIn);
  return createApiClient(config);
}

/** `threadsnip login [--url <api>] [--key-stdin]`: checks the key against the API, then stores it. */
export async function login(io: CliIo, options: { url?: string; keyStdin: boolean; json: boolean }): Promise<number> {
  const url = usage(() => apiBaseUrl(options.url ?? io.env.THREADSNIP_API_URL ?? DEFAULT_API_URL));
  const key = (await io.readKey(cliMessages.keyPrompt, options.keyStdin)).trim();
  if (!key) throw new CliUsageError(cliMessages.noKeyGiven);
  const config: CliConfig = { url, key };
  await verifyKey(createApiClient(config));
  const file = await writeCliConfig(config, io.env);
  if (options.json) io.stdout(JSON.stringify({ url, configFile: file }));
  else io.stdout(cliMessages.loggedIn(url, file));
  return 0;
}

/** A value check's refusal as a usage error (exit code 2). */
function usage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new CliUsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A key the API knows: any answer but a 401 (a key without the read scope is still a key). */
async function verifyKey(client: ApiClient): Promise<void> {
  try {
    await client.listThreads();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'api_key_scope_missing') return;
    throw error;
  }
}

/** `threadsnip logout`: forgets the stored key. */
export async function logout(io: CliIo, options: { json: boolean }): Promise<number> {
  const removed = await removeCliConfig(io.env);
  if (options.json) io.stdout(JSON.stringify({ removed }));
  else io.stdout(removed ? cliMessages.loggedOut(cliConfigPath(io.env)) : cliMessages.notLoggedInNothingToRemove);
  return 0;
}

/** `threadsnip threads list [--limit N] [--cursor C]` and `threadsnip threads get <id>`. */
export async function threads(
  io: CliIo,
  args: string[],
  options: { limit?: string; cursor?: string; json: boolean },
): Promise<number> {
  const [action, id] = args;
  if (action === 'get' && id) {
    const thread = await (await clientFor(io)).getThread(id);
    if (options.json) io.stdout(JSON.stringify(thread, null, 2));
    else {
      io.stdout(`${thread.title}\n${thread.sourceUrl}\n`);
      thread.posts.forEach((post, index) => {
        io.stdout(`[${index + 1}/${thread.posts.length}]\n${post.content}\n`);
      });
    }
    return 0;
  }
  if (action !== 'list' || id) throw new CliUsageError('threads list [--limit N] [--cursor C] | threads get <id>');
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000))
    throw new CliUsageError('--limit is a whole number from 1 to 1000.');
  const page = await listThreads(await clientFor(io), limit, options.cursor);
  if (options.json) io.stdout(JSON.stringify(page, null, 2));
  else {
    for (const thread of page.threads)
      io.stdout(`${thread.id}  ${thread.createdAt.slice(0, 10)}  ${thread.postCount} posts  ${thread.title}`);
    if (page.nextCursor) io.stdout(`\nMore: threadsnip threads list --cursor ${page.nextCursor}`);
  }
  return 0;
}

/**
 * Up to `limit` threads from `cursor` on (one page of the API without a limit). The API pages by its
 * own size, so a page cut short by the limit answers the cursor it was read with (the next call reads
 * it again from its start), or null when that was the first page.
 */
async function listThreads(client: ApiClient, limit: number | undefined, cursor: string | undefined) {
  let page = await client.listThreads(cursor);
  const collected = [...page.threads];
  let pageCursor = cursor;
  while (limit !== undefined && collected.length < limit && page.nextCursor) {
    pageCursor = page.nextCursor;
    page = await client.listThreads(pageCursor);
    collected.push(...page.threads);
  }
  if (limit === undefined || collected.length <= limit) return { threads: collected, nextCursor: page.nextCursor };
  return { threads: collected.slice(0, limit), nextCursor: pageCursor ?? null };
}

/** The online flags of `thread`: present means the thread is made through the API. */
export interface RemoteThreadOptions {
  publish?: string;
  at?: string;
  queue: boolean;
  remote: boolean;
  /** Checked by the caller (`isTone`). */
  tone: Tone;
  json: boolean;
}

/**
 * `threadsnip thread <url> --publish <platforms> [--at <time> | --queue]` (or `--remote`): the thread
 * is made by the API (a job, waited for), then published now, or scheduled.
 */
export async function remoteThread(io: CliIo, url: string, options: RemoteThreadOptions): Promise<number> {
  const platforms = parsePlatforms(options.publish);
  if (options.at !== undefined && options.queue) throw new CliUsageError(cliMessages.publishAndQueue);
  if ((options.at !== undefined || options.queue) && !platforms)
    throw new CliUsageError(cliMessages.scheduleNeedsPlatforms);
  const timeZone = browserTimeZone();
  const at = options.at === undefined ? undefined : scheduleTime(options.at, timeZone, new Date());
  const client = await clientFor(io);

  const job = await settledJob(client, await client.createThread({ url, tone: options.tone }), io);
  const thread = job.thread;
  if (job.status !== 'succeeded' || !thread)
    throw new ApiError(0, 'generation_failed', cliMessages.jobFailed(job.error));
  const made = { id: thread.id, title: thread.title, postCount: thread.posts.length };
  if (!options.json) io.stdout(`Thread ${made.id}: ${made.postCount} posts, "${made.title}"`);

  if (!platforms) {
    if (options.json) io.stdout(JSON.stringify({ thread: made }, null, 2));
    return 0;
  }
  if (at !== undefined || options.queue) {
    const item = await client.schedule(
      thread.id,
      at !== undefined ? { platforms, at, timeZone } : { platforms, queue: true },
    );
    if (options.json) io.stdout(JSON.stringify({ thread: made, scheduled: item }, null, 2));
    else io.stdout(`Scheduled ${item.itemId} for ${item.at} (${item.timeZone}) on ${item.platforms.join(', ')}`);
    return 0;
  }
  const states = await publishedStates(client, thread.id, platforms, io);
  if (options.json) io.stdout(JSON.stringify({ thread: made, published: states }, null, 2));
  else
    for (const state of states)
      io.stdout(
        `${state.platform}: ${state.status}${state.postUrl ? ` ${state.postUrl}` : ''}${state.error ? ` (${state.error})` : ''}`,
      );
  return states.every((state) => state.status === 'completed') ? 0 : 1;
}

function parsePlatforms(value: string | undefined): Platform[] | undefined {
  if (value === undefined) return undefined;
  const names = [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0) throw new CliUsageError(cliMessages.unknownPlatform(value, PLATFORMS.join(', ')));
  return names.map((name) => {
    const parsed = platformSchema.safeParse(name);
    if (!parsed.success) throw new CliUsageError(cliMessages.unknownPlatform(name, PLATFORMS.join(', ')));
    return parsed.data;
  });
}

/**
 * `--at`'s time as the API takes it (an ISO date-time with offset): `YYYY-MM-DDTHH:MM` is read in
 * `timeZone` (the computer's), a value with an offset or `Z` as it is; in the future only.
 */
export function scheduleTime(value: string, timeZone: string, now: Date): string {
  const trimmed = value.trim();
  const withOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/i.test(trimmed);
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(trimmed);
  if (!withOffset && !local) throw new CliUsageError(cliMessages.atInvalid(value));
  // Whole seconds always: the API takes an ISO date-time with seconds and offset.
  const iso = withOffset
    ? trimmed.replace(/^(.{10}T\d{2}:\d{2})(Z|[+-])/i, '$1:00$2')
    : fromWallClock(trimmed, timeZone);
  if (!iso || Number.isNaN(Date.parse(iso))) throw new CliUsageError(cliMessages.atInvalid(value));
  if (local && !iso.includes(trimmed)) throw new CliUsageError(cliMessages.atNotLocal(value));
  if (Date.parse(iso) <= now.getTime()) throw new CliUsageError(cliMessages.atInPast(value));
  return iso;
}

/** Polls the job until it succeeds or fails, a line on stderr each time its status changes. */
async function settledJob(client: ApiClient, created: PublicJob, io: CliIo): Promise<PublicJob> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  let job = created;
  let shown = '';
  for (;;) {
    if (job.status !== shown) io.stderr(cliMessages.jobProgress(job.status));
    shown = job.status;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new ApiError(0, 'timeout', cliMessages.jobTimedOut(job.jobId));
    await sleep(POLL_MS);
    job = await client.getJob(job.jobId);
  }
}

/** Starts publishing, then polls each platform's state until all are completed or failed. */
async function publishedStates(client: ApiClient, threadId: string, platforms: Platform[], io: CliIo) {
  let answer = await client.publish(threadId, { platforms });
  const deadline = Date.now() + PUBLISH_TIMEOUT_MS;
  let shown = -1;
  for (;;) {
    const mine = answer.platforms.filter((state) => platforms.includes(state.platform));
    const done = mine.filter((state) => state.status === 'completed' || state.status === 'failed').length;
    if (done !== shown) io.stderr(cliMessages.publishProgress(done, platforms.length));
    shown = done;
    if (mine.length >= platforms.length && done === mine.length) return mine;
    if (Date.now() > deadline) throw new ApiError(0, 'timeout', cliMessages.publishTimedOut);
    await sleep(POLL_MS);
    answer = await client.publishStatus(threadId);
  }
}
