/**
 * Turns the sequencer's committed batches into user-stream events, in the same shapes as the REST answers
 * (app/trading/views.ts): `order` (a resting order's view plus status), `position` (view, or null when closed),
 * `optionOrder`, `alarm` (liquidation, TP/SL and option result notices, as stored: {kind, content, insertDate}) and
 * `balance` (a hint to reload
 * /user/balance: the amounts need the whole wallet, which the batch does not carry).
 */
import { symbolOf, userIdOfAccount, type EngineEvent, type Posting } from '@tickline/engine';
import type { NoticeAlarm } from '../domain/notices.ts';
import type { UserEventKind } from '@tickline/protocol';
import { openOrderView, optionOrderView, positionView } from '../app/trading/views.ts';

/** `symbol`: the market of an order or position event (#34), sent as the message's `symbol`. */
export type PublishToUser = (userId: number, event: UserEventKind, data: unknown, symbol?: string) => unknown;

/** User events on the bus (engine node → websocket nodes): [user, kind, data] or [user, kind, data, symbol]. */
export type UserEventTuple = [number, UserEventKind, unknown] | [number, UserEventKind, unknown, string];

export function publishCommittedBatch(
  batch: { events: readonly EngineEvent[]; postings: readonly Posting[]; alarms: readonly NoticeAlarm[] },
  publish: PublishToUser,
): void {
  for (const event of batch.events) {
    switch (event.type) {
      case 'order':
        publish(
          event.order.userId,
          'order',
          { ...openOrderView(event.order), orderPath: event.order.orderPath, status: event.order.status },
          symbolOf(event.order),
        );
        break;
      case 'position':
        // A closed position's data is null: the message's symbol names its market.
        publish(event.userId, 'position', event.position ? positionView(event.position) : null, symbolOf(event));
        break;
      case 'optionOrder':
        publish(event.order.userId, 'optionOrder', optionOrderView(event.order));
        break;
      default:
        break;
    }
  }
  for (const alarm of batch.alarms)
    publish(alarm.userId, 'alarm', {
      kind: alarm.kind,
      content: alarm.content,
      insertDate: new Date(alarm.createdAtMs).toISOString(),
    });
  const usersWithMovedMoney = new Set<number>();
  for (const posting of batch.postings) {
    for (const account of [posting.debit, posting.credit]) {
      const userId = userIdOfAccount(account);
      if (userId !== null) usersWithMovedMoney.add(userId);
    }
  }
  for (const userId of usersWithMovedMoney) publish(userId, 'balance', { changed: true });
}
