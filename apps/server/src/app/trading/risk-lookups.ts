import { Account, type PositionState } from '@tickline/engine';
import type { MicroUsdt, PriceTicks } from '@tickline/money';
import { readEngine, type TradingCore } from './core.ts';

export interface RiskSnapshot {
  markPrice: PriceTicks | null;
  indexPrice: PriceTicks | null;
  insuranceFund: MicroUsdt;
  optionPool: MicroUsdt;
  positions: PositionState[];
}

/** The engine's open positions, prices and house balances at one committed batch (the operators' risk panel). */
export function riskSnapshot(core: TradingCore): Promise<RiskSnapshot> {
  return readEngine(core, (engine) => ({
    markPrice: engine.markPrice,
    indexPrice: engine.indexPrice,
    insuranceFund: engine.accountBalance(Account.insuranceFund),
    optionPool: engine.accountBalance(Account.optionPool),
    positions: engine.positions(),
  }));
}
