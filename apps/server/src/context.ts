import type { Pool } from '@tickline/db';
import type { LoginThrottle } from './app/accounts/login-throttle.ts';
import type { SessionRevocations } from './app/accounts/session-revocations.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { BalanceReader } from './services/balances.ts';
import type { DepositAddressDeriver } from './services/deposit-addresses.ts';
import type { ImageStore } from './services/images.ts';
import type { LeverageService } from './services/leverage.ts';
import type { Secrets } from './services/secrets.ts';
import type { AccessTokens } from './services/tokens.ts';

/**
 * Replaceable services. Other areas add their own members here (one line each), or extend it from their
 * module with `declare module '../app.ts'`-style merging on this interface.
 */
export interface AppServices {
  balances: BalanceReader;
  leverage: LeverageService;
}

/** Everything a route plugin or use case needs; built once by buildApp. */
export interface AppContext {
  config: Config;
  pool: Pool;
  clock: Clock;
  secrets: Secrets;
  services: AppServices;
  accessTokens: AccessTokens;
  depositAddresses: DepositAddressDeriver;
  images: ImageStore;
  /** Sessions ended in this process (the websocket gateway ends their user streams). */
  sessionRevocations: SessionRevocations;
  loginThrottle: LoginThrottle;
}
