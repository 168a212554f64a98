import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium';
import { browserWorkers } from './tests/helpers/parallelism';

/**
 * E2e tests in Debian's Chromium (no browser download is possible here), against what users get:
 * the SPA's production build (manifest and service worker included), served as `npm start` serves
 * it. The global setup brings web/dist-local up to date once (reused when no web source changed);
 * each spec then starts its own local stack on free ports (`startStack` in tests/helpers/local-stack.ts,
 * `--prod` for the SPA, `--api-only` for API-only specs), so there is no `webServer` here.
 * The dev server (`npm run dev`) is for editing with hot reload, not for tests.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each test starts its own stack on free ports with its own data folder, so spec files can run side
  // by side (E2E_WORKERS; by default 2 on 4+ cores, else 1: Chromium alone keeps 2 cores busy).
  workers: browserWorkers(process.env.E2E_WORKERS),
  retries: 0,
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
