import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { accountXpubFromMnemonic, DepositAddressDeriver } from '../src/services/chain/deposit-addresses.ts';
import { resolveSecrets, secretsPath } from '../src/services/secrets/secrets.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-config-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, '/srv/tickline');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/tickline');
    expect(config).toMatchObject({
      mode: 'demo',
      port: 8080,
      host: '127.0.0.1', // demo mode: loopback unless HOST is set
      dataDir: '/srv/tickline/.data',
      databaseUrl: undefined,
      logLevel: 'info',
      wsPort: undefined,
      demoLiquidity: true,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
    });
    expect(config.rateLimits.login).toEqual({ max: 10, windowMs: 60_000 });
    expect(config.market).toMatchObject({
      sources: ['simulated'],
      fundingIntervalMs: 8 * 60 * 60 * 1000,
      backfillCandles: true,
      binanceRestUrl: 'https://api.binance.com',
      binanceWsUrl: 'wss://fstream.binance.com',
    });
  });

  it('reads the market settings, and names each bad one', () => {
    const config = loadConfig(
      {
        MARKET_SOURCES: ' binance, simulated ,binance',
        MARKET_SEED: '7',
        MARKET_BACKFILL: 'false',
        FUNDING_INTERVAL_MS: '60000',
        BINANCE_REST_URL: 'http://127.0.0.1:9/',
      },
      '/',
    );
    expect(config.market).toMatchObject({
      sources: ['binance', 'simulated'],
      simulatedSeed: 7,
      backfillCandles: false,
      fundingIntervalMs: 60_000,
      binanceRestUrl: 'http://127.0.0.1:9',
    });
    const problems = problemsOf({
      MARKET_SOURCES: 'simulated,kraken',
      FUNDING_INTERVAL_MS: '59999',
      MARKET_SEED: 'x',
      BINANCE_WS_URL: 'not a url',
    });
    expect(problems).toHaveLength(4);
    for (const name of ['MARKET_SOURCES', 'FUNDING_INTERVAL_MS', 'MARKET_SEED', 'BINANCE_WS_URL'])
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    expect(problemsOf({ MARKET_SOURCES: ' , ' })).toEqual(['MARKET_SOURCES names no source']);
  });

  it('runs the MARKETS chosen, BTCUSDT first, each in the engine with its own rules; a bad entry is named', () => {
    const markets = (config: ReturnType<typeof loadConfig>) => config.exchange.markets.map((market) => market.symbol);
    expect(markets(loadConfig({}, '/'))).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    const chosen = loadConfig({ MARKETS: 'solusdt,BTCUSDT' }, '/');
    expect(chosen.markets.map((definition) => definition.symbol)).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(markets(chosen)).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(chosen.exchange.markets[1]).toMatchObject({ symbol: 'SOLUSDT', maxLeverage: 50, lotSizeLots: 100 });
    expect(problemsOf({ MARKETS: 'BTCUSDT,XRPUSDT' })).toEqual([
      'MARKETS: XRPUSDT is not a defined market (BTCUSDT, ETHUSDT, SOLUSDT)',
    ]);
    expect(problemsOf({ MARKETS: 'ETHUSDT' })).toEqual(['MARKETS must include BTCUSDT']);
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/tickline',
        DATABASE_URL: 'postgres://u:p@db:5432/tickline',
        LOG_LEVEL: 'warn',
        WS_PORT: '9999',
        DEMO_LIQUIDITY: 'off',
        ACCESS_TOKEN_TTL_SECONDS: '60',
        REFRESH_TOKEN_TTL_SECONDS: '3600',
        RATE_LIMIT_LOGIN: '3/10',
        SECOND_FACTOR_LIMIT: '3/600',
      },
      '/',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/tickline',
      databaseUrl: 'postgres://u:p@db:5432/tickline',
      logLevel: 'warn',
      wsPort: 9999,
      demoLiquidity: false,
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
    });
    expect(config.rateLimits.login).toEqual({ max: 3, windowMs: 10_000 });
    expect(config.secondFactorLimit).toEqual({ max: 3, windowMs: 600_000 });
    expect(loadConfig({}, '/').secondFactorLimit).toEqual({ max: 5, windowMs: 900_000 });
  });

  it('lists every bad variable at once, by name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      TICKLINE_MODE: 'staging',
      DATABASE_URL: 'mysql://x',
      WS_PORT: '70000',
      RATE_LIMIT_LOGIN: 'lots',
      ACCESS_TOKEN_TTL_SECONDS: '0',
      DEMO_LIQUIDITY: 'maybe',
      SECOND_FACTOR_LIMIT: '5/100000',
    });
    expect(problems).toHaveLength(8);
    for (const name of [
      'PORT',
      'TICKLINE_MODE',
      'DATABASE_URL',
      'WS_PORT',
      'RATE_LIMIT_LOGIN',
      'ACCESS_TOKEN_TTL_SECONDS',
      'DEMO_LIQUIDITY',
      'SECOND_FACTOR_LIMIT',
    ])
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
  });

  it('takes the cluster roles with a bus and a shared database, and says what a role list lacks', () => {
    expect(loadConfig({}, '/srv/tickline')).toMatchObject({ roles: 'all', busUrl: undefined });
    const cluster = loadConfig(
      {
        TICKLINE_ROLE: 'api, ws,api',
        BUS_URL: 'nats://bus:4222',
        DATABASE_URL: 'postgres://db/tickline',
        DATABASE_READ_URL: 'postgres://replica/tickline',
        ENGINE_TIMEOUT_MS: '2000',
        ENGINE_MAX_IN_FLIGHT: '500',
      },
      '/srv/tickline',
    );
    expect(cluster).toMatchObject({
      roles: ['api', 'ws'],
      busUrl: 'nats://bus:4222',
      databaseReadUrl: 'postgres://replica/tickline',
      engineTimeoutMs: 2000,
      engineMaxInFlight: 500,
    });
    expect(problemsOf({ TICKLINE_ROLE: 'engine' })).toEqual([
      'BUS_URL is required when TICKLINE_ROLE is not all (nats://host:4222)',
      'DATABASE_URL is required when TICKLINE_ROLE is not all (every role shares one PostgreSQL)',
    ]);
    expect(problemsOf({ TICKLINE_ROLE: 'engine,cache', BUS_URL: 'http://bus' })).toEqual([
      'TICKLINE_ROLE must be all, or a comma list of engine, api, ws and jobs',
      'BUS_URL must be a nats:// address',
    ]);
  });

  it('requires the secrets in production', () => {
    const problems = problemsOf({ TICKLINE_MODE: 'production', ...PRODUCTION_CHAIN });
    expect(problems).toEqual([
      'JWT_SECRET is required in production mode (at least 32 characters)',
      'DEPOSIT_XPUB is required in production mode',
    ]);
    expect(
      problemsOf({ TICKLINE_MODE: 'production', JWT_SECRET: 'short', DEPOSIT_XPUB: 'nope', ...PRODUCTION_CHAIN }),
    ).toHaveLength(2);
    const xpub = accountXpubFromMnemonic('test test test test test test test test test test test junk');
    const secrets = { JWT_SECRET: 'x'.repeat(32), DEPOSIT_XPUB: xpub };
    expect(problemsOf({ TICKLINE_MODE: 'production', ...secrets, ...PRODUCTION_CHAIN })).toEqual([]);
  });
});

