import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve('.');

describe('the bundled command line', () => {
  let dir: string;
  const env = { ...process.env, AWS_EC2_METADATA_DISABLED: 'true', OPENAI_API_KEY: '', NODE_OPTIONS: '' };

  beforeAll(async () => {
    await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-cli.ts'], {
      cwd: root,
      env,
    });
    // A folder with the bundle and nothing else: no node_modules, so no tsx and no dependency to lean on.
    dir = mkdtempSync(path.join(tmpdir(), 'threadsnip-cli-bundle-'));
    cpSync(path.join(root, 'dist/cli'), path.join(dir, 'cli'), { recursive: true });
    writeFileSync(
      path.join(dir, 'run.mjs'),
      "import { main } from './cli/threadsnip.mjs';\nprocess.exitCode = await main(process.argv.slice(2), process.env);\n",
    );
  }, 120_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => run(process.execPath, [path.join(dir, 'run.mjs'), ...args], { cwd: dir, env });

  it('answers --help and --version with plain Node, without tsx or node_modules', async () => {
    const help = await cli('--help');
    const version = await cli('--version');

    expect(help.stdout).toMatch(/^Usage:\n {2}threadsnip extract/);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
  });

  it('extracts a saved page', async () => {
    const page = path.join(root, 'tests/fixtures/articles/blog-post.html');

    const { stdout } = await cli('extract', page, '--json');

    const article = JSON.parse(stdout);
    expect(article.title).toBe('Why I switched my sourdough to a cold retard');
    expect(article.themes.length).toBeGreaterThan(0);
  });

  it('records the sources it was built from, so the launcher can tell a stale bundle', () => {
    const info = JSON.parse(readFileSync(path.join(root, 'dist/cli/build-info.json'), 'utf8'));

    expect(info.inputs).toContain('cli/threadsnip.ts');
    expect(info.inputs.some((input: string) => input.includes('node_modules'))).toBe(false);
  });
});
