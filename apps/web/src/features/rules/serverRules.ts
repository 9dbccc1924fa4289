// The server's rules (GET /server/config) in the web's integer units (@tickline/money): the client's estimates read
// them from here and keep no copy of a fee, a margin rate, a payout or a limit of their own.
import type { ServerConfigAnswer } from '@tickline/protocol';
import type { MicroUsdt, QtyLots } from '@tickline/money';
import { lotsOf, microsOf } from '../../lib/units.ts';

export interface MaintenanceTier {
  /** Upper bound of the tier's notional, inclusive; null for the last tier. */
  maxNotional: MicroUsdt | null;
  ratePpm: number;
}

export interface TradingRules {
  makerFeePpm: number;
  takerFeePpm: number;
  maintenanceTiers: MaintenanceTier[];
  leverage: { min: number; max: number; default: number };
  lotSize: QtyLots;
  minOrderQty: QtyLots;
  maxOrderQty: QtyLots;
}

export interface OptionRules {
  cutoffMs: number;
  payoutRateBps: number;
}

export interface WalletRules {
  withdrawalFee: MicroUsdt;
  withdrawalMinimum: MicroUsdt;
  withdrawalMaximum: MicroUsdt;
  faucet: boolean;
}

export interface ServerRules {
  trading: TradingRules;
  option: OptionRules;
  wallet: WalletRules;
}

export function serverRulesOf(answer: ServerConfigAnswer): ServerRules {
  const { futures, option, wallet } = answer;
  return {
    trading: {
      makerFeePpm: futures.makerFeeRatePpm,
      takerFeePpm: futures.takerFeeRatePpm,
      maintenanceTiers: futures.maintenanceTiers.map((tier) => ({
        maxNotional: tier.maxNotional === null ? null : microsOf(tier.maxNotional),
        ratePpm: tier.ratePpm,
      })),
      leverage: futures.leverage,
      lotSize: Math.max(1, lotsOf(futures.lotSize)),
      minOrderQty: lotsOf(futures.minOrderQty),
      maxOrderQty: lotsOf(futures.maxOrderQty),
    },
    option: { cutoffMs: option.cutoffMs, payoutRateBps: option.payoutRateBps },
    wallet: {
      withdrawalFee: microsOf(wallet.withdrawalFee),
      withdrawalMinimum: microsOf(wallet.withdrawalMinimum),
      withdrawalMaximum: microsOf(wallet.withdrawalMaximum),
      faucet: wallet.faucet,
    },
  };
}

/** The maintenance rate of a position of `notional` (the first tier that holds it). */
export function maintenanceRatePpm(tiers: readonly MaintenanceTier[], notional: MicroUsdt): number {
  for (const tier of tiers) if (tier.maxNotional === null || notional <= tier.maxNotional) return tier.ratePpm;
  return tiers.at(-1)?.ratePpm ?? 0;
}
