import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { schedulerTarget } from '#functions/manifest';
import { startLocalScheduler } from '#local/scheduler';
import { articlePage, startArticleServer } from '../../helpers/article-server';
import { startPublicApiBridge } from '../../helpers/public-api-client';
import { PUBLIC_CHAT, startPublishingPipeline, TELEGRAM_TOKEN } from '../../helpers/publishing-harness';
import { seededThread } from '../../helpers/seed-threads';

// The command line as a curator runs it (a child process) against the local stack: the public API
// through the bridge running the key authorizer, the generation and publishing queues polled by the
// real workers, Telegram's Bot API stand-in as the platform, schedules kept by the local scheduler.
const PAGE = articlePage({
  title: 'The last lighthouse keeper',
  paragraphs: Array.from(
    { length: 6 },
    (_, index) =>
      `Watch ${index + 1}: the keeper climbed the hundred and twelve steps at dusk, trimmed the wick, wound the clockwork that turned the lens, and logged the weather and every passing ship in a ledger the coastguard still keeps.`,
  ),
});

const schedulerDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-cli-online-'));
const scheduler = await startLocalScheduler({ dir: schedulerDir, targets: [schedulerTarget] });
Object.assign(process.env, scheduler.handlerEnv);
const pipeline = await startPublishingPipeline({ generation: true });
const articles = await startArticleServer();
articles.page('/lighthouse', PAGE);
process.env.ALLOW_PRIVATE_FETCH_HOSTS = articles.host;
process.env.API_KEY_REQUESTS_PER_MINUTE = '1000';
const { putThread } = await import('#functions/data/thread-repository');
const { connectTelegram } = await import('#functions/services/connections/connections');
const bridge = await startPublicApiBridge();
const articleUrl = `${articles.url}/lighthouse`;

const run = promisify(execFile);
const bin = path.resolve('bin/threadsnip.mjs');

afterAll(async () => {
  await bridge.close();
  await articles.close();
  await scheduler.stop();
  await pipeline.stop();
  rmSync(schedulerDir, { recursive: true, force: true });
});

/** A curator with Telegram connected and a key of every scope, and a config folder of their own. */
async function curator() {
  const user = await bridge.newUser();
  const { key, secret } = await bridge.createKey(user.token, ['read', 'threads:write', 'publish']);
  await connectTelegram(user.userId, { botToken: TELEGRAM_TOKEN, chatId: PUBLIC_CHAT.id }, new Date());
  const home = mkdtempSync(path.join(tmpdir(), 'threadsnip-cli-home-'));
  return { ...user, keyId: key.id, secret, home };
}

/** The command line's environment: its own config folder, no key unless given, no OpenAI. */
function envFor(home: string, extra: Record<string, string> = {}) {
  const { THREADSNIP_API_KEY: _key, THREADSNIP_API_URL: _url, ...inherited } = process.env;
  return { ...inherited, XDG_CONFIG_HOME: home, HOME: home, OPENAI_API_KEY: '', ...extra };
}

/** Runs the command line; resolves with its exit code and output, whatever the code. */
async function threadsnip(args: string[], env: NodeJS.ProcessEnv, input?: string) {
  const child = run(process.execPath, [bin, ...args], { env, timeout: 90_000 });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Logs `who` in with their key through standard input, as a script does. */
const login = (who: { secret: string; home: string }) =>
  threadsnip(['login', '--url', bridge.baseUrl, '--key-stdin'], envFor(who.home), `${who.secret}\n`);

describe('threadsnip login', () => {
  it('checks the key with the API and stores it for the user alone (0600 in a 0700 folder); never takes it as an argument', async () => {
    const me = await curator();

    const asArgument = await threadsnip(['login', '--url', bridge.baseUrl, '--key', me.secret], envFor(me.home));
    const loggedIn = await login(me);
    const file = path.join(me.home, 'threadsnip', 'config.json');

    expect(asArgument.code).toBe(2);
    expect(asArgument.stderr).toContain('Never give the key as an argument');
    expect(loggedIn).toMatchObject({ code: 0, stdout: expect.stringContaining(`Logged in to ${bridge.baseUrl}`) });
    expect(loggedIn.stdout).not.toContain(me.secret);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ url: bridge.baseUrl, key: me.secret });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const loggedOut = await threadsnip(['logout'], envFor(me.home));
    expect(loggedOut.code).toBe(0);
    expect(() => statSync(file)).toThrow();
  });

  it('stores nothing for a key the API refuses', async () => {
    const me = await curator();

    const refused = await threadsnip(
      ['login', '--url', bridge.baseUrl, '--key-stdin'],
      envFor(me.home),
      `tsk_live_${'A'.repeat(43)}\n`,
    );

    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Your key was refused: run threadsnip login');
    expect(() => statSync(path.join(me.home, 'threadsnip', 'config.json'))).toThrow();
  });
});

