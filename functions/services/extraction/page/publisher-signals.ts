import type { ArticleRights } from '#shared/schemas/article';

/**
 * The publisher's signals about AI use and reuse, read from a page's headers and head and from the
 * origin's /.well-known/tdmrep.json (TDM Reservation Protocol, W3C Community Group final report),
 * robots directives and a licence link. Pure: every malformed signal is reported in `problems` and
 * counts as not reserving.
 */

/** One TDMRep declaration: reserved (1) or not (0), and the policy when one is given. */
export interface TdmDeclaration {
  reservation: boolean;
  policyUrl: string | null;
}

/** One rule of a tdmrep.json file: a location pattern and its declaration. */
export interface TdmRule extends TdmDeclaration {
  location: string;
}

/** The robots directives that concern us. */
export interface RobotsDirectives {
  noai: boolean;
  noimageai: boolean;
  nosnippet: boolean;
  /** Characters; null when unlimited (absent or -1). */
  maxSnippet: number | null;
}

/** What a page's head says: TDMRep meta, robots meta for every agent or ours, the licence link. */
export interface PageSignals {
  tdm: TdmDeclaration | null;
  robots: RobotsDirectives;
  license: ArticleRights['license'];
}

export interface Parsed<T> {
  value: T;
  problems: string[];
}

/** The robots agent names whose directives we follow: every agent, and ours by name. */
const OUR_AGENTS = new Set(['robots', 'threadsnip']);
/** Robots directives that take a value after a colon (so 'max-snippet: 50' is no agent name). */
const VALUED_DIRECTIVES = new Set(['max-snippet', 'max-image-preview', 'max-video-preview', 'unavailable_after']);

export const NO_ROBOTS: RobotsDirectives = { noai: false, noimageai: false, nosnippet: false, maxSnippet: null };

/** A TDMRep `tdm-reservation` value: 1 reserves, 0 does not; anything else is a protocol error (unset). */
function parseReservation(raw: unknown, where: string, problems: string[]): boolean | null {
  const value = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw;
  if (value === '1') return true;
  if (value === '0') return false;
  problems.push(`${where}: tdm-reservation ${JSON.stringify(raw)} is neither 0 nor 1`);
  return null;
}

/** A `tdm-policy` value: an absolute http(s) URL, else ignored. */
function parsePolicy(raw: unknown, where: string, problems: string[]): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'string' && URL.canParse(raw.trim())) {
    const url = new URL(raw.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  }
  problems.push(`${where}: tdm-policy ${JSON.stringify(raw)} is not an absolute http(s) URL`);
  return null;
}

/** A declaration from a pair of values (headers or meta tags); null when tdm-reservation is absent or malformed. */
export function tdmDeclaration(
  reservation: string | null | undefined,
  policy: string | null | undefined,
  where: string,
  problems: string[],
): TdmDeclaration | null {
  if (reservation === null || reservation === undefined) return null;
  const reserved = parseReservation(reservation, where, problems);
  if (reserved === null) return null;
  return { reservation: reserved, policyUrl: reserved ? parsePolicy(policy, where, problems) : null };
}

/**
 * Robots directives from `X-Robots-Tag` values or `<meta name="robots">` contents, each
 * comma-separated and optionally scoped to an agent (`otherbot: noai, nosnippet`): directives for
 * every agent and for ThreadSnip count, the most restrictive wins; another agent's are skipped.
 */
export function parseRobots(values: readonly { agent?: string; content: string }[]): Parsed<RobotsDirectives> {
  const problems: string[] = [];
  const result: RobotsDirectives = { ...NO_ROBOTS };
  for (const { agent: metaAgent, content } of values) {
    let agent = metaAgent?.toLowerCase() ?? 'robots';
    for (const rawToken of content.split(',')) {
      let token = rawToken.trim().toLowerCase();
      const scoped = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(token);
      if (scoped?.[1] && !VALUED_DIRECTIVES.has(scoped[1])) {
        agent = scoped[1];
        token = scoped[2] ?? '';
      }
      if (!token || !OUR_AGENTS.has(agent)) continue;
      if (token === 'noai') result.noai = true;
      else if (token === 'noimageai') result.noimageai = true;
      else if (token === 'nosnippet') result.nosnippet = true;
      else if (token.startsWith('max-snippet')) {
        const number = /^max-snippet\s*:\s*(-?\d+)$/.exec(token)?.[1];
        if (number === undefined) {
          problems.push(`robots: "${token}" has no whole number`);
          continue;
        }
        const chars = Number(number);
        if (chars < -1) problems.push(`robots: "${token}" is below -1`);
        else if (chars >= 0) result.maxSnippet = Math.min(result.maxSnippet ?? chars, chars);
      }
    }
  }
  return { value: result, problems };
}

const CC_LICENSES = /^\/licenses\/(by(?:-nc)?(?:-sa|-nd)?)\/(\d(?:\.\d)?)\/?/i;

/** The name of a Creative Commons licence URL ('CC BY-SA 4.0', 'CC0 1.0'), or null for any other URL. */
export function creativeCommonsName(href: string): string | null {
  if (!URL.canParse(href)) return null;
  const url = new URL(href);
  if (!/(^|\.)creativecommons\.org$/i.test(url.hostname)) return null;
  const licence = CC_LICENSES.exec(url.pathname);
  if (licence?.[1] && licence[2]) return `CC ${licence[1].toUpperCase()} ${licence[2]}`;
  const zero = /^\/publicdomain\/zero\/(\d\.\d)\/?/i.exec(url.pathname);
  if (zero?.[1]) return `CC0 ${zero[1]}`;
  const mark = /^\/publicdomain\/mark\/(\d\.\d)\/?/i.exec(url.pathname);
  if (mark?.[1]) return `Public Domain Mark ${mark[1]}`;
  return null;
}

