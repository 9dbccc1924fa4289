import { USDT_SCALE, parseUsdt } from '@tickline/money';
import type { UserId } from '@tickline/engine';
import { BTCUSDT_SYMBOL_ID } from '../../domain/trading-rules.ts';
import { executeOnce } from './client-order-ids.ts';
import type { TradingContext } from './core.ts';
import { positiveDecimal, refuse } from './input.ts';

const WHOLE_USDT = 10 ** USDT_SCALE;

/** `/optionOrder/register`: a whole-USDT stake from the futures wallet on BTCUSDT. */
export async function registerOption(
  core: TradingContext,
  userId: UserId,
  input: { symbol?: unknown; betType?: unknown; volume?: unknown; clientOrderId?: unknown },
): Promise<{ no: number }> {
  if (input.symbol !== BTCUSDT_SYMBOL_ID && input.symbol !== String(BTCUSDT_SYMBOL_ID))
    refuse('VALIDATION_FAILED', `symbol must be ${BTCUSDT_SYMBOL_ID} (BTCUSDT).`);
  const betType = input.betType;
  if (betType !== 1 && betType !== 2) refuse('OPTION_INVALID_BET_TYPE');
  const stake = positiveDecimal(input.volume, parseUsdt, 'OPTION_INVALID_STAKE');
  if (stake % WHOLE_USDT !== 0) refuse('OPTION_INVALID_STAKE');
  if (await core.freezes.isFrozen(userId)) refuse('TRADING_FROZEN');
  const placed = await executeOnce(core, userId, input.clientOrderId, {
    type: 'placeOptionOrder',
    userId,
    betType,
    stake,
  });
  return { no: placed.optionOrderId };
}
