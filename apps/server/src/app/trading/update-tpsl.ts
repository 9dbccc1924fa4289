import { parsePrice } from '@tickline/money';
import type { UserId } from '@tickline/engine';
import { executeOnce } from './client-order-ids.ts';
import type { TradingContext } from './core.ts';
import { nonNegativeDecimal } from './input.ts';
import { requestedMarket, symbolField } from './markets.ts';

/** `/order/updateTpsl`. Missing, null, empty or zero ("0.00", as the position shows an unset one) clears a trigger. */
export async function updateTpSl(
  core: TradingContext,
  userId: UserId,
  input: { takeProfit?: unknown; stopLoss?: unknown; clientOrderId?: unknown; symbol?: unknown },
): Promise<void> {
  const trigger = (value: unknown) =>
    value === undefined || value === null || value === ''
      ? null
      : nonNegativeDecimal(value, parsePrice, 'INVALID_TP_SL') || null;
  const takeProfit = trigger(input.takeProfit);
  const stopLoss = trigger(input.stopLoss);
  const market = await requestedMarket(core, input.symbol);
  await executeOnce(core, userId, input.clientOrderId, {
    type: 'setTpSl',
    userId,
    takeProfit,
    stopLoss,
    ...symbolField(market),
  });
}
