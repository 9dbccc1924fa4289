import type { EngineReads } from './engine-access.ts';
import { readEngine, type TradingCore } from './core.ts';

export type RiskSnapshot = EngineReads['risk'];

/** The engine's open positions, prices and house balances at one committed batch (the operators' risk panel). */
export function riskSnapshot(core: TradingCore): Promise<RiskSnapshot> {
  return readEngine(core, 'risk');
}
