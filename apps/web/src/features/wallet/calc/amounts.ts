// The wallet screens' amount maths, on integers of micro-USDT (@tickline/money): the seed's amount fields take whole
// USDT, the withdrawal fee is added on top.
import { add, divide, USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { parseAmountInput } from '../../../lib/amountInput.ts';

/** Seed 001 §9: the network fee of a withdrawal, 5 USDT, charged on top of the amount. */
export const WITHDRAW_FEE_MICRO: MicroUsdt = 5_000_000;
const ONE_USDT_MICRO = 10 ** USDT_SCALE;

/** What a withdrawal of `amountText` takes from the spot wallet: the amount plus the fee; 0 while nothing is typed. */
export function withdrawalDebit(amountText: string): MicroUsdt {
  if (amountText === '') return 0;
  return add(parseAmountInput(amountText, USDT_SCALE), WITHDRAW_FEE_MICRO);
}

/** The MAX button's text: the whole USDT of `available`, rounded down (never more than the wallet holds). */
export function wholeUsdtText(available: MicroUsdt): string {
  return String(divide(Math.max(0, available), ONE_USDT_MICRO, 'floor'));
}
