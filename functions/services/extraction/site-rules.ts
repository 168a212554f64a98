import { cacheTdmrepRules, findCachedTdmrepRules } from '../../data/tdmrep-repository';
import type { TdmRule } from './page/publisher-signals';
import type { SafeFetchOptions } from './page/safe-fetch';
import { fetchTdmrepFile } from './page/tdmrep-file';

/** Rules (or their absence, a 404) are kept a day per origin. */
const SETTLED_MS = 24 * 60 * 60 * 1000;
/** A fetch that failed otherwise (timeout, refused, too large) is tried again after an hour. */
const FAILED_MS = 60 * 60 * 1000;

/** An origin's tdmrep.json rules, from the table's day-long cache or fetched and cached. */
export function cachedTdmrepRules(options: SafeFetchOptions, now: Date) {
  return async (pageUrl: string): Promise<TdmRule[]> => {
    const origin = new URL(pageUrl).origin;
    const cached = await findCachedTdmrepRules(origin, now);
    if (cached) return cached;
    const file = await fetchTdmrepFile(pageUrl, options);
    await cacheTdmrepRules(origin, file.rules, new Date(now.getTime() + (file.settled ? SETTLED_MS : FAILED_MS)));
    return file.rules;
  };
}
