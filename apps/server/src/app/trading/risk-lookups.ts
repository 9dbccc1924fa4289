import type { EngineReads } from '../engine/engine-link.ts';
import type { TradingContext } from './core.ts';

export type RiskSnapshot = EngineReads['risk'];

/** The engine's open positions, prices and house balances at one committed batch (the operators' risk panel). */
export function riskSnapshot(core: TradingContext): Promise<RiskSnapshot> {
  return core.engine.read('risk');
}
