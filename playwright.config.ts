import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium';

/** E2e tests in Debian's Chromium (no browser download is possible here). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Each test starts its own stack on free ports with its own data folder, so spec files run side by
  // side; much of a spec's time is waiting on its stack and timers. E2E_WORKERS=1 runs them in turn.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
