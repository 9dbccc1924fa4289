import { parseQty } from '@tickline/money';
import type { UserId } from '@tickline/engine';
import { executeOnce } from './client-order-ids.ts';
import type { TradingContext } from './core.ts';
import { positiveDecimal } from './input.ts';
import { requestedMarket, symbolField } from './markets.ts';

/** `/order/closePosition`: closes `volume` of the caller's position (in `symbol`'s market, default BTCUSDT) at market. */
export async function closePosition(
  core: TradingContext,
  userId: UserId,
  volume: unknown,
  clientOrderId?: unknown,
  symbol?: unknown,
): Promise<void> {
  const qty = positiveDecimal(volume, parseQty, 'INVALID_QUANTITY');
  const market = await requestedMarket(core, symbol);
  await executeOnce(core, userId, clientOrderId, { type: 'closePosition', userId, qty, ...symbolField(market) });
}
