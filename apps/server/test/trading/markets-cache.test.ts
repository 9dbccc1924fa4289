// The market list a trading call checks a named symbol against is read from the engine once, not per call (#30); an
// unknown symbol is still refused, and a failed read is not kept.
import { describe, expect, it } from 'vitest';
import type { TradingContext } from '../../src/app/trading/core.ts';
import { requestedMarket } from '../../src/app/trading/markets.ts';
import { AppError } from '../../src/domain/errors.ts';

function coreReading(answers: Array<() => Promise<unknown>>): { core: TradingContext; reads: () => number } {
  let reads = 0;
  const engine = {
    read: (name: string) => {
      expect(name).toBe('markets');
      return answers[Math.min(reads++, answers.length - 1)]!();
    },
  };
  return { core: { engine, pool: null, freezes: null } as unknown as TradingContext, reads: () => reads };
}

const BTC = { symbol: 'BTCUSDT' };
const ETH = { symbol: 'ETHUSDT' };

describe('the market list of trading calls', () => {
  it('is read once for many calls naming a symbol, and still refuses a symbol the engine does not run', async () => {
    const { core, reads } = coreReading([async () => [BTC, ETH]]);
    expect(await requestedMarket(core, 'ethusdt')).toEqual(ETH);
    expect(await requestedMarket(core, 'BTCUSDT')).toEqual(BTC);
    await expect(requestedMarket(core, 'DOGEUSDT')).rejects.toBeInstanceOf(AppError);
    expect(await requestedMarket(core, undefined)).toBeUndefined();
    expect(reads()).toBe(1);
  });

  it('reads again after a failed read instead of keeping the failure', async () => {
    const { core, reads } = coreReading([() => Promise.reject(new Error('no engine')), async () => [BTC]]);
    await expect(requestedMarket(core, 'BTCUSDT')).rejects.toThrow('no engine');
    expect(await requestedMarket(core, 'BTCUSDT')).toEqual(BTC);
    expect(reads()).toBe(2);
  });
});