const hasToken = (value: string | null, token: string) => (value ?? '').toLowerCase().split(/\s+/).includes(token);

/** The signals in a page's document: TDMRep meta tags, robots meta for every agent or ours, rel="license". */
export function readPageSignals(document: Document): Parsed<PageSignals> {
  const problems: string[] = [];
  const meta = (name: string) =>
    [...document.querySelectorAll('meta[name][content]')]
      .filter((element) => element.getAttribute('name')?.trim().toLowerCase() === name)
      .map((element) => element.getAttribute('content') ?? '');
  const tdm = tdmDeclaration(meta('tdm-reservation')[0], meta('tdm-policy')[0], 'meta', problems);
  const robotsValues = [...OUR_AGENTS].flatMap((agent) => meta(agent).map((content) => ({ agent, content })));
  const robots = parseRobots(robotsValues);
  problems.push(...robots.problems);
  const link = [...document.querySelectorAll('link[rel][href], a[rel][href]')].find((element) =>
    hasToken(element.getAttribute('rel'), 'license'),
  );
  let license: ArticleRights['license'] = null;
  const href = link?.getAttribute('href')?.trim();
  if (href && URL.canParse(href, document.baseURI)) {
    const url = new URL(href, document.baseURI).href;
    license = { url, name: creativeCommonsName(url) };
  }
  return { value: { tdm, robots: robots.value, license }, problems };
}

/** The TDMRep declaration and robots directives of a page's response headers. */
export function readHeaderSignals(headers: Headers): Parsed<{ tdm: TdmDeclaration | null; robots: RobotsDirectives }> {
  const problems: string[] = [];
  const tdm = tdmDeclaration(headers.get('tdm-reservation'), headers.get('tdm-policy'), 'header', problems);
  const tag = headers.get('x-robots-tag');
  const robots = parseRobots(tag ? [{ content: tag }] : []);
  return { value: { tdm, robots: robots.value }, problems: [...problems, ...robots.problems] };
}

/** The rules of a tdmrep.json body (an array of { location, tdm-reservation, tdm-policy }); malformed rules are skipped. */
export function parseTdmrepFile(body: string): Parsed<TdmRule[]> {
  const problems: string[] = [];
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { value: [], problems: ['tdmrep.json is not JSON'] };
  }
  if (!Array.isArray(json)) return { value: [], problems: ['tdmrep.json is not an array of rules'] };
  const rules: TdmRule[] = [];
  json.forEach((entry: unknown, index) => {
    const where = `tdmrep.json rule ${index + 1}`;
    if (typeof entry !== 'object' || entry === null) {
      problems.push(`${where} is not an object`);
      return;
    }
    const rule = entry as Record<string, unknown>;
    if (typeof rule.location !== 'string' || !rule.location.startsWith('/')) {
      problems.push(`${where} has no location path`);
      return;
    }
    const reserved = parseReservation(rule['tdm-reservation'], where, problems);
    if (reserved === null) return;
    rules.push({
      location: rule.location,
      reservation: reserved,
      policyUrl: reserved ? parsePolicy(rule['tdm-policy'], where, problems) : null,
    });
  });
  return { value: rules, problems };
}

// RFC 3986 unreserved characters, decoded before comparison as the report asks; others stay encoded.
const decodeUnreserved = (text: string) =>
  text.replace(/%([0-9A-Fa-f]{2})/g, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : encoded.toUpperCase();
  });

/**
 * Whether a location pattern matches a URL's path (and query), the robots.txt way the report
 * borrows: a prefix match, case-sensitive, `*` for any characters, a final `$` for the end.
 */
export function locationMatches(pattern: string, url: URL): boolean {
  const anchored = pattern.endsWith('$');
  const body = decodeUnreserved(anchored ? pattern.slice(0, -1) : pattern);
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(decodeUnreserved(url.pathname + url.search));
}

/** The declaration of the first rule whose location matches the URL (the report: the first in sequence is the most specific). */
export function ruleFor(rules: readonly TdmRule[], url: URL): TdmDeclaration | null {
  const rule = rules.find((candidate) => locationMatches(candidate.location, url));
  return rule ? { reservation: rule.reservation, policyUrl: rule.policyUrl } : null;
}

/**
 * The article's rights from its three TDMRep sources and its robots directives. The most specific
 * declaration wins: the page's own meta over its response headers over the origin-wide tdmrep.json
 * (a source without a valid tdm-reservation gives way to the next one).
 */
export function combineRights(sources: {
  page: PageSignals;
  headers: { tdm: TdmDeclaration | null; robots: RobotsDirectives };
  file: TdmDeclaration | null;
}): ArticleRights {
  const { page, headers, file } = sources;
  const [tdm, reservationSource] = page.tdm
    ? [page.tdm, 'meta' as const]
    : headers.tdm
      ? [headers.tdm, 'header' as const]
      : file
        ? [file, 'tdmrep.json' as const]
        : [null, null];
  const limits = [page.robots.maxSnippet, headers.robots.maxSnippet].filter((n) => n !== null);
  return {
    reservation: tdm?.reservation ?? false,
    reservationSource,
    policyUrl: tdm?.policyUrl ?? null,
    noai: page.robots.noai || headers.robots.noai,
    noimageai: page.robots.noimageai || headers.robots.noimageai,
    nosnippet: page.robots.nosnippet || headers.robots.nosnippet,
    maxSnippet: limits.length ? Math.min(...limits) : null,
    license: page.license,
  };
}
