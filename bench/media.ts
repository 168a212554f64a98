/**
 * Media benchmark: quote card renders (satori → SVG → sharp → PNG) over real article sentences, across
 * every design, theme and format, with the process's peak memory; then an article's 4 MB JPEG
 * fetched through the outbound guard from a loopback server and re-encoded, as the article-picture
 * route does. Targets (issue #39): render p95 < 200 ms, fetch + re-encode p95 < 400 ms, peak RSS < 512 MB.
 *
 *   npm run bench:media [-- --data FILE] [--cards N]
 *
 * FILE (default /work/shared/bench/extraction/ground-truth.json, or BENCH_EXTRACTION_DIR) holds the
 * extraction benchmark's article texts; without it the generation fixtures' articles are used.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { renderQuoteCard } from '../functions/services/media/quote-card/render-quote-card';
import { QUOTE_CARD_MAX_CHARS, quoteCardPassage } from '../shared/quote-card';
import {
  QUOTE_CARD_DESIGNS,
  QUOTE_CARD_FORMATS,
  QUOTE_CARD_THEMES,
  type QuoteCardFormat,
} from '../shared/schemas/media';
import { percentile } from './lib/stats';

const P95_TARGET_MS = 200;
const FETCH_P95_TARGET_MS = 400;
const FETCHES = 20;
const RSS_TARGET_MB = 512;
/** Passages of other scripts, so the CJK fonts' subsets are loaded and parsed as in use. */
const OTHER_SCRIPTS: [string, string][] = [
  ['ru', 'Совет проголосовал семью голосами против двух за восстановление стены гавани.'],
  ['el', 'Το δημοτικό συμβούλιο ψήφισε την ανακατασκευή του τείχους του λιμανιού.'],
  ['zh', '市议会周二以七票对两票通过了重建港口的计划，工程将于明年春天开始。'],
  ['ja', '市議会は火曜日、港の壁を再建する計画を7対2で可決した。'],
  ['ko', '시의회는 화요일 항구 벽을 재건하는 계획을 7대 2로 의결했다.'],
];

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** Article texts: the extraction benchmark's ground truth, else the generation fixtures. */
function articleTexts(): string[] {
  const file =
    argValue('--data') ??
    join(process.env.BENCH_EXTRACTION_DIR ?? '/work/shared/bench/extraction', 'ground-truth.json');
  if (existsSync(file)) {
    const truth = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { articleBody?: string }>;
    return Object.values(truth).flatMap((entry) => (entry.articleBody ? [entry.articleBody] : []));
  }
  const fixtures = join(import.meta.dirname, '../tests/fixtures/generation');
  return readdirSync(fixtures).map((name) => readFileSync(join(fixtures, name), 'utf8'));
}

/** Whole sentences a card would take, as a curator's post would cite them. */
function passages(texts: string[], wanted: number): { passage: string; language: string }[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const all = texts.flatMap((text) =>
    [...segmenter.segment(text)]
      .map(({ segment }) => segment.trim())
      .filter((sentence) => sentence.length >= 60 && sentence.length <= QUOTE_CARD_MAX_CHARS)
      .flatMap((sentence) => {
        const card = quoteCardPassage({ id: 'post-1', source: sentence }, { title: '', posts: [] });
        return card.passage ? [card.passage] : [];
      }),
  );
  // Spread over the whole set rather than the first articles only.
  const step = Math.max(1, Math.floor(all.length / wanted));
  const latin = all.filter((_, i) => i % step === 0).slice(0, wanted);
  return [
    ...latin.map((passage) => ({ passage, language: 'en' })),
    ...OTHER_SCRIPTS.map(([language, passage]) => ({ passage, language })),
  ];
}

