// The wallet screens' amount maths, on integers of micro-USDT (@tickline/money). The withdrawal's fee is the server's
// (GET /server/config), charged on top of the amount; withdrawals are whole USDT, transfers go to the cent.
import { add, divide, multiply, subtract, toDecimalString, USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { parseAmountInput } from '../../../lib/amountInput.ts';

const ONE_USDT_MICRO = 10 ** USDT_SCALE;
/** Transfers take amounts to the cent, as balances are shown (the server takes up to 6 decimals). */
export const TRANSFER_SCALE = 2;
const ONE_CENT_MICRO = 10 ** (USDT_SCALE - TRANSFER_SCALE);

/** What a withdrawal of `amountText` takes from the spot wallet: the amount plus `fee`; 0 while nothing is typed. */
export function withdrawalDebit(amountText: string, fee: MicroUsdt): MicroUsdt {
  if (amountText === '') return 0;
  return add(parseAmountInput(amountText, USDT_SCALE), fee);
}

/** The whole USDT of `available`, rounded down (never more than the wallet holds), as the field's text. */
export function wholeUsdtText(available: MicroUsdt): string {
  return String(divide(Math.max(0, available), ONE_USDT_MICRO, 'floor'));
}

/** Withdraw All (#28 item 4): the most whole USDT whose debit, fee included, the spot balance covers. */
export function withdrawAllText(spot: MicroUsdt, fee: MicroUsdt): string {
  return wholeUsdtText(subtract(spot, fee));
}

/** MAX of a transfer: `available` to the cent, rounded down, without trailing zeros. */
export function transferMaxText(available: MicroUsdt): string {
  const cents = divide(Math.max(0, available), ONE_CENT_MICRO, 'floor');
  return toDecimalString(multiply(cents, ONE_CENT_MICRO), USDT_SCALE);
}
