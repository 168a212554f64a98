/**
 * Article extraction benchmark: plain Readability on linkedom (textContent) against ThreadSnip's
 * extractor, on the Scrapinghub sample pages, scored by the benchmark's own score.mjs.
 *
 *   npm run bench:extract [-- --data DIR] [--repeat N] [--keep] [--per-page]
 *
 * DIR (default /work/shared/bench/extraction, or BENCH_EXTRACTION_DIR) holds html/<id>.html.gz,
 * ground-truth.json and score.mjs.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractionError } from '../functions/lib/errors';
import { extractArticle } from '../functions/services/extraction/page/extract-article';

// The reference: Readability as documented for linkedom (a <base href> injected, nothing else).
function plainReadability(html: string, url: string): string {
  const base = `<base href="${url.replace(/"/g, '&quot;')}">`;
  const source = /<head(\s[^>]*)?>/i.test(html)
    ? html.replace(/<head(\s[^>]*)?>/i, (head) => head + base)
    : `<html><head>${base}</head><body>${html}</body></html>`;
  const { document } = parseHTML(source);
  return new Readability(document as unknown as Document).parse()?.textContent ?? '';
}

interface Method {
  name: string;
  extract: (html: string, url: string) => string;
}

const METHODS: Method[] = [
  {
    name: 'readability-textContent',
    extract: plainReadability,
  },
  {
    name: 'threadsnip',
    extract: (html, url) => {
      try {
        return extractArticle(html, url).content;
      } catch (error) {
        if (error instanceof ExtractionError) return '';
        throw error;
      }
    },
  },
];

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

interface Scores {
  f1: number;
  precision: number;
  recall: number;
  accuracy: number;
  f1_std: number;
}

function main(): void {
  const dataDir = argValue('--data') ?? process.env.BENCH_EXTRACTION_DIR ?? '/work/shared/bench/extraction';
  const keep = process.argv.includes('--keep');
  const repeat = Math.max(1, Number(argValue('--repeat') ?? 3));
  const groundTruth = JSON.parse(readFileSync(join(dataDir, 'ground-truth.json'), 'utf8')) as Record<
    string,
    { url: string }
  >;
  const ids = readdirSync(join(dataDir, 'html'))
    .filter((file) => file.endsWith('.html.gz'))
    .map((file) => file.slice(0, -'.html.gz'.length))
    .filter((id) => groundTruth[id])
    .sort();
  const outDir = mkdtempSync(join(tmpdir(), 'bench-extract-'));
  const timings = new Map(METHODS.map((method) => [method.name, [] as number[]]));
  for (const method of METHODS) {
    mkdirSync(join(outDir, method.name));
    writeFileSync(join(outDir, method.name, '_version.txt'), method.name);
  }

  const pages = ids.map((id) => ({
    id,
    url: groundTruth[id]?.url ?? '',
    html: gunzipSync(readFileSync(join(dataDir, 'html', `${id}.html.gz`))).toString('utf8'),
  }));
  // Warm the JIT on a few pages so the first timed pages are not penalised.
  for (const page of pages.slice(0, 5)) for (const method of METHODS) method.extract(page.html, page.url);

  for (const page of pages) {
    // Methods alternate per page so machine noise falls on both alike; each page is timed `repeat`
    // times and its median kept, so a burst of load from another process does not count as ours.
    const runs = new Map(METHODS.map((method) => [method.name, [] as number[]]));
    for (let run = 0; run < repeat; run++) {
      for (const method of METHODS) {
        const started = performance.now();
        const articleBody = method.extract(page.html, page.url);
        runs.get(method.name)?.push(performance.now() - started);
        if (run === 0) writeFileSync(join(outDir, method.name, `${page.id}.json`), JSON.stringify({ articleBody }));
      }
    }
    for (const method of METHODS) {
      const sorted = (runs.get(method.name) ?? []).sort((a, b) => a - b);
      timings.get(method.name)?.push(percentile(sorted, 0.5));
    }
  }

  const scoresFile = join(outDir, '_scores.json');
  const args = [join(dataDir, 'score.mjs'), '--gt', join(dataDir, 'ground-truth.json'), '--json', scoresFile];
  if (process.argv.includes('--per-page')) args.push('--per-page', join(outDir, '_per-page'));
  args.push('--diff', ...METHODS.map((method) => join(outDir, method.name)));
  const scored = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (scored.status !== 0) {
    console.error(scored.stderr || scored.stdout);
    process.exitCode = 1;
    return;
  }
  const scores = JSON.parse(readFileSync(scoresFile, 'utf8')) as Record<string, Scores>;

  console.log(`${pages.length} pages from ${dataDir}; times are each page's median of ${repeat} runs\n`);
  console.log(scored.stdout.trimEnd());
  console.log('\nmethod                      F1      precision  recall   ms/page median   p95');
  for (const method of METHODS) {
    const score = scores[method.name];
    const ms = [...(timings.get(method.name) ?? [])].sort((a, b) => a - b);
    console.log(
      [
        method.name.padEnd(26),
        score?.f1.toFixed(3).padStart(6),
        score?.precision.toFixed(3).padStart(10),
        score?.recall.toFixed(3).padStart(8),
        percentile(ms, 0.5).toFixed(1).padStart(16),
        percentile(ms, 0.95).toFixed(1).padStart(7),
      ].join('  '),
    );
  }
  if (keep) console.log(`\noutputs kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}

main();