/** A noisy photo-like JPEG of about 4 MB (noise defeats compression as a photo's detail does). */
async function fourMegabyteJpeg(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  const width = 2640;
  const height = 1980;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** An article's picture fetched through the guard from a loopback server and re-encoded, `FETCHES` times. */
async function fetchAndReencode(): Promise<{ bytes: number; times: number[] }> {
  const jpeg = await fourMegabyteJpeg();
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The guard refuses loopback unless the host is allowed, as the local stack allows its samples.
  Object.assign(process.env, {
    TABLE_NAME: process.env.TABLE_NAME ?? 'bench',
    APP_PUBLIC_URL: process.env.APP_PUBLIC_URL ?? 'http://localhost:3000',
    ALLOW_PRIVATE_FETCH_HOSTS: `${origin}/`,
  });
  const { fetchRemoteImage } = await import('../functions/services/media/media');
  const times: number[] = [];
  try {
    for (let i = 0; i < FETCHES; i += 1) {
      const start = performance.now();
      await fetchRemoteImage(`http://${origin}/photo-${i}.jpg`);
      times.push(performance.now() - start);
    }
  } finally {
    server.close();
  }
  return { bytes: jpeg.byteLength, times: times.sort((a, b) => a - b) };
}

async function main(): Promise<void> {
  const cards = Number(argValue('--cards') ?? 120);
  const sample = passages(articleTexts(), cards - OTHER_SCRIPTS.length);
  const formats = Object.keys(QUOTE_CARD_FORMATS) as QuoteCardFormat[];
  const variants = QUOTE_CARD_DESIGNS.flatMap((design) =>
    QUOTE_CARD_THEMES.flatMap((theme) => formats.map((format) => ({ design, theme, format }))),
  );
  const credit = { author: 'Jane Doe', outlet: 'The Harbour Gazette', domain: 'gazette.example' };

  const coldStart = performance.now();
  await renderQuoteCard({ ...credit, ...variants[0]!, passage: sample[0]?.passage ?? 'The wall stands.' });
  const coldMs = performance.now() - coldStart;

  const times: number[] = [];
  // CPU time as well: on a shared machine the wall time also counts waiting for a core.
  const cpuTimes: number[] = [];
  let heapPeak = 0;
  let bytes = 0;
  for (const [i, { passage, language }] of sample.entries()) {
    const variant = variants[i % variants.length]!;
    const start = performance.now();
    const cpu = process.cpuUsage();
    const card = await renderQuoteCard({ ...credit, ...variant, passage, language });
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
    heapPeak = Math.max(heapPeak, getHeapStatistics().total_heap_size);
    bytes += card.png.length;
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const rssMb = (process.resourceUsage().maxRSS * 1024) / (1024 * 1024);
  const lengths = sample.map((s) => s.passage.length).sort((a, b) => a - b);

  console.log(`quote cards: ${times.length} renders over ${variants.length} design × theme × format variants`);
  console.log(`  passages: ${lengths[0]}–${lengths.at(-1)} characters (median ${percentile(lengths, 50)})`);
  console.log(`  first render (fonts read, layout engine started): ${coldMs.toFixed(0)} ms`);
  console.log(
    `  render p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (target p95 < ${P95_TARGET_MS} ms)`,
  );
  console.log(
    `  CPU per render p50 ${percentile(cpuTimes, 50).toFixed(1)} ms, p95 ${percentile(cpuTimes, 95).toFixed(1)} ms (all threads)`,
  );
  console.log(`  load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
  console.log(`  PNG ${(bytes / times.length / 1024).toFixed(0)} kB on average`);
  // V8 collects lazily while it has room: much of its heap at the peak is garbage not yet collected.
  console.log(
    `  peak RSS ${rssMb.toFixed(0)} MB (target < ${RSS_TARGET_MB} MB), of which V8's heap at most ${(heapPeak / 1024 / 1024).toFixed(0)} MB`,
  );
  const fetched = await fetchAndReencode();
  const fetchP95 = percentile(fetched.times, 95);
  console.log(
    `article picture: a ${(fetched.bytes / 1024 / 1024).toFixed(1)} MB JPEG fetched through the guard and re-encoded, ${FETCHES} times: p50 ${percentile(fetched.times, 50).toFixed(0)} ms, p95 ${fetchP95.toFixed(0)} ms (target p95 < ${FETCH_P95_TARGET_MS} ms)`,
  );
  const finalRssMb = (process.resourceUsage().maxRSS * 1024) / (1024 * 1024);
  // In the cloud the card renderer and the picture routes are separate functions; this process ran both.
  console.log(`  peak RSS of this process, cards and pictures together: ${finalRssMb.toFixed(0)} MB`);
  if (p95 >= P95_TARGET_MS || fetchP95 >= FETCH_P95_TARGET_MS || rssMb >= RSS_TARGET_MB) process.exitCode = 1;
}

await main();
