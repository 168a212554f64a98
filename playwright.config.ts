import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/helpers/chromium';

/** E2e tests in Debian's Chromium (no browser download is possible here). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
  },
});
