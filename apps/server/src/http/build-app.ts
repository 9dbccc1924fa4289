import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import { pino } from 'pino';
import rateLimit from '@fastify/rate-limit';
import type { Pool } from '@tickline/db';
import { AccountThrottle } from '../app/accounts/account-throttle.ts';
import { SessionRevocations } from '../app/accounts/session-revocations.ts';
import { AuthCache } from '../app/accounts/auth-cache/auth-cache.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { AppContext, AppServices } from '../app/context.ts';
import { installErrorHandling } from './errors.ts';
import { warnOnUntrustedProxy } from './proxy-check.ts';
import { drainUnreadBodies } from './unread-body.ts';
import { installSecurityHeaders, securityHeaderOptions } from './response-headers.ts';
import { apiRoutes } from './api-routes.ts';
import { apiDocsRoutes } from './api-docs.ts';
import { PartnerService } from '../app/partners/service.ts';
import { registerWebClient } from './web.ts';
import { coinIconRoutes } from './coin-icons.ts';
import { DepositAddressDeriver } from '../services/chain/deposit-addresses.ts';
import { ImageStore } from '../services/uploads/images.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import { AccessTokens } from '../services/auth/tokens.ts';

export type { AppContext, AppServices } from '../app/context.ts';

export interface AppDeps {
  config: Config;
  pool: Pool;
  secrets: Secrets;
  clock?: Clock;
  /** Fastify logger option; default: pino at config.logLevel with secrets redacted. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** The trading core's service (required) and market data; `balances` defaults to the trading service. */
  services: Pick<AppServices, 'trading'> & Partial<AppServices>;
  /** Built web client to serve at `/` (apps/web/dist); null or missing folder → a "please build" page. */
  webDistDir?: string | null;
  /** Told of every route as it is registered (the route fuzz suite enumerates them so). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Other HTTP surfaces on the same port, each registered under its prefixes (the Binance-compatible API, #31): the
   * composition root hands them in, so this layer never imports the adapters built on top of it.
   */
  surfaces?: ReadonlyArray<{ routes: FastifyPluginAsync<{ prefix: string }>; prefixes: readonly string[] }>;
}

/** Paths never written to logs: tokens and passwords. */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'refreshToken',
  'accessToken',
  '*.password',
  '*.refreshToken',
  '*.accessToken',
];

/**
 * Standard output for the logs, written asynchronously and in batches: lines are queued and go out together once
 * LOG_BATCH_BYTES are queued or LOG_FLUSH_MS has passed, instead of one write(2) per line on the request's path
 * (#30, bench/api/README.md: one write per request's line was the largest single cost of an order's CPU). A line
 * reaches stdout at most LOG_FLUSH_MS late; pino flushes what is queued when the process exits.
 */
let stdoutDestination: ReturnType<typeof pino.destination> | undefined;
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/** Pino options for the server's logs: JSON lines at the configured level, secrets redacted. */
export function loggerOptions(config: Config, stream?: { write(line: string): void }) {
  stdoutDestination ??= stream
    ? undefined
    : pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
    stream: stream ?? stdoutDestination!,
  };
}

// JSON bodies of this API are small; uploads have their own limit (http/upload.ts).
const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Answers from this size up are compressed (brotli, else gzip, as the client accepts): below it an answer fits one
 * TCP packet anyway and compressing would only cost time. Brotli at quality 4, not its default 11, which costs tens
 * of milliseconds on a 200 KB answer (measured in docs/decisions.md, #28).
 */
const COMPRESS_THRESHOLD_BYTES = 1400;
const BROTLI_QUALITY = 4;

/** Builds the whole HTTP application without listening (main.ts listens; tests use inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, pool, secrets } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // While closing, a request that still arrives on an open connection is served (the trading writer stops only
    // after the HTTP side) and answered with `Connection: close`, in our envelope: Fastify's own 503 body is not one.
    return503OnClosing: false,
    // One line per request, when it is answered (logRequests), instead of Fastify's two.
    disableRequestLogging: true,
  });

  const context: AppContext = {
    config,
    pool,
    clock,
    secrets,
    services: {
      trading: deps.services.trading,
      balances: deps.services.balances ?? deps.services.trading,
      market: deps.services.market ?? null,
      wallet: deps.services.wallet ?? null,
      partners:
        deps.services.partners ??
        new PartnerService(pool, clock, deps.services.balances ?? deps.services.trading, {
          accrue: (day, amount) => deps.services.trading.accruePartnerSettlement(day, amount),
          pay: (userId, no, amount) => deps.services.trading.payPartnerSettlement(userId, no, amount),
        }),
    },
    accessTokens: new AccessTokens(secrets.jwtSecret, config.accessTokenTtlSeconds, clock),
    depositAddresses: new DepositAddressDeriver(secrets.depositXpub),
    images: new ImageStore(config.dataDir),
    sessionRevocations: new SessionRevocations(new AuthCache(config.authCacheTtlMs, () => clock.now())),
    accountThrottle: new AccountThrottle(pool, () => clock.now()),
  };
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.decorate('context', context);
  app.decorateRequest('user', null);

  logRequests(app);
  installErrorHandling(app);
  warnOnUntrustedProxy(app, config.trustProxy);
  drainUnreadBodies(app);
  acceptEmptyJsonBodies(app);

  // helmet's headers, computed once here rather than for every request (#30, response-headers.ts).
  installSecurityHeaders(app, securityHeaderOptions(config.mode));
  await app.register(rateLimit, { global: false });
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });

  // Every REST route, from the route table (@tickline/protocol/routes), and the OpenAPI document made from it.
  await app.register(apiRoutes, { prefix: '/api/v1' });
  // Its readable reference at /api/docs, served from this server's own files.
  await app.register(apiDocsRoutes);

  // Surfaces built on this one (the Binance USDⓈ-M–compatible API at /fapi and /sapi, #31).
  for (const surface of deps.surfaces ?? [])
    for (const prefix of surface.prefixes) await app.register(surface.routes, { prefix });

  // Coin logos at /coin-icons (not under /api: images, not envelopes).
  await app.register(coinIconRoutes);
  await registerWebClient(app, deps.webDistDir ?? null);
  return app;
}

/** One log line per answered request: method, path, status and the time to answer it (Fastify's `responseTime`). */
function logRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}

/**
 * Fastify refuses an empty body sent as application/json; logout and similar calls legitimately send
 * none, so an empty body reads as "no body". Anything else goes through the default (safe) parser.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Kept as received: a program's signature covers the body's exact text (http/api-key-auth.ts).
    request.rawBody = text;
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
