// Order entry over the websocket as a program sends it (#30 item 3): four lanes pipelined on each socket, so the
// run's 32 requests in flight (the same as the HTTP rows' 32 connections) travel on 8 sockets, a trader each in turn.
import { wsOrderEntry } from './order-ws.ts';

export const workload = wsOrderEntry(
  'orderWebsocketPipelined',
  'placeOrder then cancelOrder over the websocket, four lanes in flight per socket (8 sockets for 32 lanes)',
  4,
);
