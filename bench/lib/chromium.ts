import { type Browser, chromium } from '@playwright/test';

/** Debian's Chromium, headless, with the e2e suite's flags (no downloads, no background traffic). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    headless: true,
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
