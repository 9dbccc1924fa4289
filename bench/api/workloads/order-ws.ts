// Order entry over the platform's websocket (#30 item 3): the same alternating place and cancel as the HTTP order
// workloads, each sent as a `{id, method, params}` frame on a socket signed in once with a trader's session. One
// request in flight per socket here; `order-ws-pipelined.ts` puts several connections' requests on one socket, as a
// program does (ws-orders.ts measures the pipelined case against a running platform on its own).
import WebSocket from 'ws';
import { TicklineSocket, type SocketConstructor } from '@tickline/client';
import type { Envelope } from '../http-connection.ts';
import { orderCycle } from './order-cycle.ts';
import type { Workload, WorkloadContext } from './types.ts';

const METHOD_OF_PATH = { '/api/v1/order/registerOrder': 'placeOrder', '/api/v1/order/cancel': 'cancelOrder' } as const;

/**
 * Connections `lanesPerSocket` at a time share one socket (connection `index` is lane `index % lanesPerSocket` of
 * socket `floor(index / lanesPerSocket)`, each socket a trader of its own in turn); each lane has one request in
 * flight, so the run's requests in flight stay the connection count whatever the lanes.
 */
export function wsOrderEntry(name: string, request: string, lanesPerSocket: number): Workload {
  const sockets = new Map<number, Promise<TicklineSocket>>();
  const lanesOpen = new Map<number, number>();
  const socketOf = (ctx: WorkloadContext, group: number) => {
    let socket = sockets.get(group);
    if (!socket) {
      const trader = ctx.traders[group % ctx.traders.length]!;
      socket = TicklineSocket.connect({
        url: ctx.wsUrl,
        auth: { accessToken: trader.accessToken },
        WebSocket: WebSocket as unknown as SocketConstructor,
        timeoutMs: 30_000,
      });
      sockets.set(group, socket);
    }
    return socket;
  };
  return {
    name,
    request,
    async open(ctx, index) {
      const group = Math.floor(index / lanesPerSocket);
      lanesOpen.set(group, (lanesOpen.get(group) ?? 0) + 1);
      const socket = await socketOf(ctx, group);
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
        close: async () => {
          // The socket's last lane open closes it.
          const left = lanesOpen.get(group)! - 1;
          lanesOpen.set(group, left);
          if (left === 0) socket.close();
        },
      };
    },
  };
}

export const workload = wsOrderEntry(
  'orderWebsocket',
  'placeOrder then cancelOrder over the websocket, alternating, one in flight per socket (session login)',
  1,
);
