import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OFFLINE_ACCOUNT, OFFLINE_REGION, offlineEnv, QUIET_FLAGS, runCdk } from '../infra/cli';

/**
 * `npm run synth [-- extra cdk args]`: synthesizes every stack into cdk.out without contacting AWS.
 * Builds the SPA first when web/dist is missing, since the App stack deploys it.
 * `--placeholder-web` checks the infrastructure alone: it synthesizes against a throwaway site in a
 * temp folder instead of building the SPA (also the fallback while web/vite.config.ts does not exist).
 */
const PLACEHOLDER_FLAG = '--placeholder-web';
const root = fileURLToPath(new URL('..', import.meta.url));
const env = offlineEnv(process.env);
const cdkArgs = process.argv.slice(2).filter((arg) => arg !== PLACEHOLDER_FLAG);
const context: string[] = ['-c', `account=${OFFLINE_ACCOUNT}`, '-c', `region=${OFFLINE_REGION}`];
let usePlaceholder = process.argv.includes(PLACEHOLDER_FLAG);
let placeholderDist: string | undefined;

if (!usePlaceholder && !existsSync(join(root, 'web/dist/index.html'))) {
  if (existsSync(join(root, 'web/vite.config.ts'))) {
    console.log('web/dist is missing: building the SPA');
    const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts'], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error(
        `The SPA build failed; \`npm run synth -- ${PLACEHOLDER_FLAG}\` checks the infrastructure without it.`,
      );
      process.exit(build.status ?? 1);
    }
  } else {
    usePlaceholder = true;
  }
}

if (usePlaceholder) {
  // Never a fake web/dist: the placeholder lives in a temp folder removed after synth.
  placeholderDist = mkdtempSync(join(tmpdir(), 'threadsnip-web-'));
  mkdirSync(join(placeholderDist, 'assets'));
  writeFileSync(join(placeholderDist, 'index.html'), '<!doctype html><title>ThreadSnip</title>\n');
  console.warn(`Synthesizing with a placeholder site in ${placeholderDist}: this cdk.out is not for deploying`);
  context.push('-c', `webDistPath=${placeholderDist}`);
}

try {
  const code = await runCdk(['synth', '--quiet', ...QUIET_FLAGS, ...context, ...cdkArgs], env, root);
  if (code === 0) console.log('Synthesized to cdk.out');
  process.exitCode = code;
} finally {
  if (placeholderDist) rmSync(placeholderDist, { recursive: true, force: true });
}
