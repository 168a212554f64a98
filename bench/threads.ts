/**
 * bench:threads — what a curator would notice in the offline writer's threads, over the public half
 * of the extraction benchmark pages and the app's samples, per tone: hooks that say what the
 * article is about (a word of the title or the lede), distinct hooks per page, body posts that
 * differ between tones, dangling starts, unbalanced quotes, posts failing the faithfulness check,
 * plus the thread invariants (3–15 posts, 280 by twitter-text, the attribution last). And what an
 * editor would catch (issue #37): body posts out of the article's order (Kendall tau of their
 * source sentences' places), people named before the thread introduced them, posts cut with '…',
 * the headline twice in a hook, site furniture posted, a recap repeating a post, 'I' outside a
 * quotation, hooks saying the same sentence in two tones. On non-English pages: threads with an English
 * phrase of the writer's own (target 0), the non-English pages per detected language and the
 * detection's agreement with the pages' declared <html lang>.
 *
 *   npm run bench:threads [-- --data DIR]      DIR defaults to BENCH_EXTRACTION_DIR, else /work/shared/bench/extraction
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { ExtractionError } from '#functions/lib/errors';
import { extractArticle } from '#functions/services/extraction/page/extract-article';
import { comparable } from '#functions/services/generation/draft/faithfulness';
import { isFurnitureText } from '#functions/services/generation/draft/furniture';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import { assessHallucination } from '#functions/services/generation/draft/hallucination';
import { firstNamesIn, hashtagProblem } from '#functions/services/generation/draft/hashtags';
import { cleanTitle, contentWords, ledeParagraph, turnsOnContrast } from '#functions/services/generation/draft/lede';
import { articlePeople, namedIn, speaksInFirstPerson } from '#functions/services/generation/draft/people';
import { quotesBalanced, startsDangling } from '#functions/services/generation/draft/post-rules';
import { isSolemnTopic } from '#functions/services/generation/draft/solemn-topics';
import { englishScaffolding, recapLabel, withoutPostLabel } from '#functions/services/generation/draft/tone-writer';
import { extractThemes } from '#functions/services/text/themes';
import { attributionText } from '#shared/attribution';
import { primaryLanguage } from '#shared/languages';
import { POST_CHAR_LIMIT, postLength } from '#shared/post-length';
import type { Article } from '#shared/schemas/article';
import { TONES, type Tone } from '#shared/tones';

const APP_HOST = 'threadsnip.app';
const dataDir = process.argv.includes('--data')
  ? (process.argv[process.argv.indexOf('--data') + 1] ?? '')
  : (process.env.BENCH_EXTRACTION_DIR ?? '/work/shared/bench/extraction');
const samplesDir = join(process.cwd(), 'local/samples');

/** The language a page declares in `<html lang>`, as a primary tag; null when it declares none. */
function declaredLanguage(html: string): string | null {
  return primaryLanguage(/<html\b[^>]*?\blang\s*=\s*["']?([^"'\s>]+)/i.exec(html)?.[1]);
}

/** Pages whose declared language the detector was checked against: agreeing, and every disagreement. */
const detection = { declared: 0, agreed: 0, disagreements: [] as string[] };

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
      const article = extractArticle(html, url);
      const declared = declaredLanguage(html);
      if (declared) {
        detection.declared++;
        if (declared === article.language) detection.agreed++;
        else detection.disagreements.push(`${url}: declared ${declared}, detected ${article.language}`);
      }
      return [article];
    } catch (error) {
      if (error instanceof ExtractionError) return [];
      throw error;
    }
  });
}

const NUMBERING = /^\d{1,2}\/\s+/;

interface Tally {
  threads: number;
  hooksOnTopic: number;
  contrastHooks: number;
  body: number;
  bodyOwn: number;
  posts: number;
  dangling: number;
  unbalanced: number;
  unfaithful: number;
  invariantBreaks: number;
  longThreads: number;
  recaps: number;
  bannedTags: number;
  badTagCounts: number;
  /** Kendall tau of each thread's body posts against their sources' places in the article. */
  taus: number[];
  strangers: number;
  cut: number;
  headlineTwice: number;
  furniture: number;
  recapRepeats: number;
  firstPerson: number;
  /** Threads of non-English pages, and those with an English phrase of ours in them. */
  foreign: number;
  englishScaffolded: number;
}

/** Kendall tau between the order of a list and the order of its values: 1 in order, −1 reversed. */
function kendallTau(values: readonly number[]): number | null {
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < values.length; i++)
    for (let j = i + 1; j < values.length; j++) {
      const d = (values[j] ?? 0) - (values[i] ?? 0);
      if (d > 0) concordant++;
      else if (d < 0) discordant++;
    }
  const pairs = (values.length * (values.length - 1)) / 2;
  return pairs ? (concordant - discordant) / pairs : null;
}

