import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const projectRoot = path.resolve('.');
const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
const outDirs: string[] = [];

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the CDK app (cdk.json's `app`) as the CLI does for `cdk synth`: the CLI hands it an output
 * folder and context through the environment, and CDK_DEFAULT_* when it resolved credentials.
 * Bundling is skipped (the synth in CI bundles); nothing here reaches AWS.
 */
async function synthesize(extraEnv: Record<string, string>) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'threadsnip-cdk-out-'));
  outDirs.push(outDir);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    CDK_OUTDIR: outDir,
    CDK_CONTEXT_JSON: JSON.stringify({ 'aws:cdk:bundling-stacks': [] }),
    ...extraEnv,
  };
  const { stderr } = await run(tsx, ['infra/app.ts'], { cwd: projectRoot, env });
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, { environment?: string }>;
  };
  const environments = Object.fromEntries(
    Object.entries(manifest.artifacts).flatMap(([name, artifact]) =>
      artifact.environment ? [[name, artifact.environment]] : [],
    ),
  );
  return { stderr, environments };
}

describe('the CDK app', () => {
  it('synthesizes on a fresh clone with no account or context, for the stand-in account, and says so', async () => {
    const { stderr, environments } = await synthesize({});
    expect(environments).toEqual({
      'ThreadSnip-dev-Data': 'aws://123456789012/us-east-1',
      'ThreadSnip-dev-App': 'aws://123456789012/us-east-1',
    });
    expect(stderr).toContain(
      'No AWS account given (-c account=… or credentials): synthesizing for the stand-in account 123456789012. Deploying needs a real account.',
    );
  });

  it('targets the account and region the CLI resolved from real credentials', async () => {
    // With a real account no placeholder site is made: the deploy ships a built SPA.
    const webDist = mkdtempSync(path.join(tmpdir(), 'threadsnip-web-dist-'));
    outDirs.push(webDist);
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>ThreadSnip</title>\n');
    const { stderr, environments } = await synthesize({
      CDK_DEFAULT_ACCOUNT: '111122223333',
      CDK_DEFAULT_REGION: 'eu-west-1',
      WEB_DIST_PATH: webDist,
    });
    expect(environments).toEqual({
      'ThreadSnip-dev-Data': 'aws://111122223333/eu-west-1',
      'ThreadSnip-dev-App': 'aws://111122223333/eu-west-1',
    });
    expect(stderr).not.toContain('stand-in account');
  });
});
