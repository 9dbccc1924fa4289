import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_SYMBOL, resolveConfig, type ExchangeConfig } from '@tickline/engine';
import { chainConfigFrom, chainEnvironment, type ChainConfig } from './services/chain/config.ts';
import { MARKET_SOURCE_NAMES, MARKET_TICK_INTERVAL_MS, type MarketConfig } from './services/market/config.ts';
import {
  chooseMarkets,
  DEFAULT_MARKETS,
  engineMarket,
  MARKET_DEFINITIONS,
  type MarketDefinition,
} from './domain/market/definitions.ts';

/** A route-level rate limit: at most `max` requests per `windowMs` from one client address (or user). */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateLimitName =
  | 'login'
  | 'register'
  | 'checkRegister'
  | 'findId'
  | 'changePassword'
  | 'upload'
  | 'feedback'
  | 'refresh'
  // Per user, not per address (http/user-rate-limits.ts).
  | 'order'
  | 'cancel'
  | 'bet'
  | 'transfer'
  // Signed requests of programs (#29), in weight units: per API key and per user over all their keys.
  | 'apiKey'
  | 'apiUser';

export type Mode = 'demo' | 'production';

export interface Config {
  mode: Mode;
  port: number;
  host: string;
  /** Absolute path of the folder for embedded PostgreSQL, uploads and generated secrets. */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Optional second port for the websocket gateway (the seeds' client uses 9999). */
  wsPort: number | undefined;
  /** Processes serving WS_PORT: 1 = the API process itself; more = that many websocket worker processes. */
  wsProcesses: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** OPERATOR_SESSION_TTL_SECONDS: an operator's session ends this long after sign-in, refreshed or not (8 h). */
  operatorSessionTtlSeconds: number;
  trustProxy: boolean;
  /** Demo mode only: the demo market maker and taker process (demo-maker/), a /fapi client, keeps the book alive. */
  demoLiquidity: boolean;
  /** SETTLEMENT_ESTIMATE_INTERVAL_MS: how often partners' estimate for today is refreshed (default 5 min). */
  settlementEstimateIntervalMs: number;
  rateLimits: Record<RateLimitName, RateLimit>;
  /** API_KEY_RECV_WINDOW_MS: how far a signed request's timestamp may be from the server's clock (default 5 s). */
  apiKeyReceiveWindowMs: number;
  /**
   * SECOND_FACTOR_LIMIT: per account, `max` wrong second-factor codes (on any route that takes one), then every
   * further code waits `windowMs` after the last wrong one, a right one too (app/accounts/security/second-factor.ts).
   */
  secondFactorLimit: RateLimit;
  market: MarketConfig;
  /** MARKETS: the perpetual markets this platform runs (domain/market/definitions.ts), BTCUSDT first. */
  markets: MarketDefinition[];
  chain: ChainConfig;
  /** The trading engine's rules (fees, maintenance tiers, leverage, option rounds): the engine and GET /server/config read this one copy. */
  exchange: ExchangeConfig;
  /** TICKLINE_ROLE: `all` (one process, the default) or the roles this process takes in a cluster (#19). */
  roles: 'all' | ProcessRole[];
  /** DATABASE_READ_URL: a read replica for the API nodes' history reads (DATABASE_URL when unset). */
  databaseReadUrl: string | undefined;
  /** BUS_URL (nats://…): connects the roles; required unless the role is `all`. */
  busUrl: string | undefined;
  /** ENGINE_TIMEOUT_MS: how long an API node waits for the engine's answer before saying the outcome is unknown. */
  engineTimeoutMs: number;
  /**
   * AUTH_CACHE_TTL_MS: how long a node keeps a session or API key (with its user) it read, at most (#30). Revocations
   * remove entries at once on every node; this is the backstop. 0: no cache, every request reads the database.
   */
  authCacheTtlMs: number;
  /** ENGINE_MAX_IN_FLIGHT: commands an engine node holds at once; more are refused as busy at once (backpressure). */
  engineMaxInFlight: number;
  /** From the environment; in demo mode missing ones are generated into DATA_DIR/secrets.json (see secrets.ts). */
  secrets: {
    jwtSecret: string | undefined;
    depositXpub: string | undefined;
    /** AUDIT_SECRET: 64 hex digits, the source of the round log's signing key and the reserves' nonces (#35). */
    auditSecret?: string | undefined;
  };
}

export const PROCESS_ROLES = ['engine', 'api', 'ws', 'jobs'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const DEFAULT_RATE_LIMITS: Record<RateLimitName, string> = {
  login: '10/60',
  register: '10/600',
  checkRegister: '20/600',
  findId: '5/60',
  changePassword: '5/900',
  upload: '20/600',
  feedback: '5/600',
  refresh: '60/60',
  order: '50/10',
  cancel: '50/10',
  bet: '20/10',
  transfer: '20/60',
  apiKey: '1200/60',
  apiUser: '2400/60',
};

const RATE_LIMIT_ENV: Record<RateLimitName, string> = {
  login: 'RATE_LIMIT_LOGIN',
  register: 'RATE_LIMIT_REGISTER',
  checkRegister: 'RATE_LIMIT_CHECK_REGISTER',
  findId: 'RATE_LIMIT_FINDID',
  changePassword: 'RATE_LIMIT_CHANGE_PASSWORD',
  upload: 'RATE_LIMIT_UPLOAD',
  feedback: 'RATE_LIMIT_FEEDBACK',
  refresh: 'RATE_LIMIT_REFRESH',
  order: 'RATE_LIMIT_ORDER',
  cancel: 'RATE_LIMIT_CANCEL',
  bet: 'RATE_LIMIT_BET',
  transfer: 'RATE_LIMIT_TRANSFER',
  apiKey: 'RATE_LIMIT_API_KEY',
  apiUser: 'RATE_LIMIT_API_USER',
};

const port = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a port number` })
    .int({ error: `${name} must be a whole number from 1 to 65535` })
    .min(1, { error: `${name} must be a whole number from 1 to 65535` })
    .max(65535, { error: `${name} must be a whole number from 1 to 65535` });

const positiveSeconds = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of seconds` })
    .int({ error: `${name} must be a whole number of seconds` })
    .min(1, { error: `${name} must be at least 1 second` });

