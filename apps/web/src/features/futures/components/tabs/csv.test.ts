import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FuturesHistoryRow } from '@tickline/protocol';
import type { FundingRow } from '@tickline/protocol/routes';
import { csvDecimal } from '../../../../lib/csv.ts';
import { fundingCsv, orderHistoryCsv } from './csv.ts';

const order = (over: Partial<FuturesHistoryRow> = {}): FuturesHistoryRow => ({
  no: 7,
  symbol: 'BTCUSDT',
  insertDate: '2026-11-26T10:00:00.000Z',
  orderPath: 1,
  position: 1,
  price: 67000.5,
  closePrice: 0,
  volume: 0.0001,
  openOrderFee: 0.0000001 * 10,
  closeOrderFee: 0,
  realizedProfit: -1.25,
  ...over,
});

const funding = (over: Partial<FundingRow> = {}): FundingRow => ({
  symbol: 'BTCUSDT',
  time: '2026-11-26T08:00:00.000Z',
  fundingRate: 0.0001,
  position: 1,
  volume: 0.5,
  markPrice: 67000.25,
  amount: -3.350012,
  ...over,
});

describe('order history CSV', () => {
  it('has the history header plus Status and tells cancelled orders from fills', () => {
    const lines = orderHistoryCsv([order(), order({ no: 8, status: 'cancelled', volume: 0.25, symbol: 'ETHUSDT' })])
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Time,Symbol,Type,Side,Price,Close Price,Amount,Fee (USDT),Realized PnL (USDT),Status');
    expect(lines[1]).toBe('2026-11-26T10:00:00.000Z,BTCUSDT,LIMIT,BUY,67000.5,0,0.0001,0.000001,-1.25,FILLED');
    expect(lines[2]).toBe('2026-11-26T10:00:00.000Z,ETHUSDT,LIMIT,BUY,67000.5,0,0.25,0.000001,-1.25,CANCELLED');
  });

  it('writes the close fee for a close (seed 000 §9)', () => {
    const line = orderHistoryCsv([order({ position: 4, closeOrderFee: 0.5, closePrice: 68000 })]).split('\n')[1];
    expect(line).toBe('2026-11-26T10:00:00.000Z,BTCUSDT,LIMIT,CLOSE,67000.5,68000,0.0001,0.5,-1.25,FILLED');
  });
});

describe('funding CSV', () => {
  it('has the header and exact signed decimals, never an exponent', () => {
    const lines = fundingCsv([
      funding(),
      funding({ symbol: 'SOLUSDT', position: 2, fundingRate: 0.000001, amount: 0.000001 }),
    ])
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      'Time,Symbol,Side,Size,Mark Price,Funding Rate,Amount (USDT)',
      '2026-11-26T08:00:00.000Z,BTCUSDT,LONG,0.5,67000.25,0.0001,-3.350012',
      '2026-11-26T08:00:00.000Z,SOLUSDT,SHORT,0.5,67000.25,0.000001,0.000001',
    ]);
  });
});

describe('csvDecimal', () => {
  it('prints any signed amount at its scale exactly as its integer minor units say', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const text = csvDecimal(units / 10 ** scale, scale);
        expect(text).toMatch(/^-?\d+(\.\d*[1-9])?$/);
        const [whole = '', fraction = ''] = text.replace('-', '').split('.');
        const back = BigInt(whole + fraction.padEnd(scale, '0')) * (text.startsWith('-') ? -1n : 1n);
        expect(back).toBe(BigInt(units));
      }),
    );
  });
});
