// Order entry over the platform's websocket (#30 item 3): the same alternating place and cancel as the HTTP order
// workloads, one request in flight per connection, each sent as a `{id, method, params}` frame on a socket signed in
// once with the trader's session (ws-orders.ts measures the pipelined case on its own).
import WebSocket from 'ws';
import { TicklineSocket, type SocketConstructor } from '@tickline/client';
import type { Envelope } from '../http-connection.ts';
import { orderCycle } from './order-cycle.ts';
import type { Workload } from './types.ts';

const METHOD_OF_PATH = { '/api/v1/order/registerOrder': 'placeOrder', '/api/v1/order/cancel': 'cancelOrder' } as const;

export const workload: Workload = {
  name: 'orderWebsocket',
  request: 'placeOrder then cancelOrder over the websocket, alternating, one in flight per socket (session login)',
  async open(ctx, index) {
    const trader = ctx.traders[index % ctx.traders.length]!;
    const socket = await TicklineSocket.connect({
      url: ctx.wsUrl,
      auth: { accessToken: trader.accessToken },
      WebSocket: WebSocket as unknown as SocketConstructor,
      timeoutMs: 30_000,
    });
    const send = async (path: string, body: unknown): Promise<Envelope> => {
      const method = METHOD_OF_PATH[path as keyof typeof METHOD_OF_PATH];
      try {
        return { code: 0, data: await socket.request(method, body as never) };
      } catch (error) {
        return { code: (error as { code?: number }).code ?? 'transport' };
      }
    };
    return {
      next: orderCycle(send, index * 103 + 51),
      close: () => Promise.resolve(socket.close()),
    };
  },
};
