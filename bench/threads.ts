/**
 * bench:threads — thread quality of the offline generator over the extraction benchmark pages and
 * the app's samples, in all five tones. Targets: templated hooks 0%, dangling starts ≤ 2%,
 * unbalanced quotes 0, banned hashtags 0, and ≥ 4 distinct hooks per article across the 5 tones.
 *
 *   npm run bench:threads [-- --data DIR]      DIR defaults to BENCH_EXTRACTION_DIR, else ../shared/bench/extraction
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { ExtractionError } from '../functions/lib/errors';
import { extractArticle } from '../functions/services/extraction/page/extract-article';
import { generateThread } from '../functions/services/generation/draft/generate-thread';
import { firstNamesIn, hashtagProblem } from '../functions/services/generation/draft/hashtags';
import { quotesBalanced, startsDangling } from '../functions/services/generation/draft/post-rules';
import { extractThemes } from '../functions/services/generation/draft/themes';
import type { Article } from '../shared/schemas/article';
import { TONES } from '../shared/tones';

const dataDir = process.argv.includes('--data')
  ? (process.argv[process.argv.indexOf('--data') + 1] ?? '')
  : (process.env.BENCH_EXTRACTION_DIR ?? join(process.cwd(), '../shared/bench/extraction'));
const samplesDir = join(process.cwd(), 'local/samples');

function loadArticles(): Article[] {
  const truth = JSON.parse(readFileSync(join(dataDir, 'ground-truth.json'), 'utf8')) as Record<string, { url: string }>;
  const pages = Object.entries(truth).map(([id, { url }]) => ({
    html: gunzipSync(readFileSync(join(dataDir, 'html', `${id}.html.gz`))).toString('utf8'),
    url,
  }));
  for (const file of readdirSync(samplesDir).filter((f) => f.endsWith('.html'))) {
    pages.push({ html: readFileSync(join(samplesDir, file), 'utf8'), url: `http://localhost:3000/samples/${file}` });
  }
  return pages.flatMap(({ html, url }) => {
    try {
      return [extractArticle(html, url)];
    } catch (error) {
      if (error instanceof ExtractionError) return [];
      throw error;
    }
  });
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
const BODY = /^\d{1,2}\/\s+/;

const articles = loadArticles();
const hookResidues = new Map<string, number>();
let threads = 0;
let posts = 0;
let dangling = 0;
let unbalanced = 0;
let banned = 0;
let tags = 0;
let badTagCounts = 0;
let shared = 0;
let pairs = 0;
let articlesWithFewHooks = 0;
let keyCovered = 0;
let keyTotal = 0;
const risks = { low: 0, medium: 0, high: 0 };
const times: number[] = [];

for (const article of articles) {
  const themes = extractThemes(article.content, { title: article.title });
  const known = words(`${article.byline ?? ''} ${article.siteName ?? ''} ${article.title} ${article.content}`);
  const firstNames = firstNamesIn(article.content, article.byline);
  const hooks = new Set<string>();
  const bodies: Set<string>[] = [];
  for (const tone of TONES) {
    const started = performance.now();
    const thread = await generateThread({ article, tone, appHost: 'threadsnip.app', themes });
    times.push(performance.now() - started);
    threads++;
    const hook = thread.posts[0]?.content ?? '';
    hooks.add(hook);
    // What the hook says beyond the article's own words: a fixed template shows up here.
    const residue = (
      hook
        .replace(/#\S+/g, '')
        .toLowerCase()
        .match(/[\p{L}']+/gu) ?? []
    )
      .filter((w) => !known.has(w.replace(/'.*$/, '')))
      .join(' ');
    if (residue.split(' ').length >= 3) hookResidues.set(residue, (hookResidues.get(residue) ?? 0) + 1);
    const hookTags = hook.match(/#[\p{L}\p{N}_]+/gu) ?? [];
    if (hookTags.length === 0 || hookTags.length > 3) badTagCounts++;
    for (const tag of hookTags) {
      tags++;
      if (hashtagProblem(tag, firstNames)) banned++;
    }
    const body = thread.posts.slice(1, -1).map((p) => p.content.replace(BODY, ''));
    for (const post of [hook, ...body]) {
      posts++;
      if (!quotesBalanced(post)) unbalanced++;
    }
    // A tone's framing line ("Why it matters: …") must not hide a dangling start behind it.
    dangling += body.filter((p) => startsDangling(p) || startsDangling(p.replace(/^[\p{L}' ]{3,25}:\s+/u, ''))).length;
    bodies.push(new Set(body));
    risks[thread.hallucination.risk]++;
    if (tone === 'professional') {
      // Key sentences: the article's opening sentences, covered when a post carries most of their words.
      const key = (article.content.match(/[^.!?\n]+[.!?]/g) ?? []).slice(0, 3);
      const text = words(thread.posts.map((p) => p.content).join(' '));
      for (const sentence of key) {
        const ws = [...words(sentence)];
        keyTotal++;
        if (ws.filter((w) => text.has(w)).length >= ws.length * 0.7) keyCovered++;
      }
    }
  }
  if (hooks.size < 4) articlesWithFewHooks++;
  for (let a = 0; a < bodies.length; a++) {
    for (let b = a + 1; b < bodies.length; b++) {
      const [x, y] = [bodies[a] ?? new Set<string>(), bodies[b] ?? new Set<string>()];
      shared += [...x].filter((p) => y.has(p)).length;
      pairs += Math.max(x.size, y.size);
    }
  }
}

const templated = [...hookResidues.values()].filter((n) => n > threads / 10).reduce((s, n) => s + n, 0);
const sorted = [...times].sort((a, b) => a - b);
const pct = (n: number, d: number) => `${d ? ((100 * n) / d).toFixed(1) : '0.0'}%`;
const rows: [string, string, string][] = [
  ['articles × tones', `${articles.length} × ${TONES.length} = ${threads} threads, ${posts} posts`, ''],
  ['templated hooks', pct(templated, threads), '0%'],
  ['dangling starts (body posts)', pct(dangling, posts - threads), '≤ 2%'],
  ['unbalanced quotes', String(unbalanced), '0'],
  ['banned hashtags', `${banned} of ${tags}`, '0'],
  ['hooks without 1–3 hashtags', String(badTagCounts), '0'],
  ['articles with < 4 distinct hooks', String(articlesWithFewHooks), '0'],
  ['body posts shared by two tones', pct(shared, pairs), 'lower is more distinct'],
  ['key sentences covered (first 3)', pct(keyCovered, keyTotal), ''],
  ['hallucination risk low/medium/high', `${risks.low}/${risks.medium}/${risks.high}`, ''],
  [
    'time per thread p50 / p95',
    `${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms / ${(sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(0)} ms`,
    '',
  ],
];
console.log('| measure | value | target |\n|---|---|---|');
for (const [name, value, target] of rows) console.log(`| ${name} | ${value} | ${target} |`);
