/**
 * Generate → preview as a user feels it: the local stack with the production build, Chromium, a
 * sample article (the stack's own /samples/), from the click on Generate Thread to the first post of
 * the preview on screen. The first generation after the stack started (cold handler modules) and the
 * median of 10 after it, with where the time goes: the content check (POST /api/extract-article), the job
 * submission, the queue's delivery, the worker, the wait for the SPA's next poll, and rendering.
 * Targets: first under 1.5 s, warm median under 600 ms.
 * Run: `npm run bench:click`.
 */
import { readFileSync } from 'node:fs';
import type { Page, Response } from '@playwright/test';
import { metricsLogPath } from '../local/metrics-log';
import { buildWeb } from '../local/web-assets';
import { signUp } from '../tests/e2e/support/accounts';
import { startStack } from '../tests/helpers/local-stack';
import { launchChromium } from './lib/chromium';
import { median } from './lib/stats';

const WARM_RUNS = 10;
const FIRST_LIMIT_MS = 1500;
const WARM_LIMIT_MS = 600;
/** Free credits a new account starts with: a new user after this many generations. */
const CREDITS_PER_USER = 5;

/** One click's timings, in ms from the click. */
interface ClickTiming {
  total: number;
  extract: number;
  submit: number;
  queue: number;
  worker: number;
  pollWait: number;
  render: number;
}

/** Every GenerationDuration the worker recorded so far (the local stack keeps its EMF lines). */
function workerDurations(dataDir: string): number[] {
  let text = '';
  try {
    text = readFileSync(metricsLogPath(dataDir), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.includes('"GenerationDuration"'))
    .map((line) => Number((JSON.parse(line) as { GenerationDuration: number | number[] }).GenerationDuration));
}

async function waitForNewDuration(dataDir: string, known: number): Promise<number> {
  for (let tries = 0; tries < 50; tries += 1) {
    const durations = workerDurations(dataDir);
    if (durations.length > known) return durations[known] ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Number.NaN;
}

interface JobTimes {
  createdAt: string;
  updatedAt: string;
}

/** Clicks Generate Thread on the sample and measures, in the page's own clock, until the first post shows. */
async function clickOnce(page: Page, stackUrl: string, dataDir: string): Promise<ClickTiming> {
  const known = workerDurations(dataDir).length;
  const jobAnswers: Promise<(JobTimes & { status: string }) | null>[] = [];
  const onResponse = (response: Response) => {
    if (!/\/api\/generation-jobs\/[^/]+$/.test(new URL(response.url()).pathname)) return;
    jobAnswers.push(response.json().catch(() => null));
  };
  page.on('response', onResponse);
  await page.goto(`${stackUrl}/create`);
  await page.getByLabel('Article URL').fill(`${stackUrl}/samples/urban-heat-islands.html`);
  const button = page.getByRole('button', { name: /Generate Thread/ });
  await button.waitFor();
  await page.evaluate(() => {
    performance.clearResourceTimings();
    const shown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="thread-post"]')) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const clicked = new Promise<number>((resolve) =>
      document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }),
    );
    (window as unknown as { benchClick: Promise<number[]> }).benchClick = Promise.all([clicked, shown]);
  });
  await button.click();
  const timing = await page.evaluate(async () => {
    const [clickedAt = 0, shownAt = 0] = await (window as unknown as { benchClick: Promise<number[]> }).benchClick;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // No named function in here: tsx would wrap it in a helper the page does not have.
    const paths = resources.map((entry) => new URL(entry.name).pathname);
    const polls = resources.filter((_, index) => paths[index]?.startsWith('/api/generation-jobs/'));
    return {
      clickedAt,
      shownAt,
      timeOrigin: performance.timeOrigin,
      extractEnd: resources.find((_, index) => paths[index] === '/api/extract-article')?.responseEnd ?? Number.NaN,
      submitEnd: resources.find((_, index) => paths[index] === '/api/generation-jobs')?.responseEnd ?? Number.NaN,
      lastPollEnd: polls.at(-1)?.responseEnd ?? Number.NaN,
    };
  });
  const worker = await waitForNewDuration(dataDir, known);
  page.off('response', onResponse);
  const finishedJob = (await Promise.all(jobAnswers)).find((answer) => answer?.status === 'succeeded');
  if (!finishedJob) throw new Error('The preview showed without a succeeded job answer');
  // The job's record says when it was queued and when the worker finished (the same machine's clock).
  const queuedToDone = Date.parse(finishedJob.updatedAt) - Date.parse(finishedJob.createdAt);
  const doneInPage = Date.parse(finishedJob.updatedAt) - timing.timeOrigin;
  return {
    total: timing.shownAt - timing.clickedAt,
    extract: timing.extractEnd - timing.clickedAt,
    submit: timing.submitEnd - timing.extractEnd,
    queue: queuedToDone - worker,
    worker,
    pollWait: timing.lastPollEnd - doneInPage,
    render: timing.shownAt - timing.lastPollEnd,
  };
}

const PARTS: { key: keyof ClickTiming; label: string }[] = [
  { key: 'extract', label: 'content check (POST /api/extract-article)' },
  { key: 'submit', label: 'job submission (POST /api/generation-jobs)' },
  { key: 'queue', label: 'queue delivery to the worker' },
  { key: 'worker', label: 'worker (generation, thread saved)' },
  { key: 'pollWait', label: "wait for the SPA's next poll" },
  { key: 'render', label: 'preview rendered' },
];

function printTimings(title: string, timings: ClickTiming[]): number {
  const pick = (key: keyof ClickTiming) => median(timings.map((timing) => timing[key]));
  console.log(title);
  for (const { key, label } of PARTS) console.log(`  ${label.padEnd(44)}${pick(key).toFixed(0).padStart(6)} ms`);
  const total = pick('total');
  console.log(`  ${'click → first post visible'.padEnd(44)}${total.toFixed(0).padStart(6)} ms`);
  return total;
}

async function main(): Promise<void> {
  await buildWeb();
  const stack = await startStack({ web: 'prod' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const timings: ClickTiming[] = [];
    for (let run = 0; run <= WARM_RUNS; run += 1) {
      if (run % CREDITS_PER_USER === 0) {
        await context.clearCookies();
        await page.goto(stack.url);
        await page.evaluate(() => localStorage.clear());
        await signUp(page, stack.url, `click-${run}@example.com`);
      }
      timings.push(await clickOnce(page, stack.url, stack.dataDir));
    }
    const [first, ...warm] = timings;
    if (!first) return;
    console.log(
      'Generate → preview: production build on the local stack, Chromium, sample article urban-heat-islands\n',
    );
    const firstTotal = printTimings('First generation after the stack started:', [first]);
    console.log(`  ${firstTotal < FIRST_LIMIT_MS ? 'ok' : 'OVER'} (< ${FIRST_LIMIT_MS} ms)\n`);
    const warmTotal = printTimings(`Warm, median of ${warm.length}:`, warm);
    console.log(`  runs: ${warm.map((timing) => timing.total.toFixed(0)).join(', ')} ms`);
    console.log(`  ${warmTotal < WARM_LIMIT_MS ? 'ok' : 'OVER'} (< ${WARM_LIMIT_MS} ms)`);
    if (firstTotal >= FIRST_LIMIT_MS || warmTotal >= WARM_LIMIT_MS) process.exitCode = 1;
  } finally {
    await browser.close();
    await stack.cleanup();
  }
}

await main();
