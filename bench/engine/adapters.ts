/**
 * One harness, two books: both adapters replay the same operation stream through their own public API.
 */
import { OrderBook as PeerOrderBook } from 'nodejs-order-book';
import { FastOrderBook } from '../../packages/engine/src/book/fast-book.ts';
import type { MatchListener } from '../../packages/engine/src/book/order-book.ts';
import { OP_CANCEL, OP_IOC, OP_LIMIT, OP_MARKET, OP_MOVE, type OperationStream } from './workloads.ts';

export interface BookAdapter {
  apply(stream: OperationStream, index: number): void;
  /** Total resting quantity per side, to check both books did the same work. */
  restingQty(): { bids: number; asks: number };
}

/** Accepts every fill; counts them so the work cannot be optimised away. */
class CountingListener implements MatchListener {
  fills = 0;
  onSelfTradeCancel(): void {}
  acceptFill(_orderId: number, _ownerId: number, _price: number, qty: number): number {
    return qty;
  }
  onFill(): void {
    this.fills++;
  }
}

export class TicklineAdapter implements BookAdapter {
  private readonly book = new FastOrderBook();
  private readonly listener = new CountingListener();

  apply(stream: OperationStream, index: number): void {
    const id = stream.id[index] as number;
    const side = stream.side[index] as 1 | 2;
    const price = stream.price[index] as number;
    const qty = stream.qty[index] as number;
    switch (stream.kind[index]) {
      case OP_LIMIT:
        this.limit(id, side, price, qty);
        return;
      case OP_IOC:
        this.book.matchIncoming(side, id, price, qty, this.listener);
        return;
      case OP_MARKET:
        this.book.matchIncoming(side, 0, side === 1 ? Number.MAX_SAFE_INTEGER : 0, qty, this.listener);
        return;
      case OP_CANCEL:
        this.book.cancel(id);
        return;
      case OP_MOVE:
        if (this.book.cancel(id)) this.limit(id, side, price, qty);
        return;
    }
  }

  private limit(id: number, side: 1 | 2, price: number, qty: number): void {
    const left = this.book.matchIncoming(side, id, price, qty, this.listener);
    if (left > 0) this.book.add(id, id, side, price, left);
  }

  restingQty() {
    const sum = (levels: Array<[number, number]>) => levels.reduce((total, [, qty]) => total + qty, 0);
    return {
      bids: sum(this.book.depth(1, Number.MAX_SAFE_INTEGER)),
      asks: sum(this.book.depth(2, Number.MAX_SAFE_INTEGER)),
    };
  }
}

/** nodejs-order-book takes string ids; they are made once, outside the timing. */
const idStrings: string[] = [];
export function prepareIdStrings(maxId: number): void {
  for (let i = idStrings.length; i <= maxId; i++) idStrings.push(String(i));
}

const SIDE_NAMES = ['', 'buy', 'sell'] as const;

export class PeerAdapter implements BookAdapter {
  private readonly book = new PeerOrderBook();

  apply(stream: OperationStream, index: number): void {
    const id = idStrings[stream.id[index] as number] as string;
    const side = SIDE_NAMES[stream.side[index] as 1 | 2] as never;
    const price = stream.price[index] as number;
    const size = stream.qty[index] as number;
    switch (stream.kind[index]) {
      case OP_LIMIT:
        this.book.limit({ side, id, size, price });
        return;
      case OP_IOC:
        this.book.limit({ side, id, size, price, timeInForce: 'IOC' as never });
        return;
      case OP_MARKET:
        this.book.market({ side, size });
        return;
      case OP_CANCEL:
        this.book.cancel(id);
        return;
      case OP_MOVE:
        if (this.book.cancel(id)) this.book.limit({ side, id, size, price });
        return;
    }
  }

  restingQty() {
    const [asks, bids] = this.book.depth();
    const sum = (levels: Array<[number, number]>) => levels.reduce((total, [, qty]) => total + qty, 0);
    return { bids: sum(bids), asks: sum(asks) };
  }
}
