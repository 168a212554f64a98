import { logger } from '#functions/lib/logger';
import { parseTdmrepFile, type TdmRule } from './publisher-signals';
import { PageStatusError, type SafeFetchOptions, safeFetch } from './safe-fetch';

/** The report's file location on every origin. */
export const TDMREP_PATH = '/.well-known/tdmrep.json';
/** A larger file is ignored: site-wide rules are a few lines. */
export const TDMREP_MAX_BYTES = 64 * 1024;
const TDMREP_TIMEOUT_MS = 3_000;

/** An origin's rules, and whether the answer is settled (a file or a 404) rather than a failure worth trying again soon. */
export interface TdmrepFile {
  rules: TdmRule[];
  settled: boolean;
}

/**
 * Reads an origin's tdmrep.json through the outbound guard (public addresses only unless allowed,
 * at most 64 KB, JSON). A missing, refused, oversized or malformed file gives no rules; the reason
 * is logged, never shown.
 */
export async function fetchTdmrepFile(pageUrl: string, options: SafeFetchOptions): Promise<TdmrepFile> {
  const origin = new URL(pageUrl).origin;
  try {
    const file = await safeFetch(`${origin}${TDMREP_PATH}`, {
      ...options,
      maxBytes: TDMREP_MAX_BYTES,
      timeoutMs: Math.min(options.timeoutMs ?? TDMREP_TIMEOUT_MS, TDMREP_TIMEOUT_MS),
      mediaTypes: ['application/json', 'application/ld+json', 'text/plain'],
    });
    const parsed = parseTdmrepFile(file.html);
    if (parsed.problems.length)
      logger.warn('malformed tdmrep.json signals ignored', { origin, problems: parsed.problems });
    return { rules: parsed.value, settled: true };
  } catch (error) {
    if (error instanceof PageStatusError && (error.siteStatus === 404 || error.siteStatus === 410)) {
      return { rules: [], settled: true };
    }
    logger.info('tdmrep.json not read', { origin, reason: error instanceof Error ? error.message : String(error) });
    return { rules: [], settled: false };
  }
}
