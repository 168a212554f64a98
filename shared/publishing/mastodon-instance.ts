import { platformMessages } from '../messages/connections';

/** The value of the server dropdown's manual choice. */
export const OTHER_MASTODON_SERVER = 'other';

const PRESET_SERVERS = [
  'mastodon.social',
  'mas.to',
  'mstdn.social',
  'mastodon.world',
  'hachyderm.io',
  'pixelfed.social',
];

// Labels of letters, digits and inner hyphens, a top-level part of letters (or punycode), an optional port.
const DOMAIN_WITH_TLD = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})(?::\d{1,5})?$/;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const PORT = ':\\d{1,5}';
// An IPv4 or bracketed IPv6 literal with an optional port, or any host name with an explicit port.
const ADDRESS_OR_HOST_WITH_PORT = new RegExp(
  `^(?:(?:\\d{1,3}\\.){3}\\d{1,3}(?:${PORT})?|\\[[0-9a-f:.]+\\](?:${PORT})?|${LABEL}(?:\\.${LABEL})*${PORT})$`,
);

/**
 * The Mastodon preset servers: the listed servers with this app's own host fourth ({host}),
 * when that host is itself a domain name (not `localhost:5173` while developing).
 */
export function mastodonPresetServers(appHost: string): string[] {
  const own = normaliseMastodonInstance(appHost);
  const servers = [...PRESET_SERVERS];
  if (looksLikeMastodonDomain(own) && !servers.includes(own)) servers.splice(3, 0, own);
  return servers;
}

/**
 * The instance as a host: the protocol prefix, any path, query or account part and a trailing dot
 * stripped, lower case (`https://Mastodon.Social/@me` → `mastodon.social`).
 */
export function normaliseMastodonInstance(input: string): string {
  const withoutProtocol = input.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const host = (withoutProtocol.split(/[/?#]/)[0] ?? '').replace(/^.*@/, '');
  return host.toLowerCase().replace(/\.(?=:|$)/, '');
}

/** The instance looks like a domain name with a top-level part (`mastodon.social`). */
export function looksLikeMastodonDomain(host: string): boolean {
  return (host.split(':')[0] ?? '').length <= 253 && DOMAIN_WITH_TLD.test(host);
}

/**
 * The instance is a host the server may be allowed to reach: a domain name, an IP address,
 * or `host:port` (a local instance listed in ALLOW_PRIVATE_FETCH_HOSTS). Which addresses it really
 * reaches is the server's call, and it says so.
 */
export function looksLikeMastodonHost(host: string): boolean {
  if (looksLikeMastodonDomain(host)) return true;
  const port = /:(\d+)$/.exec(host)?.[1];
  return ADDRESS_OR_HOST_WITH_PORT.test(host) && (port === undefined || (Number(port) > 0 && Number(port) < 65536));
}

/** The username as typed, without a leading `@` or an `@instance` part. */
export function normaliseMastodonUsername(input: string): string {
  return (input.trim().replace(/^@/, '').split('@')[0] ?? '').trim();
}

/** What the connect form holds. */
export interface MastodonConnectFields {
  /** A preset server, OTHER_MASTODON_SERVER, or '' when none is chosen. */
  server: string;
  customInstance: string;
  username: string;
}

/**
 * The Mastodon connect form's rules: a server chosen ('Please select a server or enter a custom instance', or
 * 'Instance Required' when editing a connection), a custom instance that looks like a host ('Please
 * enter a valid Mastodon instance (e.g., mastodon.social)'), a username ('Please enter your
 * username'). The normalised values, or the message.
 */
export function validateMastodonConnect(
  fields: MastodonConnectFields,
  options: { editing?: boolean } = {},
): { ok: true; instance: string; username: string } | { ok: false; error: string } {
  const chosen = fields.server === OTHER_MASTODON_SERVER ? fields.customInstance : fields.server;
  if (!chosen.trim()) {
    return {
      ok: false,
      error: options.editing ? platformMessages.instanceRequired.title : platformMessages.mastodonServerRequired,
    };
  }
  const instance = normaliseMastodonInstance(chosen);
  if (!looksLikeMastodonHost(instance)) return { ok: false, error: platformMessages.invalidMastodonInstance };
  const username = normaliseMastodonUsername(fields.username);
  if (!username) return { ok: false, error: platformMessages.mastodonUsernameRequired };
  return { ok: true, instance, username };
}
