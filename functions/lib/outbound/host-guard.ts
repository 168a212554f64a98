import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { ExtractionError } from '../errors';
import { classifyAddress, describeBlockReason } from './address-policy';

/**
 * The guard every server-side request to a host a user names goes through (an article's site, a
 * Mastodon instance): only public addresses, checked at DNS lookup and on the connected socket, or
 * hosts the operator allows to be private. Applied by the one transport, `publicOnlyFetch`, so the
 * rule is written once.
 */

/** Raised when the address a request would reach is not public. */
export class BlockedAddressError extends ExtractionError {
  constructor(
    readonly host: string,
    /** What the address is ('a private network address'). */
    readonly reason: string,
  ) {
    super(`This link points to ${reason} (${host}), which cannot be fetched for security reasons.`);
  }
}

export const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
export const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

export interface AllowedHost {
  hostname: string;
  port: number | null;
  /** When set, only paths under this prefix are allowed. */
  pathPrefix: string | null;
}

/**
 * Parses ALLOW_PRIVATE_FETCH_HOSTS entries (`host`, `host:port`, `host:port/path/`). Entries are
 * normalised with the URL parser so `0x7f.1:8080` and `127.0.0.1:8080` are the same entry.
 */
export function parseAllowedHosts(entries: string[]): AllowedHost[] {
  const parsed: AllowedHost[] = [];
  for (const raw of entries) {
    const [hostPart = '', ...pathParts] = raw.trim().split('/');
    const trimmed = hostPart.toLowerCase();
    if (!trimmed) continue;
    // A bare IPv6 address (::1) is written with brackets in a URL.
    const entry = !trimmed.startsWith('[') && trimmed.split(':').length > 2 ? `[${trimmed}]` : trimmed;
    try {
      const url = new URL(`http://${entry}`);
      const explicitPort = /^(\[[^\]]*\]|[^:]*):(\d+)$/.exec(entry)?.[2];
      parsed.push({
        hostname: stripBrackets(url.hostname).replace(/\.$/, ''),
        port: explicitPort ? Number(explicitPort) : null,
        pathPrefix: pathParts.length ? new URL(`/${pathParts.join('/')}`, 'http://host').pathname : null,
      });
    } catch {
      // An entry that is not a host cannot match any URL: ignore it.
    }
  }
  return parsed;
}

function allowedEntries(allowed: AllowedHost[], hostname: string, port: number): AllowedHost[] {
  const host = stripBrackets(hostname).toLowerCase().replace(/\.$/, '');
  return allowed.filter((entry) => entry.hostname === host && (entry.port === null || entry.port === port));
}

export function isAllowedHost(allowed: AllowedHost[], hostname: string, port: number): boolean {
  return allowedEntries(allowed, hostname, port).length > 0;
}

/**
 * True when the URL's host is allowed whole (an entry without a path) by `allowPrivateHosts`: such
 * a host may be reached at a private address, and over plain http (how tests reach local servers).
 */
export function isPrivateHostAllowed(allowPrivateHosts: string[], url: URL): boolean {
  const entries = allowedEntries(
    parseAllowedHosts(allowPrivateHosts),
    url.hostname,
    Number(url.port) || defaultPort(url.protocol),
  );
  return entries.some((entry) => entry.pathPrefix === null);
}

/**
 * Refuses a URL whose host is allowed only for some paths (`host:port/samples/`) when its path is
 * not one of them. Checked before every request, redirects included, since a kept-alive connection
 * to the host would otherwise serve any path.
 */
export function assertPathAllowed(allowed: AllowedHost[], url: URL): void {
  const entries = allowedEntries(allowed, url.hostname, Number(url.port) || defaultPort(url.protocol));
  if (!entries.length || entries.some((entry) => entry.pathPrefix === null)) return;
  if (entries.some((entry) => entry.pathPrefix && url.pathname.startsWith(entry.pathPrefix))) return;
  throw new BlockedAddressError(url.host, 'a private network address');
}

/** The refusal for a host written as a non-public IP literal (it connects without a DNS lookup), or null. */
export function literalAddressRefusal(hostname: string): BlockedAddressError | null {
  const literal = classifyAddress(stripBrackets(hostname));
  return literal?.blocked ? new BlockedAddressError(hostname, describeBlockReason(literal.reason)) : null;
}

/** The refusal for a socket connected to a non-public address (DNS rebinding), or null when it is public. */
export function connectedAddressRefusal(
  hostname: string,
  remoteAddress: string | undefined,
): BlockedAddressError | null {
  const remote = classifyAddress(remoteAddress ?? '');
  if (remote && !remote.blocked) return null;
  const reason = remote?.blocked ? describeBlockReason(remote.reason) : 'an address that cannot be used';
  return new BlockedAddressError(hostname, reason);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves like dns.lookup, but hands the socket only public addresses, so it connects to one of those. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const verdicts = addresses.map((entry) => ({ entry, verdict: classifyAddress(entry.address) }));
    const usable = verdicts.filter(({ verdict }) => verdict && !verdict.blocked).map(({ entry }) => entry);
    const first = usable[0];
    if (!first) {
      const blocked = verdicts.find(({ verdict }) => verdict?.blocked)?.verdict;
      const reason = blocked?.blocked ? describeBlockReason(blocked.reason) : 'an address that cannot be used';
      callback(new BlockedAddressError(hostname, reason), []);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  });
}
