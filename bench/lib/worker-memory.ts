/**
 * The generation worker's own speed and footprint, as its Lambda would have them: one process that
 * reads and analyses a 20k-word article (a different one each run, so nothing is reused between
 * runs) and writes its thread from that extraction, timing the writing as the worker does with a
 * kept extraction; the memory includes the reading, as when no extraction was kept. Prints
 * one JSON line: p50/p95 of a generation in wall-clock and in CPU time (the second is what the code
 * costs, the first adds the wait for a core on a busy machine), the peak RSS and the V8 heap's peak.
 */
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { articlePage } from '../../tests/helpers/article-server';
import { syntheticArticle } from '../../tests/unit/generation/synthetic-articles';

const { extractArticle } = await import('../../functions/services/extraction/page/extract-article');
const { analyseArticle } = await import('../../functions/services/extraction/analyse-article');
const { draftThread } = await import('../../functions/services/generation/draft-thread');

const words = Number(process.argv[2] ?? 20_000);
const runs = Number(process.argv[3] ?? 10);
const wall: number[] = [];
const cpu: number[] = [];
let heapPeak = 0;
let peakAfterThree = 0;
const peakRssMb = () =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);
for (let run = 0; run <= runs; run++) {
  const source = syntheticArticle(words + run, words);
  const html = articlePage({ title: source.title, paragraphs: source.content.split(/\n\n+/) });
  // Read as a worker without a kept extraction would; the kept one comes out of DynamoDB as a fresh object.
  const extraction = JSON.stringify(
    await analyseArticle(extractArticle(html, 'https://news.example/article'), undefined),
  );
  const analysed = JSON.parse(extraction);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  await draftThread(analysed, 'professional', { appHost: 'localhost:3000', openai: undefined });
  const { user, system } = process.cpuUsage(cpuStarted);
  // Run 0 warms the process (first compilation), as the first job of a Lambda instance does.
  if (run > 0) {
    wall.push(performance.now() - started);
    cpu.push((user + system) / 1000);
  }
  // The figure the bench has always printed: the peak over three generations. V8 collects lazily
  // and keeps growing its heap over more runs while it has room (a 200 MB old space holds 20 runs
  // at the same peak), so the peak after all runs is printed beside it.
  if (run === 3) peakAfterThree = peakRssMb();
  // V8 grows its heap to what a generation needs and keeps it until the next collection.
  heapPeak = Math.max(heapPeak, getHeapStatistics().total_heap_size);
}
const at = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);
};
console.log(
  JSON.stringify({
    words,
    runs,
    p50Ms: at(wall, 0.5),
    p95Ms: at(wall, 0.95),
    cpuP50Ms: at(cpu, 0.5),
    cpuP95Ms: at(cpu, 0.95),
    peakRssMb: peakAfterThree || peakRssMb(),
    peakRssAllRunsMb: peakRssMb(),
    heapPeakMb: Math.round(heapPeak / 1024 / 1024),
  }),
);
