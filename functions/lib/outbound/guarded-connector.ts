import type { Socket } from 'node:net';
import { buildConnector } from 'undici';
import {
  type AllowedHost,
  connectedAddressRefusal,
  defaultPort,
  isAllowedHost,
  literalAddressRefusal,
  publicOnlyLookup,
  stripBrackets,
} from './host-guard';

/**
 * A connector that refuses non-public addresses: literal IPs before connecting, names at DNS lookup,
 * and, whatever the path, the address the socket is actually connected to (DNS rebinding).
 */
export function guardedConnector(allowed: AllowedHost[], timeoutMs: number): buildConnector.connector {
  const strict = buildConnector({ timeout: timeoutMs, lookup: publicOnlyLookup });
  const open = buildConnector({ timeout: timeoutMs });
  return (options, callback) => {
    const hostname = stripBrackets(options.hostname);
    const port = Number(options.port) || defaultPort(options.protocol);
    if (isAllowedHost(allowed, hostname, port)) {
      open(options, callback);
      return;
    }
    const literal = literalAddressRefusal(hostname);
    if (literal) {
      callback(literal, null);
      return;
    }
    strict(options, (...args) => {
      const [error, socket] = args;
      if (error) {
        callback(error, null);
        return;
      }
      const refusal = connectedAddressRefusal(hostname, (socket as Socket).remoteAddress);
      if (refusal) {
        socket.destroy();
        callback(refusal, null);
        return;
      }
      callback(null, socket);
    });
  };
}