describe('threadsnip threads', () => {
  it("lists the workspace's threads and gets one, as JSON only, with the stored key", async () => {
    const me = await curator();
    const thread = seededThread(me.userId, bridge.counter);
    await putThread(thread);
    await login(me);

    const listed = await threadsnip(['threads', 'list', '--json'], envFor(me.home));

    expect(listed.code).toBe(0);
    const page = JSON.parse(listed.stdout);
    expect(page.threads.map((t: { id: string }) => t.id)).toEqual([thread.id]);
    expect(page.nextCursor).toBeNull();
    const one = await threadsnip(['threads', 'get', thread.id, '--json'], envFor(me.home));
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toMatchObject({ id: thread.id, title: thread.title });
  });

  it('refuses a revoked key with the words to log in again, exit code 1', async () => {
    const me = await curator();
    await login(me);
    const revoked = await bridge.app(me.token, 'DELETE', `/api/api-keys/${me.keyId}`);

    const listed = await threadsnip(['threads', 'list', '--json'], envFor(me.home));

    expect(revoked.status).toBe(204);
    expect(listed.code).toBe(1);
    expect(listed.stdout).toBe('');
    expect(listed.stderr).toContain('Your key was refused: run threadsnip login');
  });
});

describe('threadsnip thread <url> online', () => {
  it('--publish: makes the thread through the API, publishes it and prints the post URLs', async () => {
    const me = await curator();

    const published = await threadsnip(
      ['thread', articleUrl, '--publish', 'telegram'],
      envFor(me.home, { THREADSNIP_API_URL: bridge.baseUrl, THREADSNIP_API_KEY: me.secret }),
    );

    expect(published.stderr).toContain('Thread from URL: succeeded');
    expect(published.code).toBe(0);
    expect(published.stdout).toMatch(/^Thread [0-9a-f-]{36}: \d+ posts, "The last lighthouse keeper"/);
    expect(published.stdout).toMatch(new RegExp(`telegram: completed https://t\\.me/${PUBLIC_CHAT.username}/\\d+`));
    expect(pipeline.telegram.messages.some((message) => message.text.includes('keeper'))).toBe(true);
  });

  it('--at: schedules at the local time given, in the zone of the computer, seen in /v1/scheduled', async () => {
    const me = await curator();
    await login(me);
    const year = new Date().getUTCFullYear() + 1;

    const scheduled = await threadsnip(
      ['thread', articleUrl, '--publish', 'telegram', '--at', `${year}-07-01T09:00`, '--json'],
      envFor(me.home, { TZ: 'Europe/Dublin' }),
    );

    expect(scheduled.code).toBe(0);
    const answer = JSON.parse(scheduled.stdout);
    // 09:00 in Dublin in July is 08:00 UTC (Irish summer time).
    expect(answer.scheduled).toMatchObject({ at: `${year}-07-01T08:00:00.000Z`, timeZone: 'Europe/Dublin' });
    const listed = await bridge.v1('/v1/scheduled', me.secret);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ itemId: answer.scheduled.itemId, threadId: answer.thread.id, platforms: ['telegram'] }),
    ]);
  });

  it('works offline with no config and no key, as before', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'threadsnip-cli-home-'));
    const file = path.join(home, 'lighthouse.html');
    writeFileSync(file, PAGE);

    const offline = await threadsnip(['thread', file, '--json'], envFor(home));

    expect(offline.code).toBe(0);
    expect(JSON.parse(offline.stdout).posts.length).toBeGreaterThan(1);
  });
});
