import { findAppliedCommand, findOrderOfUser } from '@tickline/db';
import { formatQty } from '@tickline/money';
import type { Command, CommandValue, UserId } from '@tickline/engine';
import { Errors, type ClientOrderLookup } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { refusalError } from '../engine/command-gateway.ts';
import type { TradingContext } from './core.ts';

/**
 * Client order ids (#29): the one place that makes an order path idempotent. A command sent with a client order id
 * goes to the sequencer under the idempotency key `client-order:<user>:<id>`, which the sequencer records with the
 * command's answer in the same commit (command_keys). A repeat of an applied id places nothing and answers what the
 * first one answered, so a program that got 1010 (outcome unknown) may simply send the same request again. A refused
 * command records nothing: its id stays free, as nothing was placed.
 */

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,36}$/;

/** A valid client order id, undefined when none was sent; anything else is CLIENT_ORDER_ID_INVALID. */
export function clientOrderIdOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !CLIENT_ORDER_ID.test(value)) throw new AppError(Errors.CLIENT_ORDER_ID_INVALID);
  return value;
}

export function clientOrderKey(userId: UserId, clientOrderId: string): string {
  return `client-order:${userId}:${clientOrderId}`;
}

/** The gateway's `execute`, at most once per client order id of the user; a repeat answers the first command's result. */
export async function executeOnce<C extends Command>(
  core: TradingContext,
  userId: UserId,
  clientOrderId: unknown,
  command: C,
): Promise<CommandValue<C['type']>> {
  const id = clientOrderIdOf(clientOrderId);
  if (id === undefined) return core.engine.execute(command);
  const key = clientOrderKey(userId, id);
  const outcome = await core.engine.send(command, { idempotencyKey: key });
  if (outcome.status === 'applied') return outcome.value;
  if (outcome.status === 'refused') throw refusalError(outcome.reason);
  // A duplicate is not a refusal here: it is answered with the first command's result.
  return (await firstCommand(core, key)).result as CommandValue<C['type']>;
}

const REPLICA_WAITS_MS = [0, 50, 200, 500, 1_000];

/**
 * The command applied under `key`. A duplicate is answered after the first command's batch committed, so its record
 * is in the primary at once; `core.pool` may be a read replica on a cluster's API nodes, which may lag a moment.
 */
async function firstCommand(core: TradingContext, key: string) {
  for (const waitMs of REPLICA_WAITS_MS) {
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    const first = await findAppliedCommand(core.pool, key);
    if (first) return first;
  }
  throw new AppError(Errors.ENGINE_OUTCOME_UNKNOWN);
}

/** `GET /order/lookup?clientOrderId=`: what the command sent with that id did, and its futures order as it is now. */
export async function lookupClientOrder(
  core: TradingContext,
  userId: UserId,
  clientOrderId: unknown,
): Promise<ClientOrderLookup> {
  const id = clientOrderIdOf(clientOrderId);
  if (id === undefined) throw new AppError(Errors.CLIENT_ORDER_ID_INVALID);
  const applied = await findAppliedCommand(core.pool, clientOrderKey(userId, id));
  if (!applied) throw new AppError(Errors.CLIENT_ORDER_NOT_FOUND);
  const result = (applied.result ?? {}) as { orderId?: number; optionOrderId?: number };
  const no = result.orderId ?? result.optionOrderId ?? null;
  const order =
    applied.commandType === 'placeOrder' && no !== null ? await findOrderOfUser(core.pool, userId, no) : null;
  return {
    clientOrderId: id,
    kind: applied.commandType,
    no,
    createdAt: applied.createdAt.toISOString(),
    order: order ? { status: order.status, qty: formatQty(order.qty), filledQty: formatQty(order.filledQty) } : null,
  };
}
