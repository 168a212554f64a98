import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { DomainError } from '../functions/lib/errors';
import type { OpenAiSettings } from '../functions/lib/openai-client';
import { DEFAULT_OPENAI_MODEL } from '../functions/lib/openai-model';
import type { analyseArticle } from '../functions/services/extraction/analyse-article';
import { cliMessages } from '../shared/messages/cli';
import type { Article } from '../shared/schemas/article';
import { isTone, TONES, type Tone } from '../shared/tones';
import { ApiError, CliUsageError } from './errors';
import { readKey } from './key-input';
import type { CliIo } from './remote';

/** The CLI's version (the package's), printed by --version. */
declare const THREADSNIP_VERSION: string | undefined;

const USAGE = `Usage:
  threadsnip extract <url|file.html> [--url <original-url>] [--json]
  threadsnip thread  <url|file.html> [--url <original-url>] [--tone <tone>] [--json]
  threadsnip thread  <url> --publish <platform[,platform]> [--at <YYYY-MM-DDTHH:MM> | --queue] [--tone <tone>] [--json]
  threadsnip thread  <url> --remote [--tone <tone>] [--json]
  threadsnip login   [--url <api, default http://localhost:3000>] [--key-stdin] [--json]
  threadsnip logout  [--json]
  threadsnip threads list [--limit N] [--cursor C] [--json]
  threadsnip threads get <id> [--json]
  threadsnip mcp
  threadsnip --help | --version

extract and thread work offline, with no key. With --publish, --at, --queue or --remote the thread is
made through the API with the key stored by login (or THREADSNIP_API_KEY, THREADSNIP_API_URL):
published now, or scheduled at --at (your computer's time zone unless the time has an offset).

Tones: ${TONES.join(', ')} (default professional).
With OPENAI_API_KEY set (and optionally OPENAI_BASE_URL, OPENAI_MODEL) the thread is written by the
LLM; otherwise by the offline generator. APP_PUBLIC_URL sets the host named in the attribution post.
mcp runs the MCP server over stdio for a local assistant, calling the ThreadSnip API with
THREADSNIP_API_KEY at THREADSNIP_API_URL (or the key threadsnip login saved).`;

/** The command line's settings, read once from its environment. */
const envSchema = z.object({
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().default(DEFAULT_OPENAI_MODEL),
  APP_PUBLIC_URL: z.url().default('http://localhost:3000'),
  ALLOW_PRIVATE_FETCH_HOSTS: z.string().default(''),
});

class UsageError extends Error {}

/** The online commands, loaded only when one runs (with their schemas), so --help starts at once. */
const online = () => import('./remote');

/** The process's own terminal, for the online commands. */
function processIo(env: NodeJS.ProcessEnv): CliIo {
  return {
    env,
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
    readKey,
  };
}

function gunzipOrNull(bytes: Buffer): Buffer | null {
  try {
    return gunzipSync(bytes);
  } catch {
    return null;
  }
}

