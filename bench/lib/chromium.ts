import { type Browser, chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/helpers/chromium';

/** Chromium, headless, launched as the e2e suite launches it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ headless: true, ...chromiumLaunchOptions });
}
