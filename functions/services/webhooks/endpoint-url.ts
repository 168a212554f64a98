/**
 * The check of a webhook endpoint's address when it is set: a valid http(s) URL without credentials
 * (the outbound guard's own check), https unless its host is one the operator allows to be private
 * (ALLOW_PRIVATE_FETCH_HOSTS: local receivers in tests), and a host that is not, nor resolves to, a
 * private address. Every delivery goes through the outbound guard again (DNS may change).
 */
import { lookup } from 'node:dns/promises';
import { webhookMessages } from '#shared/messages/webhooks';
import { config } from '../../lib/config';
import { ValidationError } from '../../lib/errors';
import { classifyAddress, describeBlockReason } from '../../lib/outbound/address-policy';
import { checkOutboundUrl } from '../../lib/outbound/guarded-fetch';
import { isPrivateHostAllowed, literalAddressRefusal, stripBrackets } from '../../lib/outbound/host-guard';

const refused = (message: string) => new ValidationError(message, 'webhook_url_refused');

export async function checkEndpointUrl(input: string): Promise<URL> {
  let url: URL;
  try {
    url = checkOutboundUrl(input);
  } catch {
    throw refused(webhookMessages.urlInvalid);
  }
  if (isPrivateHostAllowed(config().allowPrivateFetchHosts, url)) return url;
  if (url.protocol !== 'https:') throw refused(webhookMessages.urlNotHttps);
  const literal = literalAddressRefusal(url.hostname);
  if (literal) throw refused(webhookMessages.urlPrivate(literal.reason));
  let addresses: { address: string }[];
  try {
    addresses = await lookup(stripBrackets(url.hostname), { all: true });
  } catch {
    throw refused(webhookMessages.urlUnresolved);
  }
  for (const { address } of addresses) {
    const verdict = classifyAddress(address);
    if (!verdict || verdict.blocked)
      throw refused(webhookMessages.urlPrivate(verdict?.blocked ? describeBlockReason(verdict.reason) : address));
  }
  return url;
}
