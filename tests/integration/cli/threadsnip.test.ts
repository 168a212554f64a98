import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLength } from '#shared/post-length';
import { type ArticleServer, articlePage, startArticleServer } from '../../helpers/article-server';

const run = promisify(execFile);
const bin = path.resolve('bin/threadsnip.mjs');

const PAGE = articlePage({
  title: 'Night trains return to the Alps',
  paragraphs: [
    'A new sleeper service between Zurich and Ljubljana began running on Friday, the first in a decade.',
    'The operator, Alpina Rail, says 62 percent of seats for the first month are already sold.',
    'Passengers board at nine in the evening and wake up to views of the Julian Alps.',
    'Rail campaigners welcomed the service but warned that ticket prices remain higher than budget flights.',
    'The company plans two more routes, to Vienna and Munich, if demand holds through the winter.',
  ],
});

const SENSITIVE_PAGE = articlePage({
  title: 'Two dead after shooting near harbour nightclub',
  paragraphs: [
    'Two men were killed and three other people were wounded when a gunman opened fire outside a nightclub in the harbour district early on Sunday, police said.',
    'Officers were called to Quay Street shortly after 2 am after several people reported hearing gunfire.',
    'Paramedics treated the injured at the scene before taking them to hospital, where one woman remains in a serious condition.',
    'Police arrested a 27-year-old man nearby and recovered a handgun, and detectives are appealing for witnesses.',
  ],
});

describe('the threadsnip command line', () => {
  let articles: ArticleServer;
  let dir: string;
  const env = {
    ...process.env,
    AWS_EC2_METADATA_DISABLED: 'true',
    OPENAI_API_KEY: '',
    APP_PUBLIC_URL: 'https://threadsnip.example',
  };

  beforeAll(async () => {
    articles = await startArticleServer();
    articles.page('/trains', PAGE);
    dir = mkdtempSync(path.join(tmpdir(), 'threadsnip-cli-'));
    writeFileSync(path.join(dir, 'trains.html'), PAGE);
    writeFileSync(path.join(dir, 'shooting.html'), SENSITIVE_PAGE);
    writeFileSync(path.join(dir, 'trains.html.gz'), gzipSync(PAGE));
    writeFileSync(path.join(dir, 'photo.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
  });
  afterAll(async () => {
    await articles.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('extracts a saved page as JSON, in the API shape', async () => {
    const { stdout } = await run(
      process.execPath,
      [bin, 'extract', path.join(dir, 'trains.html'), '--url', 'https://news.example/trains', '--json'],
      { env },
    );
    const article = JSON.parse(stdout);
    expect(article.title).toBe('Night trains return to the Alps');
    expect(article.url).toBe('https://news.example/trains');
    expect(article.content).toContain('Alpina Rail');
    expect(Array.isArray(article.themes)).toBe(true);
    expect(article.isSensitiveContent).toBe(false);
  });

  it('reads a gzipped saved page, and refuses a file that is not HTML', async () => {
    const { stdout } = await run(process.execPath, [bin, 'extract', path.join(dir, 'trains.html.gz'), '--json'], {
      env,
    });
    expect(JSON.parse(stdout).content).toContain('Alpina Rail');
    await expect(run(process.execPath, [bin, 'extract', path.join(dir, 'photo.jpg')], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`${path.join(dir, 'photo.jpg')} is not an HTML file.`),
    });
  });

  it('writes a thread from a URL with the same generator as the app', async () => {
    const url = `${articles.url}/trains`;
    const { stdout } = await run(process.execPath, [bin, 'thread', url, '--tone', 'casual', '--json'], {
      env: { ...env, ALLOW_PRIVATE_FETCH_HOSTS: articles.host },
    });
    const thread = JSON.parse(stdout);
    expect(thread.tone).toBe('casual');
    expect(thread.posts.at(-1).content).toBe(`Thread created by threadsnip.example. Read original article at: ${url}`);
    for (const post of thread.posts) expect(postLength(post.content)).toBeLessThanOrEqual(280);
  });

  it('prints readable posts without --json', async () => {
    const { stdout } = await run(
      process.execPath,
      [bin, 'thread', path.join(dir, 'trains.html'), '--url', 'https://news.example/trains'],
      { env },
    );
    expect(stdout).toMatch(/\[1\/\d+\] \(\d+\/280\)/);
    expect(stdout).toContain('Hallucination risk:');
  });

  it('writes sensitive content in the professional tone whatever tone was asked for, and says so', async () => {
    const file = path.join(dir, 'shooting.html');
    const args = [bin, 'thread', file, '--url', 'https://news.example/shooting', '--tone', 'humorous'];

    const { stdout } = await run(process.execPath, args, { env });
    const json = JSON.parse((await run(process.execPath, [...args, '--json'], { env })).stdout);

    expect(stdout).toMatch(
      /^Tone: professional, not humorous\. This content may include sensitive material \(.*violence.*\)/,
    );
    expect(json.tone).toBe('professional');
    expect(json.isSensitiveContent).toBe(true);
    // No light opener on a story of victims: the professional hook, the credit and the facts.
    expect(json.posts[0].content).toMatch(
      /^Dana Reyes reports in the Test Gazette: Two men were killed and three other people/,
    );
  });

  it('refuses a loopback URL and an unknown tone with a clear message and a non-zero exit', async () => {
    await expect(run(process.execPath, [bin, 'extract', `${articles.url}/trains`], { env })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/threadsnip: .*(address|not allowed|blocked)/i),
    });
    await expect(run(process.execPath, [bin, 'thread', 'x.html', '--tone', 'angry'], { env })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown tone'),
    });
  });
});
