import { describe, expect, it } from 'vitest';
import type { MicroUsdt, PriceTicks, QtyLots } from '../src/index.ts';

// The units are types: the lines marked @ts-expect-error must not compile, and `npm run typecheck` (run by CI) fails
// if one of them ever does, i.e. if a unit stops being told apart from another.
const pay = (amount: MicroUsdt): MicroUsdt => amount;
const quote = (price: PriceTicks): PriceTicks => price;

describe('money units as types', () => {
  it('keep a price, a quantity and an amount apart, while plain numbers still fit', () => {
    const price: PriceTicks = 6_700_000;
    const qty: QtyLots = 25;
    // @ts-expect-error a price in ticks is not an amount of micro-USDT
    expect(pay(price)).toBe(6_700_000);
    // @ts-expect-error a quantity in lots is not a price
    expect(quote(qty)).toBe(25);
    // A literal or a computed number is any unit's: notional (µUSDT) = ticks × lots, exactly.
    expect(pay(price * qty)).toBe(167_500_000);
  });
});