async function readArticle(
  source: string,
  originalUrl: string | undefined,
  allowPrivateHosts: string[],
): Promise<Article> {
  // Loaded only by the commands that read an article, so --help and --version start at once.
  const { extractArticle, fetchArticle } = await import('../functions/services/extraction/page/extract-article');
  if (/^https?:\/\//i.test(source)) return fetchArticle(source, { allowPrivateHosts });
  const saved = await readFile(source).catch(() => {
    throw new UsageError(`Cannot read ${source}: give an http(s) URL or an HTML file.`);
  });
  // Saved pages are often kept gzipped (page.html.gz).
  const bytes = saved[0] === 0x1f && saved[1] === 0x8b ? gunzipOrNull(saved) : saved;
  if (!bytes || bytes.includes(0)) throw new UsageError(`${source} is not an HTML file.`);
  return extractArticle(bytes.toString('utf8'), originalUrl ?? pathToFileURL(source).href);
}

function printArticle(article: Awaited<ReturnType<typeof analyseArticle>>): void {
  console.log(`${article.title}\n${'='.repeat(Math.min(article.title.length, 80))}`);
  const facts = [
    article.byline && `By ${article.byline}`,
    article.siteName,
    article.publishedTime,
    `${article.content.split(/\s+/).filter(Boolean).length} words`,
    article.themes.length ? `themes: ${article.themes.join(', ')}` : null,
    article.isSensitiveContent ? `sensitive: ${article.sensitiveCategories.join(', ')}` : null,
  ].filter(Boolean);
  console.log(`${facts.join(' · ')}\n`);
  console.log(article.content);
}

/** Runs the command line with its arguments; returns the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      tone: { type: 'string', default: 'professional' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
      publish: { type: 'string' },
      at: { type: 'string' },
      queue: { type: 'boolean', default: false },
      remote: { type: 'boolean', default: false },
      'key-stdin': { type: 'boolean', default: false },
      // Only to refuse it: a key on the command line stays in the shell's history and in `ps`.
      key: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
  });
  if (values.version) {
    console.log(await cliVersion());
    return 0;
  }
  const [command, source] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const io = processIo(env);
  switch (command) {
    case 'login':
      if (values.key !== undefined || source !== undefined) throw new CliUsageError(cliMessages.keyOnCommandLine);
      return (await online()).login(io, { url: values.url, keyStdin: values['key-stdin'], json: values.json });
    case 'logout':
      return (await online()).logout(io, { json: values.json });
    case 'threads':
      return (await online()).threads(io, positionals.slice(1), {
        limit: values.limit,
        cursor: values.cursor,
        json: values.json,
      });
    case 'mcp': {
      const { runMcpStdio } = await import('./mcp');
      return runMcpStdio({ env });
    }
  }
  if (!command || !source || !['extract', 'thread'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (!isTone(values.tone)) {
    console.error(`Unknown tone "${values.tone}". Tones: ${TONES.join(', ')}`);
    return 2;
  }
  // Through the API only when asked for something only it does; otherwise offline, with no key.
  if (
    command === 'thread' &&
    (values.publish !== undefined || values.at !== undefined || values.queue || values.remote)
  )
    return (await online()).remoteThread(io, source, { ...values, tone: values.tone as Tone });
  const settings = envSchema.parse(env);
  const openai: OpenAiSettings | undefined = settings.OPENAI_API_KEY
    ? { apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL, model: settings.OPENAI_MODEL }
    : undefined;
  const allowPrivateHosts = settings.ALLOW_PRIVATE_FETCH_HOSTS.split(',')
    .map((host) => host.trim())
    .filter(Boolean);
  const article = await readArticle(source, values.url, allowPrivateHosts);
  const { analyseArticle } = await import('../functions/services/extraction/analyse-article');
  const { draftThread, threadContent } = await import('../functions/services/generation/draft-thread');
  const analysed = await analyseArticle(article, openai);
  if (command === 'extract') {
    if (values.json) console.log(JSON.stringify(analysed, null, 2));
    else printArticle(analysed);
    return 0;
  }
  const draft = await draftThread(analysed, values.tone as Tone, {
    appHost: new URL(settings.APP_PUBLIC_URL).host,
    openai,
  });
  if (values.json) {
    console.log(JSON.stringify({ sourceUrl: article.url, ...threadContent(analysed, draft) }, null, 2));
  } else {
    // Sensitive content is written only in the professional tone, here as in the app: say so.
    if (draft.tone !== values.tone) {
      console.log(`Tone: ${draft.tone}, not ${values.tone}. ${analysed.sensitiveContentMessage ?? ''}`.trim());
      console.log('');
    }
    draft.posts.forEach((post, index) => {
      console.log(`[${index + 1}/${draft.posts.length}] (${post.charCount}/280)\n${post.content}\n`);
    });
    console.log(`Hallucination risk: ${draft.hallucination.risk} (${draft.hallucination.reason})`);
  }
  return 0;
}

/** The version the bundle was built with, or package.json's when run from source. */
async function cliVersion(): Promise<string> {
  if (typeof THREADSNIP_VERSION === 'string') return THREADSNIP_VERSION;
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

/** A failure as the command line reports it: exit code, message, and the API's error code when it has one. */
interface Failure {
  code: number;
  message: string;
  errorCode?: string;
}

/** Exit code and message for a failure: domain errors are the user's to fix, others are bugs. */
export function describeFailure(error: unknown): Failure {
  if (error instanceof CliUsageError) return { code: 2, message: error.message, errorCode: 'usage' };
  if (error instanceof ApiError)
    // The API's own words with its code; a refused key's one line says what to do.
    return {
      code: 1,
      message: error.status === 401 || error.status === 0 ? error.message : `${error.message} (${error.code})`,
      errorCode: error.code,
    };
  if (error instanceof UsageError) return { code: 1, message: error.message, errorCode: 'usage' };
  if (error instanceof DomainError) return { code: 1, message: error.message, errorCode: error.code };
  if (error instanceof Error && error.name === 'TypeError' && /parseArgs|Unknown option/i.test(error.message)) {
    return { code: 2, message: `${error.message}\n\n${USAGE}`, errorCode: 'usage' };
  }
  return { code: 1, message: error instanceof Error ? error.message : String(error) };
}

/**
 * The line a failure prints on stderr: with --json, `{ "error", "code" }` as the API answers errors,
 * so a script reads failures the way it reads results; otherwise `threadsnip: <message>`.
 */
export function failureLine(failure: Failure, args: readonly string[]): string {
  if (!args.includes('--json')) return `threadsnip: ${failure.message}`;
  return JSON.stringify({ error: failure.message, code: failure.errorCode ?? 'failed' });
}