/** Whether `a` says what `b` says: most of its words, in order, are in `b`. */
function repeats(a: string, b: string): boolean {
  const words = comparable(a)
    .split(' ')
    .filter((w) => w.length > 2);
  const other = new Set(comparable(b).split(' '));
  return words.length > 0 && words.filter((w) => other.has(w)).length / words.length >= 0.7;
}

const tally = new Map<Tone, Tally>(
  TONES.map((tone) => [
    tone,
    {
      threads: 0,
      hooksOnTopic: 0,
      contrastHooks: 0,
      body: 0,
      bodyOwn: 0,
      posts: 0,
      dangling: 0,
      unbalanced: 0,
      unfaithful: 0,
      invariantBreaks: 0,
      longThreads: 0,
      recaps: 0,
      bannedTags: 0,
      badTagCounts: 0,
      taus: [],
      strangers: 0,
      cut: 0,
      headlineTwice: 0,
      furniture: 0,
      recapRepeats: 0,
      firstPerson: 0,
      foreign: 0,
      englishScaffolded: 0,
    },
  ]),
);
const articles = loadArticles();
const ENGLISH = englishScaffolding();
/** Per page: distinct hook texts, and tones written in professional's voice for want of their own in the page's language. */
const distinctHooks: { distinct: number; fallbacks: number }[] = [];
const distinctHookSentences: { distinct: number; solemnLock: boolean }[] = [];
const bodyPairs = { differing: 0, posts: 0 };
const times: number[] = [];
const examples = new Map<string, string[]>();
/** Keeps the first few cases of each failure, to print after the figures. */
function example(measure: string, text: string): void {
  const list = examples.get(measure) ?? [];
  if (list.length < 4) list.push(text.replace(/\n+/g, ' '));
  examples.set(measure, list);
}

