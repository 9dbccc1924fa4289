import type { FastifyInstance } from 'fastify';

export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client behind it shares the ' +
  "proxy's address, so one client's login and request limits block all of them. Set TRUST_PROXY=true when a " +
  'trusted reverse proxy sets X-Forwarded-For.';

/**
 * Without TRUST_PROXY the per-address limits count the proxy's address: says so once, at the first proxied request
 * (a start-up cannot know whether a proxy will stand in front).
 */
export function warnOnUntrustedProxy(app: FastifyInstance, trustProxy: boolean): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(UNTRUSTED_PROXY_WARNING);
  });
}
