// Order entry as the order workloads send it: a resting bid far below the market (0.0001 BTC at 1x), then its
// cancel, alternating on one connection; each is one request and one command through the engine.
import { outcomeOf, type Envelope } from '../http-connection.ts';
import type { RequestOutcome } from './types.ts';

type Send = (path: string, body: unknown) => Promise<Envelope>;

/** The connection's `next`: a place, or the cancel of the order the last place opened. */
export function orderCycle(send: Send, seed: number): () => Promise<RequestOutcome> {
  let step = seed;
  let open: number | null = null;
  return async () => {
    if (open !== null) {
      const answer = await send('/api/v1/order/cancel', { no: open });
      open = null;
      return outcomeOf(answer);
    }
    step += 7;
    const answer = await send('/api/v1/order/registerOrder', {
      leverage: 1,
      volume: '0.0001',
      type: 2,
      position: 1,
      orderPath: 1,
      price: (20_000 + (step % 5_000) / 10).toFixed(1),
    });
    if (answer.code !== 0) return { ok: false, code: String(answer.code) };
    open = (answer.data as { no: number }).no;
    return { ok: true };
  };
}
