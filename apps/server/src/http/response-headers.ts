/**
 * The security headers of every answer (helmet's), computed once when the app is built and set on each reply as a
 * fixed list (#30). @fastify/helmet built helmet's middleware again for every request — two async hooks, the
 * Content-Security-Policy's directives parsed and their names dashified each time — for headers that never change:
 * none of ours depends on the request (no CSP nonces, no per-route options).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** The platform's helmet options: a CSP that allows the single-page app and its websocket; HSTS in production. */
export function securityHeaderOptions(mode: Config['mode']): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(mode === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The demo runs on plain http://localhost; HSTS there would break other local sites.
    strictTransportSecurity: mode === 'production',
  };
}

/** The headers helmet sets with these options, in the order it sets them, read once from its middleware. */
export function securityHeadersOf(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
    },
    // helmet removes X-Powered-By, which neither Node nor Fastify sets.
    removeHeader() {},
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Sets helmet's headers, computed once, on every reply of the app (a handler may still replace one). */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