for (const article of articles) {
  const checkable = [article.byline, article.siteName, article.title, article.content].filter(Boolean).join('\n\n');
  const aboutWords = contentWords(`${article.title} ${ledeParagraph(article.content)}`);
  const firstNames = firstNamesIn(article.content, article.byline);
  // Worked out once per article, as the extraction step does for the app.
  const themes = extractThemes(article.content, { title: article.title, language: article.language });
  const bodies = new Map<Tone, string[]>();
  const sources = new Map<Tone, Set<string>>();
  const hooks = new Set<string>();
  let fallbacks = 0;
  const hookSentences = new Map<Tone, string>();
  const people = articlePeople(article.content);
  const headline = comparable(cleanTitle(article.title));
  for (const tone of TONES) {
    const t = tally.get(tone) as Tally;
    const started = performance.now();
    const thread = await generateThread({ article, tone, appHost: APP_HOST, themes });
    times.push(performance.now() - started);
    t.threads++;
    const posts = thread.posts;
    const hook = posts[0]?.content ?? '';
    hooks.add(hook);
    if (thread.voiceTone) fallbacks++;
    hookSentences.set(tone, comparable(posts[0]?.source ?? hook));
    if (headline.split(' ').length >= 3 && ` ${comparable(hook)} `.split(` ${headline} `).length > 2) {
      t.headlineTwice++;
      example('hooks with the headline twice', `${tone}: ${hook}`);
    }
    const hookText = hook.replace(/#\S+/g, '').trim();
    if ([...contentWords(hookText)].some((w) => aboutWords.has(w))) t.hooksOnTopic++;
    else example('hooks without a word of the title or lede', `${tone}: ${hook} — title: ${article.title}`);
    if (turnsOnContrast(hookText.replace(/^[^:]{3,80}:\s+/u, ''))) t.contrastHooks++;
    const tags = hook.match(/#[\p{L}\p{N}_]+/gu) ?? [];
    if (tags.length === 0 || tags.length > 3) t.badTagCounts++;
    t.bannedTags += tags.filter((tag) => hashtagProblem(tag, firstNames, article.language)).length;
    const body = posts.slice(1, -1).map((p) => p.content.replace(NUMBERING, ''));
    bodies.set(tone, body);
    t.body += body.length;
    const label = recapLabel(thread.voiceTone ?? tone, thread.language);
    const hasRecap = posts.length >= 6 && label !== '' && Boolean(body.at(-1)?.startsWith(label));
    const told = posts.slice(1, hasRecap ? -2 : -1).filter((p) => p.source && !/^Thread created/.test(p.content));
    sources.set(tone, new Set(told.map((p) => comparable(p.source ?? ''))));
    const tau = kendallTau(told.map((p) => article.content.indexOf(p.source ?? '')));
    if (tau !== null) t.taus.push(tau);
    if (tau !== null && tau < 0) example('threads told against the article’s order', `${tone}: ${article.url}`);
    const introduced = new Set(namedIn(hook, people).full);
    for (const post of body) {
      const named = namedIn(post, people);
      if (named.surname.some((p) => !introduced.has(p))) {
        t.strangers++;
        example('people named before the thread introduced them', `${tone}: ${post}`);
      }
      for (const p of [...named.full, ...named.surname]) introduced.add(p);
      if (/(?:…|\.\.\.)["”’)]?$/u.test(post) && !article.content.includes(post.slice(-30))) {
        t.cut++;
        example('body posts cut with an ellipsis', `${tone}: ${post}`);
      }
    }
    if (hasRecap) {
      const recap = withoutPostLabel(body.at(-1) ?? '');
      const earlier = [hook.replace(/#\S+/g, ''), ...body.slice(0, -1).map(withoutPostLabel)];
      if (earlier.some((p) => repeats(recap, p) || repeats(p, recap))) {
        t.recapRepeats++;
        example('recaps repeating a post', `${tone}: ${recap}`);
      }
    }
    for (const post of body.filter((p) => startsDangling(withoutPostLabel(p)))) {
      t.dangling++;
      example('dangling starts', `${tone}: ${post}`);
    }
    for (const post of posts.slice(0, -1)) {
      t.posts++;
      if (isFurnitureText(withoutPostLabel(post.content.replace(NUMBERING, '')))) {
        t.furniture++;
        example('furniture posted', `${tone}: ${post.content}`);
      }
      if (speaksInFirstPerson(post.content.replace(/#\S+/g, ''))) {
        t.firstPerson++;
        example('first person outside a quotation', `${tone}: ${post.content}`);
      }
      if (!quotesBalanced(post.content)) {
        t.unbalanced++;
        example('unbalanced quotes', `${tone}: ${post.content}`);
      }
      const check = assessHallucination([post], checkable, thread.language);
      if (check.risk !== 'low') {
        t.unfaithful++;
        example('failing the faithfulness check', `${tone}: ${post.content} — ${check.reason}`);
      }
    }
    if (article.language && article.language !== 'en') {
      t.foreign++;
      const written = posts.slice(0, -1).map((p) => p.content.replace(/#\S+/g, ''));
      const english = ENGLISH.find((phrase) => written.some((post) => post.includes(phrase)));
      if (english) {
        t.englishScaffolded++;
        example(
          'non-English threads with English scaffolding',
          `${tone} (${article.language}): “${english}” in ${hook}`,
        );
      }
    }
    const broken =
      posts.length < 3 ||
      posts.length > 15 ||
      posts.some((p) => postLength(p.content) > POST_CHAR_LIMIT) ||
      posts.at(-1)?.content !== attributionText(APP_HOST, article.url);
    if (broken) t.invariantBreaks++;
    if (posts.length >= 6) {
      t.longThreads++;
      if (body.at(-1)?.startsWith(recapLabel(thread.voiceTone ?? tone, thread.language))) t.recaps++;
    }
  }
  distinctHooks.push({ distinct: hooks.size, fallbacks });
  if (hooks.size < TONES.length)
    example('pages with fewer distinct hooks than tones', `${article.url} (${article.language ?? 'language unknown'})`);
  distinctHookSentences.push({
    distinct: new Set(hookSentences.values()).size,
    solemnLock:
      isSolemnTopic(article.title, article.content) &&
      hookSentences.get('humorous') === hookSentences.get('professional'),
  });
  const last = distinctHookSentences.at(-1);
  if (last && last.distinct < TONES.length - (last.solemnLock ? 1 : 0))
    example(
      'pages whose tones share a hook sentence',
      `${article.url}: ${[...hookSentences.values()].map((h) => h.slice(0, 50)).join(' | ')}`,
    );
  for (const a of TONES)
    for (const b of TONES) {
      if (a === b) continue;
      const other = sources.get(b) ?? new Set();
      for (const source of sources.get(a) ?? []) {
        bodyPairs.posts++;
        if (!other.has(source)) bodyPairs.differing++;
      }
    }
  for (const tone of TONES) {
    const others = new Set(TONES.filter((o) => o !== tone).flatMap((o) => bodies.get(o) ?? []));
    (tally.get(tone) as Tally).bodyOwn += (bodies.get(tone) ?? []).filter((p) => !others.has(p)).length;
  }
}

const pct = (n: number, d: number) => `${d ? ((100 * n) / d).toFixed(1) : '0.0'}%`;
const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const rows: [string, (t: Tally) => string, string][] = [
  ['hooks with a word of the title or lede', (t) => pct(t.hooksOnTopic, t.threads), '100%'],
  ['hooks turning on a contrast', (t) => String(t.contrastHooks), '0'],
  ['body posts no other tone has', (t) => pct(t.bodyOwn, t.body), 'higher is more distinct'],
  ['dangling starts (body posts)', (t) => pct(t.dangling, t.body), '0%'],
  ['unbalanced quotes', (t) => String(t.unbalanced), '0'],
  ['posts failing the faithfulness check', (t) => `${t.unfaithful} of ${t.posts}`, '0'],
  [
    'threads of 6+ posts closing on a recap',
    (t) => `${pct(t.recaps, t.longThreads)} (${t.recaps} of ${t.longThreads})`,
    '100%',
  ],
  ['threads breaking an invariant', (t) => String(t.invariantBreaks), '0'],
  ['banned hashtags', (t) => String(t.bannedTags), '0'],
  ['hooks without 1–3 hashtags', (t) => String(t.badTagCounts), '0'],
  ['body order against the article (mean Kendall tau)', (t) => mean(t.taus).toFixed(2), '≥ 0.7 (persuasive ≥ 0.5)'],
  ['body posts naming a person not introduced', (t) => pct(t.strangers, t.body), '≤ 1%'],
  ['body posts cut with …', (t) => String(t.cut), '0'],
  ['hooks with the headline twice', (t) => String(t.headlineTwice), '0'],
  ['furniture posts', (t) => String(t.furniture), '0'],
  ['recaps repeating an earlier post', (t) => String(t.recapRepeats), '0'],
  ['posts in the first person outside a quotation', (t) => pct(t.firstPerson, t.posts), '≤ 0.5%'],
  ['on non-English pages, threads with English scaffolding', (t) => `${t.englishScaffolded} of ${t.foreign}`, '0'],
];
const sorted = [...times].sort((a, b) => a - b);
const fiveOfFive = distinctHooks.filter((d) => d.distinct === TONES.length).length;
// A tone without a voice in the page's language is written in professional's, and may say its hook.
const fallbackShared = distinctHooks.filter(
  (d) => d.distinct < TONES.length && d.distinct >= TONES.length - d.fallbacks,
).length;
const meanDistinct = mean(distinctHooks.map((d) => d.distinct));
console.log(`${articles.length} articles × ${TONES.length} tones = ${articles.length * TONES.length} threads\n`);
console.log(`| measure | ${TONES.join(' | ')} | target |\n|---|${TONES.map(() => '---|').join('')}---|`);
for (const [name, cell, target] of rows) {
  console.log(`| ${name} | ${TONES.map((tone) => cell(tally.get(tone) as Tally)).join(' | ')} | ${target} |`);
}
console.log(
  `\ndistinct hooks per page: ${meanDistinct.toFixed(2)} of ${TONES.length} on average, ${fiveOfFive} of ${distinctHooks.length} pages with ${TONES.length} of ${TONES.length}, ${fallbackShared} more where a tone without a voice in the page's language shares professional's (target: ${TONES.length} of ${TONES.length} on every page but those)`,
);
const sentencesOk = distinctHookSentences.filter(
  (d) => d.distinct === TONES.length || (d.solemnLock && d.distinct === TONES.length - 1),
).length;
console.log(
  `distinct hook sentences per page: ${mean(distinctHookSentences.map((d) => d.distinct)).toFixed(2)} of ${TONES.length} on average, ${sentencesOk} of ${distinctHookSentences.length} pages with ${TONES.length} of ${TONES.length} (${TONES.length - 1} where a solemn topic locks humour to professional; target: every page)`,
);
console.log(
  `body posts that differ between two tones (by source sentence): ${pct(bodyPairs.differing, bodyPairs.posts)} (target ≥ 30%)`,
);
console.log(
  `time per thread p50 / p95: ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms / ${(sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(0)} ms`,
);
const byLanguage = new Map<string, number>();
for (const article of articles) {
  if (article.language === 'en') continue;
  const key = article.language ?? 'unknown';
  byLanguage.set(key, (byLanguage.get(key) ?? 0) + 1);
}
console.log(
  `non-English pages by detected language: ${
    [...byLanguage]
      .sort((a, b) => b[1] - a[1])
      .map(([language, count]) => `${language} ${count}`)
      .join(', ') || 'none'
  }`,
);
console.log(
  `detection against the declared <html lang>: ${detection.agreed} of ${detection.declared} agree (${pct(detection.agreed, detection.declared)})${
    detection.disagreements.length ? `\n${detection.disagreements.map((d) => `- ${d}`).join('\n')}` : ''
  }`,
);
for (const [measure, list] of examples)
  console.log(`\n${measure}, first cases:\n${list.map((e) => `- ${e}`).join('\n')}`);
