import type { Pool } from '@tickline/db';
import type { UserBalance } from '@tickline/protocol';
import type { Clock } from '../clock.ts';
import type { AccountThrottle } from './accounts/account-throttle.ts';
import type { SessionRevocations } from './accounts/session-revocations.ts';
import type { Config } from '../config.ts';
import type { DepositAddressDeriver } from '../services/chain/deposit-addresses.ts';
import type { ImageStore } from '../services/uploads/images.ts';
import type { MarketReads } from '../services/market/reads.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import type { AccessTokens } from '../services/auth/tokens.ts';
import type { TradingService } from './trading/service.ts';
import type { Wallet } from './wallet/runtime.ts';
import type { PartnerService } from './partners/service.ts';

/** Source of GET /user/balance: the trading service (the ledger's figures), or a stand-in in a test. */
export interface BalanceReader {
  balanceOf(userId: number): Promise<UserBalance>;
}

/**
 * The long-lived services of the server, wired in one place: the composition root (roles/platform.ts) builds them and
 * passes them to buildApp (tests: test/helpers/test-app.ts). A new area adds its member here, typed, rather than augmenting this interface from its
 * own module; a member that may be absent says so with `| null`.
 */
export interface AppServices {
  /** The sequencer-backed trading use cases: orders, positions, options, transfers, leverage. */
  trading: TradingService;
  /** The trading service unless a test swaps in another reader. */
  balances: BalanceReader;
  /** Market data; null on a server built without it: the market endpoints answer MARKET_DATA_UNAVAILABLE. */
  market: MarketReads | null;
  /** The on-chain wallet (deposits, withdrawals, faucet); null on a server built without a chain: SERVICE_BUSY. */
  wallet?: Wallet | null;
  /** The partner back office: revenue shares, settlements, the manager calls. */
  partners: PartnerService;
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
  /** Failures counted per account (sign-ins, second-factor codes), shared by every API node. */
  accountThrottle: AccountThrottle;
}
