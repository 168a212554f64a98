/**
 * Which IP addresses the server may fetch articles from. Everything that is not globally routable
 * unicast (loopback, private, link-local and metadata, CGNAT, multicast, reserved, documentation…)
 * is refused, including IPv4 addresses hidden inside IPv6 forms (mapped, compatible, NAT64, 6to4).
 */

export type BlockReason =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'unique-local';

export type ParsedIp = { version: 4; value: number } | { version: 6; value: bigint };

export type AddressVerdict =
  | { address: string; version: 4 | 6; blocked: false }
  | { address: string; version: 4 | 6; blocked: true; reason: BlockReason };

const REASON_TEXT: Record<BlockReason, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback (this machine) address',
  private: 'a private network address',
  shared: 'a carrier-grade NAT address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  documentation: 'a documentation address',
  benchmarking: 'a benchmarking address',
  reserved: 'a reserved address',
  'unique-local': 'a private (unique local) IPv6 address',
};

/** A short human description of why an address is refused. */
export function describeBlockReason(reason: BlockReason): string {
  return REASON_TEXT[reason];
}

// One part of an inet_aton-style IPv4 address: decimal, octal (leading 0) or hex (0x).
function parseIpv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/**
 * Parses IPv4 the way URL parsers and getaddrinfo do (WHATWG / inet_aton): 1 to 4 parts, each
 * decimal, octal or hex, the last part filling the remaining bytes (127.1, 2130706433, 0x7f.1).
 */
export function parseIpv4(input: string): number | null {
  const parts = input.endsWith('.') ? input.slice(0, -1).split('.') : input.split('.');
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Part(part);
    if (n === null || !Number.isFinite(n)) return null;
    numbers.push(n);
  }
  const last = numbers.pop() ?? 0;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value;
}

/** Parses an IPv6 address, with or without brackets, a zone id, or a dotted IPv4 tail. */
export function parseIpv6(input: string): bigint | null {
  let text = input.startsWith('[') && input.endsWith(']') ? input.slice(1, -1) : input;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  let words: number[] = [];
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parseHalf = (half: string, allowV4Tail: boolean): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const groups = half.split(':');
    for (const [i, group] of groups.entries()) {
      if (allowV4Tail && i === groups.length - 1 && group.includes('.')) {
        // Only strict dotted-quad is valid inside IPv6.
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(group)) return null;
        const v4 = group.split('.').map(Number);
        if (v4.some((n) => n > 255)) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
        continue;
      }
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      out.push(Number.parseInt(group, 16));
    }
    return out;
  };
  if (halves.length === 2) {
    const head = parseHalf(halves[0] ?? '', false);
    const tail = parseHalf(halves[1] ?? '', true);
    if (!head || !tail || head.length + tail.length > 7) return null;
    words = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    const all = parseHalf(text, true);
    if (all?.length !== 8) return null;
    words = all;
  }
  return words.reduce((acc, word) => (acc << 16n) | BigInt(word), 0n);
}

/** Parses any textual IP form (IPv4 in all its legacy spellings, IPv6); null for a hostname. */
export function parseIpAddress(input: string): ParsedIp | null {
  const text = input.trim().toLowerCase();
  if (text.includes(':')) {
    const value = parseIpv6(text);
    return value === null ? null : { version: 6, value };
  }
  const value = parseIpv4(text);
  return value === null ? null : { version: 4, value };
}

function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

function formatIpv6(value: bigint): string {
  const words = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - i * 16)) & 0xffffn));
  // Compress the longest run of two or more zero words (RFC 5952).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

type V4Range = [base: string, prefix: number, reason: BlockReason];

// IANA IPv4 special-purpose registry; order matters only for overlapping entries (broadcast first).
const V4_BLOCKED: V4Range[] = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'reserved'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'reserved'],
  ['192.52.193.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const V4_TABLE = V4_BLOCKED.map(([base, prefix, reason]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: (parseIpv4(base) ?? 0) & mask, mask, reason };
});

function classifyIpv4(value: number): BlockReason | null {
  for (const { base, mask, reason } of V4_TABLE) {
    if ((value & mask) >>> 0 === base >>> 0) return reason;
  }
  return null;
}

function inV6(value: bigint, base: string, prefix: number): boolean {
  const shift = BigInt(128 - prefix);
  return value >> shift === (parseIpv6(base) ?? 0n) >> shift;
}

const low32 = (value: bigint) => Number(value & 0xffffffffn);

function classifyIpv6(value: bigint): BlockReason | null {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) reach the
  // embedded IPv4 address, so they are judged by it.
  if (inV6(value, '::ffff:0:0', 96) || inV6(value, '::', 96) || inV6(value, '64:ff9b::', 96)) {
    return classifyIpv4(low32(value));
  }
  // SIIT translated (::ffff:0:a.b.c.d) also embeds IPv4.
  if (inV6(value, '::ffff:0:0:0', 96)) return classifyIpv4(low32(value));
  if (inV6(value, '64:ff9b:1::', 48)) return 'private';
  // 6to4 carries the IPv4 address in bits 16 to 48.
  if (inV6(value, '2002::', 16)) return classifyIpv4(Number((value >> 80n) & 0xffffffffn));
  if (inV6(value, '2001:db8::', 32) || inV6(value, '3fff::', 20)) return 'documentation';
  if (inV6(value, '2001:2::', 48)) return 'benchmarking';
  // Teredo, ORCHID and other IETF protocol assignments are not ordinary web hosts.
  if (inV6(value, '2001::', 23)) return 'reserved';
  if (inV6(value, 'fc00::', 7)) return 'unique-local';
  if (inV6(value, 'fe80::', 10)) return 'link-local';
  if (inV6(value, 'fec0::', 10)) return 'private';
  if (inV6(value, 'ff00::', 8)) return 'multicast';
  if (inV6(value, '100::', 64)) return 'reserved';
  // Only 2000::/3 is allocated as global unicast; the rest of the space is reserved.
  if (!inV6(value, '2000::', 3)) return 'reserved';
  return null;
}

/** Classifies an IP address (any textual form, or already parsed); null when the input is not an IP. */
export function classifyAddress(input: string | ParsedIp): AddressVerdict | null {
  const ip = typeof input === 'string' ? parseIpAddress(input) : input;
  if (!ip) return null;
  const reason = ip.version === 4 ? classifyIpv4(ip.value) : classifyIpv6(ip.value);
  const address = ip.version === 4 ? formatIpv4(ip.value) : formatIpv6(ip.value);
  return reason
    ? { address, version: ip.version, blocked: true, reason }
    : { address, version: ip.version, blocked: false };
}
