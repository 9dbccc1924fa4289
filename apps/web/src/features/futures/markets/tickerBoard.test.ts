import { describe, expect, it } from 'vitest';
import type { FuturesMarketAnswer } from '@tickline/protocol';
import { createTickerBoard, seedBoard } from './tickerBoard.ts';

const contract = (symbol: string, lastPrice: number): FuturesMarketAnswer => ({
  symbol,
  lastPrice,
  priceChangePercent: -1.5,
  markPrice: lastPrice,
  indexPrice: lastPrice,
  fundingRate: 0.0001,
  fundingTime: 0,
  highPrice: lastPrice,
  lowPrice: lastPrice,
  volume: 0,
  time: 0,
});

describe('ticker board', () => {
  it('takes the market list as first figures without overwriting a market its stream already gave', () => {
    const flushes: (() => void)[] = [];
    const board = createTickerBoard((flush) => flushes.push(flush));
    board.set('summaries', { ETHUSDT: { lastPrice: 3100, changePercent: 2, markPrice: 3099 } });
    seedBoard(board, [contract('BTCUSDT', 67000), contract('ETHUSDT', 3000)]);
    flushes.forEach((flush) => flush());
    expect(board.get('summaries')).toEqual({
      BTCUSDT: { lastPrice: 67000, changePercent: -1.5, markPrice: 67000 },
      ETHUSDT: { lastPrice: 3100, changePercent: 2, markPrice: 3099 },
    });
  });
});
