import type { TriggerRequest } from '@tickline/engine';
import { parsePrice } from '@tickline/money';
import { positiveDecimal, refuse } from './input.ts';

/** registerOrder's trigger fields (#32 item 3), as the route table lets them through. */
export interface TriggerInput {
  triggerType?: unknown;
  triggerBy?: unknown;
  triggerPrice?: unknown;
  callbackRate?: unknown;
  activationPrice?: unknown;
}

const TYPES = ['stop', 'takeProfit', 'trailingStop'] as const;
const BY = ['mark', 'last'] as const;

/**
 * The engine's trigger request, or undefined for a plain order (none of the fields sent). `triggerBy` defaults to
 * the mark. What the engine checks against the state (the range of the callback rate, a price already crossed) it
 * answers itself.
 */
export function triggerOf(input: TriggerInput): TriggerRequest | undefined {
  const { triggerType, triggerBy, triggerPrice, callbackRate, activationPrice } = input;
  if ([triggerType, triggerBy, triggerPrice, callbackRate, activationPrice].every((field) => field === undefined))
    return undefined;
  const type = TYPES.find((name) => name === triggerType);
  const by = triggerBy === undefined ? 'mark' : BY.find((name) => name === triggerBy);
  if (type === undefined || by === undefined) refuse('INVALID_TRIGGER', 'triggerType and triggerBy are required.');
  if (type !== 'trailingStop') {
    if (callbackRate !== undefined || activationPrice !== undefined)
      refuse('INVALID_TRIGGER', 'callbackRate and activationPrice belong to trailing stops.');
    return { type, by, price: positiveDecimal(triggerPrice, parsePrice, 'INVALID_TRIGGER') };
  }
  if (triggerPrice !== undefined) refuse('INVALID_TRIGGER', 'A trailing stop has a callbackRate, not a triggerPrice.');
  if (typeof callbackRate !== 'number' || !Number.isSafeInteger(callbackRate)) refuse('INVALID_CALLBACK_RATE');
  const activation =
    activationPrice === undefined ? null : positiveDecimal(activationPrice, parsePrice, 'INVALID_TRIGGER');
  return { type, by, callbackRateBps: callbackRate, activationPrice: activation };
}
