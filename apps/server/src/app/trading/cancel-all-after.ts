import { alarms, cancelAllAfter, type Pool } from '@tickline/db';
import type { MarketSymbol, UserId } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import { refusalError } from '../engine/command-gateway.ts';
import type { TradingContext } from './core.ts';

/**
 * The dead-man's switch (#29, `POST /order/cancelAllAfter`). The deadline lives in PostgreSQL (cancel_all_after), not
 * in the engine or a timer of the API process: the `cancel-all-after` job reads the passed ones every second wherever
 * it runs, so a switch survives an API or engine restart and an engine failover (a deadline that passed while the
 * engine was away fires as soon as it answers again). A switch is cleared only once every order was cancelled.
 */
export const CANCEL_ALL_AFTER_MIN_MS = 1_000;
export const CANCEL_ALL_AFTER_MAX_MS = 3_600_000;
/** Switches fired per job run; more wait for the next second. */
const FIRED_PER_RUN = 200;

/** Arms or renews the switch (`timeoutMs` from now), or disarms it (0). Answers the deadline. */
export async function setCancelAllAfter(
  pool: Pool,
  clock: Clock,
  userId: UserId,
  timeoutMs: unknown,
): Promise<{ cancelAt: string | null }> {
  if (
    typeof timeoutMs !== 'number' ||
    !Number.isInteger(timeoutMs) ||
    (timeoutMs !== 0 && (timeoutMs < CANCEL_ALL_AFTER_MIN_MS || timeoutMs > CANCEL_ALL_AFTER_MAX_MS))
  )
    throw new AppError(Errors.CANCEL_ALL_AFTER_INVALID);
  if (timeoutMs === 0) {
    await cancelAllAfter.disarmCancelAllAfter(pool, userId);
    return { cancelAt: null };
  }
  const now = clock.now();
  const deadline = new Date(now + timeoutMs);
  await cancelAllAfter.armCancelAllAfter(pool, userId, deadline, new Date(now));
  return { cancelAt: deadline.toISOString() };
}

/**
 * Cancels every open order of the user, in every market or in `symbol`'s; an order that filled or was cancelled
 * meanwhile is not an error.
 */
export async function cancelAllOrders(core: TradingContext, userId: UserId, symbol?: MarketSymbol): Promise<number> {
  let cancelled = 0;
  for (const order of await core.engine.read('openOrders', userId, symbol)) {
    const inMarket = order.symbol === undefined ? {} : { symbol: order.symbol };
    const outcome = await core.engine.send({ type: 'cancelOrder', userId, orderId: order.id, ...inMarket });
    if (outcome.status === 'applied') cancelled += 1;
    else if (outcome.status === 'refused' && outcome.reason !== 'ORDER_NOT_FOUND') throw refusalError(outcome.reason);
  }
  return cancelled;
}

/** The job's run: fires every passed switch; one that fails (engine away) stays armed and is tried again. */
export async function fireExpiredSwitches(
  pool: Pool,
  clock: Clock,
  cancelAll: (userId: UserId) => Promise<number>,
): Promise<number> {
  const expired = await cancelAllAfter.expiredCancelAllAfter(pool, new Date(clock.now()), FIRED_PER_RUN);
  let fired = 0;
  for (const entry of expired) {
    const cancelled = await cancelAll(entry.userId);
    await cancelAllAfter.clearFiredCancelAllAfter(pool, entry);
    const content = `Your cancel-all timer ran out: ${cancelled} open order${cancelled === 1 ? ' was' : 's were'} cancelled.`;
    await alarms.insertAlarm(pool, { userId: entry.userId, content, createdAt: new Date(clock.now()) });
    fired += 1;
  }
  return fired;
}
