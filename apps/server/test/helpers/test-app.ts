import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Pool } from '@tickline/db';
import { resolveConfig, type Exchange, type ExchangeConfig } from '@tickline/engine';
import { createTestDatabase } from '@tickline/db/testing';
import type { Envelope, LoginAnswer } from '@tickline/protocol';
import type { AppServices } from '../../src/app/context.ts';
import { TradingService } from '../../src/app/trading/service.ts';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { buildApp, type AppDeps } from '../../src/http/build-app.ts';
import type { Clock } from '../../src/clock.ts';
import { loadConfig, type Config, type RateLimitName } from '../../src/config.ts';
import { accountXpubFromMnemonic } from '../../src/services/chain/deposit-addresses.ts';
import type { Secrets } from '../../src/services/secrets/secrets.ts';
import type { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { startSequencer } from '../trading/helpers/sequencer.ts';
import { binanceSurface } from '../../src/fapi/plugin.ts';

/** A clock tests move by hand. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function createTestClock(startMs = Date.UTC(2026, 10, 21, 3, 0, 0)): TestClock {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance: (ms) => {
      nowMs += ms;
    },
    set: (ms) => {
      nowMs = ms;
    },
  };
}

export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

export interface TestAppOverrides {
  /** Merged over the test configuration (rate limits are generous unless set here). */
  config?: Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<Config['rateLimits']> };
  clock?: TestClock;
  /** Replacements for the wired services (market data, a stand-in balance reader). */
  services?: Partial<AppServices>;
  /** The trading engine's configuration (round length, fees...). */
  exchangeConfig?: Partial<ExchangeConfig>;
  webDistDir?: string | null;
  /** Told of every route as it is registered. */
  onRoute?: AppDeps['onRoute'];
}

export interface TestApp {
  app: FastifyInstance;
  pool: Pool;
  clock: TestClock;
  config: Config;
  /** The app's database, for a child process (a command-line tool) to use. */
  databaseUrl: string;
  /** The trading core on the app's database, as main.ts wires it. */
  sequencer: Sequencer<Exchange>;
  trading: TradingService;
  /** Stops the app and the sequencer, drops the database and removes the data folder. */
  close(): Promise<void>;
}

/** The secrets of every test app: a second app on the same database (another API node) accepts its tokens. */
export function testSecrets(): Secrets {
  return {
    jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
    depositXpub: accountXpubFromMnemonic(TEST_MNEMONIC),
    depositMnemonic: TEST_MNEMONIC,
  };
}

const GENEROUS_LIMIT = { max: 10_000, windowMs: 60_000 };

/** A real app on its own fresh database and data folder, not listening (use app.inject). */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-server-test-'));
  const base = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const rateLimits = Object.fromEntries(
    (Object.keys(base.rateLimits) as RateLimitName[]).map((name) => [
      name,
      overrides.config?.rateLimits?.[name] ?? GENEROUS_LIMIT,
    ]),
  ) as Config['rateLimits'];
  const config: Config = {
    ...base,
    exchange: resolveConfig(overrides.exchangeConfig),
    ...overrides.config,
    rateLimits,
  };
  const secrets = testSecrets();
  const clock = overrides.clock ?? createTestClock();
  const sequencer = await startSequencer(database.pool, { clock, config: overrides.exchangeConfig });
  const trading = new TradingService(localCommandGateway(sequencer), database.pool);
  const app = await buildApp({
    config,
    pool: database.pool,
    secrets,
    clock,
    logger: false,
    services: { trading, ...overrides.services },
    webDistDir: overrides.webDistDir ?? null,
    onRoute: overrides.onRoute,
    surfaces: [binanceSurface],
  });
  return {
    app,
    pool: database.pool,
    clock,
    config,
    databaseUrl: database.url,
    sequencer,
    trading,
    async close() {
      await app.close();
      await sequencer.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Parses an answer's envelope. */
export function envelope<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json() as Envelope<T>;
}

export async function post<T = unknown>(
  app: FastifyInstance,
  url: string,
  body: unknown,
  accessToken?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body as object,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  return { status: response.statusCode, body: envelope<T>(response) };
}

export async function get<T = unknown>(
  app: FastifyInstance,
  url: string,
  accessToken?: string,
): Promise<{ status: number; body: Envelope<T> }> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  return { status: response.statusCode, body: envelope<T>(response) };
}