/** The chain settings production requires (tested in test/wallet/chain-config.test.ts). */
const PRODUCTION_CHAIN = {
  CHAIN_RPC_URL: 'https://bsc-rpc.example',
  CHAIN_ID: '56',
  USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
  HOT_WALLET_PRIVATE_KEY: `0x${'1'.repeat(64)}`,
};

describe('resolveSecrets', () => {
  it('in demo mode generates secrets once into DATA_DIR/secrets.json (mode 0600) and reuses them', async () => {
    const config = loadConfig({ DATA_DIR: dataDir }, '/');
    const first = await resolveSecrets(config);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.depositXpub).toMatch(/^xpub/);
    expect((await stat(secretsPath(dataDir))).mode & 0o777).toBe(0o600);
    const second = await resolveSecrets(config);
    expect(second).toEqual(first);
    const file = JSON.parse(await readFile(secretsPath(dataDir), 'utf8')) as { depositMnemonic: string };
    expect(accountXpubFromMnemonic(file.depositMnemonic)).toBe(first.depositXpub);
    // Addresses derive from the xpub alone.
    expect(new DepositAddressDeriver(first.depositXpub).addressAt(7)).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it('in production takes the secrets from the configuration and writes nothing', async () => {
    const productionDir = path.join(dataDir, 'production');
    const xpub = accountXpubFromMnemonic('test test test test test test test test test test test junk');
    const config = loadConfig(
      {
        TICKLINE_MODE: 'production',
        DATA_DIR: productionDir,
        JWT_SECRET: 'j'.repeat(40),
        DEPOSIT_XPUB: xpub,
        ...PRODUCTION_CHAIN,
      },
      '/',
    );
    expect(await resolveSecrets(config)).toEqual({
      jwtSecret: 'j'.repeat(40),
      depositXpub: xpub,
      depositMnemonic: undefined,
    });
    await expect(stat(secretsPath(productionDir))).rejects.toThrow();
  });
});
