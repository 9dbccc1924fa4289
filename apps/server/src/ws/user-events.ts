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

/** One user's part of a committed batch (#30): what that user's streams need, sent on the user's own bus subject. */
export interface UserBatch {
  /** The user's order, position and option order events, and the trades of the batch that filled their orders. */
  events: EngineEvent[];
  alarms: NoticeAlarm[];
  /** Money moved on one of the user's accounts (a `balance` hint). */
  moneyMoved: boolean;
}

type CommittedBatch = { events: readonly EngineEvent[]; postings: readonly Posting[]; alarms: readonly NoticeAlarm[] };

export function publishCommittedBatch(batch: CommittedBatch, publish: PublishToUser): void {
  for (const event of batch.events) publishEvent(event, publish);
  for (const alarm of batch.alarms) publishAlarm(alarm, publish);
  for (const userId of usersWithMovedMoney(batch.postings)) publish(userId, 'balance', { changed: true });
}

/** The same events as `publishCommittedBatch` gives this user, from the user's part of the batch. */
export function publishUserBatch(userId: number, batch: UserBatch, publish: PublishToUser): void {
  for (const event of batch.events) publishEvent(event, publish);
  for (const alarm of batch.alarms) publishAlarm(alarm, publish);
  if (batch.moneyMoved) publish(userId, 'balance', { changed: true });
}

/** A committed batch split by user: only users with something for their streams. */
export function splitByUser(batch: CommittedBatch): Map<number, UserBatch> {
  const users = new Map<number, UserBatch>();
  const of = (userId: number) => {
    let part = users.get(userId);
    if (!part) users.set(userId, (part = { events: [], alarms: [], moneyMoved: false }));
    return part;
  };
  for (const event of batch.events) {
    if (event.type === 'order' || event.type === 'optionOrder') of(event.order.userId).events.push(event);
    else if (event.type === 'position') of(event.userId).events.push(event);
  }
  for (const alarm of batch.alarms) of(alarm.userId).alarms.push(alarm);
  for (const userId of usersWithMovedMoney(batch.postings)) of(userId).moneyMoved = true;
  // The fills of each user's orders (the /fapi stream's ORDER_TRADE_UPDATE reports them).
  for (const event of batch.events) {
    if (event.type !== 'trade') continue;
    const { makerUserId, takerUserId } = event.trade;
    users.get(makerUserId)?.events.push(event);
    if (takerUserId !== makerUserId) users.get(takerUserId)?.events.push(event);
  }
  return users;
}

function publishEvent(event: EngineEvent, publish: PublishToUser): void {
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

function publishAlarm(alarm: NoticeAlarm, publish: PublishToUser): void {
  publish(alarm.userId, 'alarm', {
    kind: alarm.kind,
    content: alarm.content,
    insertDate: new Date(alarm.createdAtMs).toISOString(),
  });
}

function usersWithMovedMoney(postings: readonly Posting[]): Set<number> {
  const users = new Set<number>();
  for (const posting of postings) {
    for (const account of [posting.debit, posting.credit]) {
      const userId = userIdOfAccount(account);
      if (userId !== null) users.add(userId);
    }
  }
  return users;
}