/** A small real PNG (or JPEG) made with sharp. */
export function makeImage(format: 'png' | 'jpeg' = 'png', width = 32, height = 24): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  fieldName: string,
  content: Buffer,
  fileName = 'photo.png',
  contentType = 'image/png',
): { payload: Buffer; headers: Record<string, string> } {
  // The payload is a generated image or short text, so a fixed boundary never occurs inside it.
  const boundary = '----tickline-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads an image and answers its reference. */
export async function uploadImage(app: FastifyInstance, content?: Buffer): Promise<string> {
  const { payload, headers } = multipartBody('uploadFile', content ?? (await makeImage()));
  const response = await app.inject({ method: 'POST', url: '/api/v1/upload/images', payload, headers });
  const answer = envelope<{ images: string[] }>(response);
  if (answer.code !== 0) throw new Error(`upload failed: ${answer.code} ${answer.message}`);
  return answer.data!.images[0]!;
}

export const DEFAULT_PASSWORD = 'Secret123!';
let registeredCount = 0;

export interface RegisteredUser {
  userid: string;
  password: string;
  name: string;
  phone: string;
}

/** Registers a user through the API (with a fresh image); answers the credentials used. */
export async function registerUser(
  app: FastifyInstance,
  fields: Partial<RegisteredUser> & { referralCode?: string } = {},
): Promise<RegisteredUser> {
  registeredCount += 1;
  const user = {
    userid: fields.userid ?? `user${registeredCount}@example.com`,
    password: fields.password ?? DEFAULT_PASSWORD,
    name: fields.name ?? `Trader${registeredCount}`,
    phone:
      fields.phone ??
      `010-${String(1000 + registeredCount).padStart(4, '0')}-${String(registeredCount).padStart(4, '0')}`,
  };
  const verificationImage = await uploadImage(app);
  const answer = await post(app, '/auth/register', {
    ...user,
    referralCode: fields.referralCode ?? '',
    verificationImage,
  });
  if (answer.body.code !== 0) throw new Error(`register failed: ${answer.body.code} ${answer.body.message}`);
  return user;
}

/** Logs in through the API; answers the tokens. */
export async function loginAs(app: FastifyInstance, userid: string, password = DEFAULT_PASSWORD): Promise<LoginAnswer> {
  const answer = await post<LoginAnswer>(app, '/auth/login', { userid, password });
  if (answer.body.code !== 0) throw new Error(`login failed: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data!;
}

/** Registers a fresh user and logs in: the usual start of another area's test. */
export async function registerAndLogin(
  app: FastifyInstance,
  fields: Parameters<typeof registerUser>[1] = {},
): Promise<RegisteredUser & LoginAnswer & { userId: number }> {
  const user = await registerUser(app, fields);
  const tokens = await loginAs(app, user.userid, user.password);
  const info = await get<{ no: number }>(app, '/user/info', tokens.accessToken);
  return { ...user, ...tokens, userId: info.body.data!.no };
}

const ACCOUNT_TABLES = ['users', 'sessions', 'refresh_tokens', 'uploads', 'alarms', 'feedback'] as const;

/**
 * Every row of the accounts tables, for "nothing changed" assertions:
 * `const before = await databaseState(pool); ...failing call...; expect(await databaseState(pool)).toEqual(before)`.
 */
export async function databaseState(
  pool: Pool,
  tables: readonly string[] = ACCOUNT_TABLES,
): Promise<Record<string, unknown[]>> {
  const state: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await pool.query(`SELECT * FROM ${table} ORDER BY 1`);
    state[table] = result.rows;
  }
  return state;
}

/**
 * Makes an account an operator's as a process outside the API would (SQL), then tells the authentication cache, as
 * such a process must (docs/decisions.md, #30): the next request reads the role again.
 */
export async function promoteToOperator(
  t: Pick<TestApp, 'pool' | 'app'>,
  who: { userid: string } | { id: number },
): Promise<void> {
  const { rows } = await t.pool.query<{ id: number }>(
    `UPDATE users SET role = 'operator', approve_status = 1 WHERE ${'id' in who ? 'id' : 'userid'} = $1 RETURNING id`,
    ['id' in who ? who.id : who.userid],
  );
  await t.app.context.sessionRevocations.usersChanged(rows.map((row) => row.id));
}