/** "<max>/<seconds>", for example "10/60" = ten requests a minute. */
const rateLimit = (name: string) =>
  z
    .string()
    .regex(/^\d+\/\d+$/, { error: `${name} must look like <max>/<seconds>, for example 10/60` })
    .transform((text) => {
      const [max, seconds] = text.split('/').map(Number) as [number, number];
      return { max, windowMs: seconds * 1000 };
    })
    .refine((limit) => limit.max >= 1 && limit.windowMs >= 1000, {
      error: `${name} needs at least 1 request per at least 1 second`,
    });

/** SECOND_FACTOR_LIMIT: "<wrong codes>/<seconds locked>", the lock at most a day (stale counts go after a day). */
const secondFactorLimit = rateLimit('SECOND_FACTOR_LIMIT').refine((limit) => limit.windowMs <= 86_400_000, {
  error: 'SECOND_FACTOR_LIMIT may lock codes for at most 86400 seconds',
});

const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true' || v === '1');

/** A whole number of at least `min`; unset or empty takes `fallback`. */
const wholeNumber = (name: string, min: number, fallback: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${name} must be a whole number` })
      .int({ error: `${name} must be a whole number` })
      .min(min, { error: `${name} must be at least ${min}` })
      .default(fallback),
  );

/** An http(s) or ws(s) address, kept without a trailing slash. */
const address = (name: string, fallback: string) =>
  z
    .url({ error: `${name} must be a URL` })
    .default(fallback)
    .transform((url) => url.replace(/\/$/, ''));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const environmentSchema = z.object({
  ...chainEnvironment,
  TICKLINE_MODE: z.enum(['demo', 'production'], { error: 'TICKLINE_MODE must be demo or production' }).default('demo'),
  PORT: port('PORT').default(8080),
  // Unset: loopback in demo mode (its passwords are published), every interface in production.
  HOST: z.string().min(1, { error: 'HOST must not be empty' }).optional(),
  DATA_DIR: z.string().min(1, { error: 'DATA_DIR must not be empty' }).default('./.data'),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    error: 'DATABASE_URL must be a postgres:// connection string',
  }),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WS_PORT: z.preprocess((v) => (v === '' ? undefined : v), port('WS_PORT').optional()),
  WS_PROCESSES: z.coerce
    .number({ error: 'WS_PROCESSES must be a whole number from 1 to 64' })
    .int({ error: 'WS_PROCESSES must be a whole number from 1 to 64' })
    .min(1, { error: 'WS_PROCESSES must be a whole number from 1 to 64' })
    .max(64, { error: 'WS_PROCESSES must be a whole number from 1 to 64' })
    .default(1),
  ACCESS_TOKEN_TTL_SECONDS: positiveSeconds('ACCESS_TOKEN_TTL_SECONDS').default(900),
  REFRESH_TOKEN_TTL_SECONDS: positiveSeconds('REFRESH_TOKEN_TTL_SECONDS').default(30 * 24 * 3600),
  OPERATOR_SESSION_TTL_SECONDS: positiveSeconds('OPERATOR_SESSION_TTL_SECONDS').default(8 * 3600),
  TRUST_PROXY: booleanFlag('TRUST_PROXY').default(false),
  DEMO_LIQUIDITY: z.enum(['on', 'off'], { error: 'DEMO_LIQUIDITY must be on or off' }).default('on'),
  SETTLEMENT_ESTIMATE_INTERVAL_MS: wholeNumber('SETTLEMENT_ESTIMATE_INTERVAL_MS', 1_000, 300_000),
  MARKET_SOURCES: z
    .string()
    .default('simulated')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.enum(MARKET_SOURCE_NAMES, { error: 'MARKET_SOURCES may name simulated and binance only' }))
        .min(1, { error: 'MARKET_SOURCES names no source' }),
    ),
  MARKET_SEED: wholeNumber('MARKET_SEED', 0, 20_241_121),
  TICKLINE_ROLE: z
    .string()
    .default('all')
    .transform((text) =>
      text
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .refine(
      (roles) =>
        roles.join() === 'all' ||
        (roles.length > 0 && roles.every((role) => (PROCESS_ROLES as readonly string[]).includes(role))),
      { error: 'TICKLINE_ROLE must be all, or a comma list of engine, api, ws and jobs' },
    )
    .transform((roles) => (roles.join() === 'all' ? ('all' as const) : [...new Set(roles as ProcessRole[])])),
  DATABASE_READ_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    error: 'DATABASE_READ_URL must be a postgres:// connection string',
  }),
  BUS_URL: optionalText.refine((url) => url === undefined || /^nats:\/\//.test(url), {
    error: 'BUS_URL must be a nats:// address',
  }),
  ENGINE_TIMEOUT_MS: wholeNumber('ENGINE_TIMEOUT_MS', 100, 5_000),
  AUTH_CACHE_TTL_MS: wholeNumber('AUTH_CACHE_TTL_MS', 0, 30_000),
  API_KEY_RECV_WINDOW_MS: wholeNumber('API_KEY_RECV_WINDOW_MS', 100, 5_000),
  ENGINE_MAX_IN_FLIGHT: wholeNumber('ENGINE_MAX_IN_FLIGHT', 1, 10_000),
  MARKET_BACKFILL: booleanFlag('MARKET_BACKFILL').default(true),
  MARKET_STALE_AFTER_MS: wholeNumber('MARKET_STALE_AFTER_MS', 1_000, 60_000),
  MARKET_IMPACT_NOTIONAL_USDT: wholeNumber('MARKET_IMPACT_NOTIONAL_USDT', 1, 25_000),
  FUNDING_INTERVAL_MS: wholeNumber('FUNDING_INTERVAL_MS', 60_000, 8 * 60 * 60 * 1000),
  MARKETS: z.string().default(DEFAULT_MARKETS),
  BINANCE_REST_URL: address('BINANCE_REST_URL', 'https://api.binance.com'),
  BINANCE_FUTURES_REST_URL: address('BINANCE_FUTURES_REST_URL', 'https://fapi.binance.com'),
  BINANCE_WS_URL: address('BINANCE_WS_URL', 'wss://fstream.binance.com'),
  JWT_SECRET: optionalText.refine((secret) => secret === undefined || secret.length >= 32, {
    error: 'JWT_SECRET must be at least 32 characters',
  }),
  AUDIT_SECRET: optionalText.refine((secret) => secret === undefined || /^[0-9a-f]{64}$/.test(secret), {
    error: 'AUDIT_SECRET must be 64 lower-case hex digits (32 random bytes)',
  }),
  DEPOSIT_XPUB: optionalText.refine((xpub) => xpub === undefined || /^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,}$/.test(xpub), {
    error: "DEPOSIT_XPUB must be a BIP-32 extended public key (xpub...) of the account path m/44'/60'/0'/0",
  }),
});

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment; throws a ConfigError listing every bad variable. `definitions`: the markets
 * MARKETS chooses from (domain/market/definitions.ts; a test adds one to show that a definition is all it takes).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd = process.cwd(),
  definitions: readonly MarketDefinition[] = MARKET_DEFINITIONS,
): Config {
  const problems: string[] = [];
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) problems.push(...parsed.error.issues.map(describeIssue));
  const rateLimits = {} as Record<RateLimitName, RateLimit>;
  for (const name of Object.keys(RATE_LIMIT_ENV) as RateLimitName[]) {
    const variable = RATE_LIMIT_ENV[name];
    const limit = rateLimit(variable).safeParse(env[variable]?.trim() || DEFAULT_RATE_LIMITS[name]);
    if (limit.success) rateLimits[name] = limit.data;
    else problems.push(...limit.error.issues.map((issue) => issue.message));
  }
  const codes = secondFactorLimit.safeParse(env.SECOND_FACTOR_LIMIT?.trim() || '5/900');
  if (!codes.success) problems.push(...codes.error.issues.map((issue) => issue.message));
  if (parsed.success && parsed.data.TICKLINE_MODE === 'production') {
    if (!parsed.data.JWT_SECRET) problems.push('JWT_SECRET is required in production mode (at least 32 characters)');
    if (!parsed.data.DEPOSIT_XPUB) problems.push('DEPOSIT_XPUB is required in production mode');
  }
  if (parsed.success && parsed.data.TICKLINE_ROLE !== 'all') {
    if (!parsed.data.BUS_URL) problems.push('BUS_URL is required when TICKLINE_ROLE is not all (nats://host:4222)');
    if (!parsed.data.DATABASE_URL)
      problems.push('DATABASE_URL is required when TICKLINE_ROLE is not all (every role shares one PostgreSQL)');
  }
  const chosen = chooseMarkets(parsed.success ? parsed.data.MARKETS : DEFAULT_MARKETS, definitions);
  problems.push(...chosen.problems);
  const chain = parsed.success
    ? chainConfigFrom(parsed.data, parsed.data.TICKLINE_MODE, problems, parsed.data.DEPOSIT_XPUB)
    : undefined;
  if (!parsed.success || !chain || !codes.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    mode: e.TICKLINE_MODE,
    port: e.PORT,
    host: e.HOST ?? (e.TICKLINE_MODE === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    wsPort: e.WS_PORT,
    wsProcesses: e.WS_PROCESSES,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    operatorSessionTtlSeconds: e.OPERATOR_SESSION_TTL_SECONDS,
    trustProxy: e.TRUST_PROXY,
    demoLiquidity: e.DEMO_LIQUIDITY === 'on',
    settlementEstimateIntervalMs: e.SETTLEMENT_ESTIMATE_INTERVAL_MS,
    rateLimits,
    apiKeyReceiveWindowMs: e.API_KEY_RECV_WINDOW_MS,
    secondFactorLimit: codes.data,
    market: {
      sources: e.MARKET_SOURCES,
      simulatedSeed: e.MARKET_SEED,
      binanceRestUrl: e.BINANCE_REST_URL,
      binanceFuturesRestUrl: e.BINANCE_FUTURES_REST_URL,
      binanceWsUrl: e.BINANCE_WS_URL,
      fundingIntervalMs: e.FUNDING_INTERVAL_MS,
      backfillCandles: e.MARKET_BACKFILL,
      tickIntervalMs: MARKET_TICK_INTERVAL_MS,
      staleAfterMs: e.MARKET_STALE_AFTER_MS,
      impactNotionalUsdt: e.MARKET_IMPACT_NOTIONAL_USDT,
      // FUNDING_INTERVAL_MS, when set, is every market's interval; unset, each market's own (BTCUSDT's is 8 h).
      futures: chosen.markets.map((definition) => ({
        symbol: definition.symbol,
        indexPair: definition.index.simulatedPair,
        fundingIntervalMs:
          definition.symbol === DEFAULT_SYMBOL || env.FUNDING_INTERVAL_MS?.trim()
            ? e.FUNDING_INTERVAL_MS
            : definition.fundingIntervalMs,
      })),
    },
    markets: chosen.markets,
    chain,
    // Liquidations the insurance fund cannot cover are auto-deleveraged (#32 item 8), not refilled by the treasury.
    exchange: resolveConfig({
      autoDeleverage: true,
      markets: chosen.markets.map((definition) => engineMarket(definition, true)),
    }),
    roles: e.TICKLINE_ROLE,
    databaseReadUrl: e.DATABASE_READ_URL,
    busUrl: e.BUS_URL,
    engineTimeoutMs: e.ENGINE_TIMEOUT_MS,
    engineMaxInFlight: e.ENGINE_MAX_IN_FLIGHT,
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    secrets: { jwtSecret: e.JWT_SECRET, depositXpub: e.DEPOSIT_XPUB, auditSecret: e.AUDIT_SECRET },
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const variable = String(issue.path[0] ?? '');
  return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
}
