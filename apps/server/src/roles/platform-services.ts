// The platform's long-lived services, built once from the configuration for whichever roles a process takes: the
// command gateway (the engine here, or over the bus), the trading use cases over it, the chain wallet and the
// market reads. The composition root (platform.ts) hands them to the HTTP app, the websocket gateway and the jobs.
import { closePool, createPool, type Pool } from '@tickline/db';
import type { CommandGateway } from '../app/engine/command-gateway.ts';
import { TradingService } from '../app/trading/service.ts';
import { startWallet, type Wallet } from '../app/wallet/runtime.ts';
import { SequencerWalletLedger } from '../app/wallet/sequencer-ledger.ts';
import { systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { SUBJECTS, encodeJson, type Bus } from '../services/bus/bus.ts';
import type { MarketReads } from '../services/market/reads.ts';
import type { Secrets } from '../services/secrets/secrets.ts';
import { MarketMirror } from './market-mirror.ts';
import { publishWalletEvent } from './user-subjects.ts';

export interface PlatformServices {
  /** The one way to the engine: every command and engine read of this process goes through it. */
  gateway: CommandGateway;
  trading: TradingService;
  /** The chain wallet; null on a cluster node without CHAIN_RPC_URL (the wallet routes answer 1007). */
  wallet: Wallet | null;
  market: MarketReads;
}

export interface ServiceDeps {
  config: Config;
  pool: Pool;
  secrets: Secrets;
  gateway: CommandGateway;
  /** The market service of this process, or null: read from the engine node over the bus. */
  market: MarketReads | null;
  /** The cluster's bus; null in the one process. */
  bus: Bus | null;
  stops: Array<() => Promise<void>>;
}

export async function buildServices(deps: ServiceDeps): Promise<PlatformServices> {
  const { config, pool, bus, stops } = deps;
  // On a cluster's API nodes, history (orders, trades, options, transfers) may come from a read replica.
  const readPool = bus && config.databaseReadUrl ? createPool(config.databaseReadUrl) : pool;
  if (readPool !== pool) stops.push(() => closePool(readPool));
  const trading = new TradingService(deps.gateway, pool, readPool);
  if (bus) shareFreezes(trading, bus, stops);
  const wallet = await startPlatformWallet(deps);
  return {
    gateway: deps.gateway,
    trading,
    wallet,
    market:
      deps.market ??
      new MarketMirror(
        bus!,
        config.markets.map((market) => market.symbol),
      ),
  };
}

/** An operator's freeze on one API node reaches the others' in-memory sets. */
function shareFreezes(trading: TradingService, bus: Bus, stops: Array<() => Promise<void>>): void {
  const stopNews = trading.freezes.onChanged(() => bus.publish(SUBJECTS.freezesChanged, encodeJson(null)));
  const stopReloads = bus.subscribe(
    SUBJECTS.freezesChanged,
    () => void trading.freezes.reload().catch(() => undefined),
  );
  stops.push(async () => {
    stopNews();
    stopReloads();
  });
}

/**
 * The chain wallet, its money through the command gateway. In the one process: the platform's anvil in demo mode
 * (CHAIN_RPC_URL otherwise). On a cluster node: the chain at CHAIN_RPC_URL shared by every node (withdrawal nonces
 * are allocated in PostgreSQL, so any API node may approve), its user events on the bus for the websocket nodes;
 * without CHAIN_RPC_URL (the demo's own anvil belongs to the one process) there is none.
 */
async function startPlatformWallet(deps: ServiceDeps): Promise<Wallet | null> {
  const { config, pool, secrets, bus, stops } = deps;
  if (bus && !config.chain.rpcUrl) {
    console.log('wallet: off in this cluster node (no CHAIN_RPC_URL); the wallet routes answer 1007');
    return null;
  }
  const wallet = await startWallet({
    config: config.chain,
    dataDir: config.dataDir,
    pool,
    clock: systemClock,
    ledger: new SequencerWalletLedger(deps.gateway),
    demoMnemonic: secrets.depositMnemonic,
    depositXpub: secrets.depositXpub,
  });
  stops.push(() => wallet.stop());
  if (!bus) {
    console.log(`Chain: ${wallet.rpcUrl} (chain ${wallet.chainId}), USDT at ${wallet.tokenAddress}`);
    return wallet;
  }
  const stopEvents = wallet.userEvents.on((userId, event, data) => publishWalletEvent(bus, userId, event, data));
  stops.push(async () => stopEvents());
  return wallet;
}
